import { randomUUID } from "node:crypto";
import { and, eq, gt, inArray } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as unfollowPage from "#app/routes/unfollow";
import type { Database, DatabaseHandle } from "#server/db/client";
import { eventSaves, events, jobs, mailboxMessages, organizerFollows, profiles } from "#server/db/schema";
import { readConfig } from "#server/env";
import { createJobHandlers } from "#server/jobs/job-handlers";
import { runDueJobs } from "#server/jobs/run-due-jobs";
import { createLogger } from "#server/logger";
import { createMailboxMailer } from "#server/mail/mailer";
import {
  FOLLOWED_EVENTS_EMAILS_JOB,
  queueFollowedEventsEmails,
  SEND_FOLLOWED_EVENTS_EMAIL_JOB,
} from "#server/services/followed-events-emails";
import { queueSavedReminders, SEND_SAVED_REMINDER_EMAIL_JOB } from "#server/services/saved-reminders";
import { announceToFollowers, followOrganizer, saveEvent } from "#server/services/saves-follows";
import { unfollowToken } from "#server/services/unfollow-token";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { insertEventWithTicketTypes, insertUser } from "#tests/support/ticket-factories";

/**
 * The e-mails of saved events and followed organizers, from their scheduled jobs to the mailbox: the
 * day-before reminder (once, in the person's language, at the event's local time, never for a cancelled
 * event, not to those who turned it off) and the daily batch of followed organizers' new events (one
 * e-mail listing them all, its one-click unfollow link, the setting respected).
 */
const config = readConfig({ NODE_ENV: "test" });
const SITE = config.publicUrl;
const logger = createLogger({ mode: "test", logLevel: "silent" });
let handle: DatabaseHandle;
let db: Database;

beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.db;
});
afterAll(() => handle?.close());

const runJobs = (at: Date) =>
  runDueJobs(db, { handlers: createJobHandlers({ db, mailer: createMailboxMailer(db), siteUrl: SITE }), logger }, at);

const mailTo = (email: string) => db.select().from(mailboxMessages).where(eq(mailboxMessages.toAddress, email));

async function person(options: { language?: "en" | "fr"; reminders?: boolean; followed?: boolean } = {}) {
  const user = await insertUser(db, { name: `Person ${randomUUID().slice(0, 4)}` });
  await db
    .update(profiles)
    .set({
      preferredLanguage: options.language ?? "en",
      emailSavedReminders: options.reminders ?? true,
      emailFollowedOrganizers: options.followed ?? true,
    })
    .where(eq(profiles.userId, user.userId));
  return user;
}

// Saturday 2026-12-05 at 19:00 in Washington; its reminder is due from 9:00 there on Friday the 4th.
const STARTS_AT = new Date("2026-12-06T00:00:00Z");
const FRIDAY_10AM = new Date("2026-12-04T15:00:00Z");

describe(`saved events' reminders on the ${testDatabaseKind()} database`, () => {
  it("queues each reminder once, the day before, in the person's language with the event's local time", async () => {
    const { eventId } = await insertEventWithTicketTypes(db, {
      title: "Gala on the Potomac",
      startsAt: STARTS_AT,
      ticketTypes: [{ name: "General", priceCents: 0, quantity: 50 }],
    });
    const { eventId: cancelled } = await insertEventWithTicketTypes(db, {
      startsAt: STARTS_AT,
      ticketTypes: [{ name: "General", priceCents: 0, quantity: 50 }],
    });
    const [english, french, quiet] = [
      await person(),
      await person({ language: "fr" }),
      await person({ reminders: false }),
    ];
    const saveAt = new Date("2026-11-20T12:00:00Z");
    for (const who of [english, french, quiet]) await saveEvent(db, who, eventId, saveAt);
    await saveEvent(db, english, cancelled, saveAt);
    await db.update(events).set({ status: "cancelled" }).where(eq(events.id, cancelled));

    expect(await queueSavedReminders(db, new Date("2026-12-04T13:59:00Z"))).toBe(0); // 8:59 there
    expect(await queueSavedReminders(db, FRIDAY_10AM)).toBe(2);
    expect(await queueSavedReminders(db, new Date("2026-12-04T16:00:00Z"))).toBe(0); // already done
    const marked = await db.select().from(eventSaves).where(eq(eventSaves.eventId, eventId));
    expect(marked.every((save) => save.remindedAt !== null)).toBe(true); // the quiet one too: never later
    const queued = await db.select().from(jobs).where(eq(jobs.kind, SEND_SAVED_REMINDER_EMAIL_JOB));
    expect(queued.map((job) => (job.payload as { userId: string }).userId).toSorted()).toEqual(
      [english.userId, french.userId].toSorted(),
    );

    await runJobs(FRIDAY_10AM);
    const [toEnglish] = await mailTo(english.email);
    expect(toEnglish?.subject).toBe("Tomorrow: Gala on the Potomac");
    expect(toEnglish?.text).toContain("Saturday, December 5, 2026 at 07:00 PM EST");
    expect(toEnglish?.text).toContain(`${SITE}/events/${eventId}`);
    const [toFrench] = await mailTo(french.email);
    expect(toFrench?.subject).toBe("Demain : Gala on the Potomac");
    expect(toFrench?.text).toMatch(/samedi 5 décembre 2026 (à )?19:00 UTC−5/);
    expect(await mailTo(quiet.email)).toEqual([]);
  });
});

describe("followed organizers' new events by e-mail", () => {
  it("sends each follower one e-mail a day listing every new event, with a working one-click unfollow link", async () => {
    const organizer = await insertUser(db, { role: "organizer", name: "Selam Events" });
    const [keen, quiet] = [await person(), await person({ followed: false })];
    const morning = new Date("2026-12-10T13:00:00Z");
    for (const who of [keen, quiet]) await followOrganizer(db, who, organizer.userId, morning);
    const titles = ["Injera Workshop", "Tizita Night"];
    for (const title of titles) {
      const { eventId } = await insertEventWithTicketTypes(db, {
        title,
        organizerId: organizer.userId,
        startsAt: new Date("2026-12-20T23:00:00Z"),
        ticketTypes: [{ name: "General", priceCents: 0, quantity: 50 }],
      });
      await announceToFollowers(db, eventId, morning);
    }
    const runAt = "2026-12-10T15:00:00.000Z";
    expect(await queueFollowedEventsEmails(db, { runAt })).toBe(1);
    expect(await queueFollowedEventsEmails(db, { runAt })).toBe(0); // a retry of the run
    // The next day's run has nothing new to tell.
    expect(await queueFollowedEventsEmails(db, { runAt: "2026-12-11T15:00:00.000Z" })).toBe(0);
    const queued = await db.select().from(jobs).where(eq(jobs.kind, SEND_FOLLOWED_EVENTS_EMAIL_JOB));
    expect(queued.map((job) => (job.payload as { userId: string }).userId)).toEqual([keen.userId]);

    await runJobs(new Date(runAt));
    const sent = await mailTo(keen.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe("New events from organizers you follow");
    for (const title of titles) expect(sent[0]!.text).toContain(title);
    expect(await mailTo(quiet.email)).toEqual([]);

    const link = /Stop following \u2068?Selam Events\u2069?: (\S+)/u.exec(sent[0]!.text)?.[1];
    expect(link).toBeDefined();
    const token = new URL(link!).searchParams.get("token")!;
    const loaded = (await unfollowPage.loader({
      request: new Request(link!),
      params: {},
      context: pageContext(),
    } as never)) as { data: { organizerName: string | null } };
    expect(loaded.data.organizerName).toBe("Selam Events"); // opening the link changes nothing
    expect(await following(keen.userId, organizer.userId)).toBe(true);
    const done = (await unfollowPage.action({
      request: new Request(`${SITE}/unfollow`, { method: "POST", body: new URLSearchParams({ token }) }),
      params: {},
      context: pageContext(),
    } as never)) as { data: { done: boolean } };
    expect(done.data.done).toBe(true);
    expect(await following(keen.userId, organizer.userId)).toBe(false);
  });

  it("refuses a forged or foreign token, unfollowing nobody", async () => {
    const organizer = await insertUser(db, { role: "organizer" });
    const follower = await person();
    await followOrganizer(db, follower, organizer.userId, new Date());
    const genuine = await unfollowToken(db, { followerId: follower.userId, organizerId: organizer.userId });
    const [header, , signature] = genuine.split(".");
    const forged = `${header}.${Buffer.from(JSON.stringify({ sub: `f:${follower.userId}:${randomUUID()}`, aud: "unfollow-organizer" })).toString("base64url")}.${signature}`;
    for (const token of [forged, "not-a-token", ""]) {
      const answer = (await unfollowPage.action({
        request: new Request(`${SITE}/unfollow`, { method: "POST", body: new URLSearchParams({ token }) }),
        params: {},
        context: pageContext(),
      } as never)) as { data: { done: boolean }; init: { status: number } };
      expect(answer.init?.status, JSON.stringify(answer)).toBe(400);
    }
    expect(await following(follower.userId, organizer.userId)).toBe(true);
  });

  it("is started by its daily scheduled task for the day up to the task's instant", async () => {
    const before = await db.select().from(jobs).where(eq(jobs.kind, FOLLOWED_EVENTS_EMAILS_JOB));
    const { SCHEDULED_TASKS } = await import("#server/jobs/scheduled-tasks");
    const task = SCHEDULED_TASKS.find((one) => one.name === "followed_events_emails")!;
    expect(task.nextRunAfter(new Date("2026-12-10T15:00:00Z")).toISOString()).toBe("2026-12-11T15:00:00.000Z");
    await task.start(db, new Date("2026-12-11T15:00:02Z"), new Date("2026-12-11T15:00:00Z"));
    const after = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, FOLLOWED_EVENTS_EMAILS_JOB), gt(jobs.id, before.at(-1)?.id ?? 0)));
    expect(after.map((job) => job.payload)).toEqual([{ runAt: "2026-12-11T15:00:00.000Z" }]);
  });
});

const following = async (followerId: string, organizerId: string) =>
  (
    await db
      .select()
      .from(organizerFollows)
      .where(and(eq(organizerFollows.followerId, followerId), inArray(organizerFollows.organizerId, [organizerId])))
  ).length === 1;

function pageContext(): AppLoadContext {
  return { db, config, cspNonce: "", requestId: randomUUID(), viewer: null } as unknown as AppLoadContext;
}
