import { randomBytes } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Language } from "#domain/language";
import { RATE_CARD } from "#domain/promotion-pricing";
import { DIGEST_SCHEDULE, nextWeeklyRunAfter } from "#domain/schedule";
import type { Database, DatabaseHandle } from "#server/db/client";
import {
  categories,
  events,
  interests,
  jobs,
  mailboxMessages,
  newsletterSubscriptions,
  profiles,
  promotionCampaigns,
  scheduledTasks,
  userInterests,
} from "#server/db/schema";
import { readConfig } from "#server/env";
import { createJobHandlers } from "#server/jobs/job-handlers";
import { runDueJobs } from "#server/jobs/run-due-jobs";
import { runDueScheduledTasks, SCHEDULED_TASKS } from "#server/jobs/scheduled-tasks";
import { createLogger } from "#server/logger";
import { DIGEST_WORDS } from "#server/mail/digest-email";
import { createMailboxMailer } from "#server/mail/mailer";
import { createSandboxProvider } from "#server/payments/sandbox-provider";
import { getReceivesDigest, setReceivesDigest, unsubscribeFromDigest } from "#server/services/newsletter";
import { purchaseCampaign } from "#server/services/promotions";
import { queueWeeklyDigest, SEND_DIGEST_EMAIL_JOB } from "#server/services/weekly-digest";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { insertEventWithTicketTypes, insertUser } from "#tests/support/ticket-factories";

/**
 * The weekly digest from its scheduled task to the mailbox: who gets one, what it lists in which
 * order, in which language, and that its unsubscribe link works.
 */
const SITE = readConfig({ NODE_ENV: "test" }).publicUrl;
const logger = createLogger({ mode: "test", logLevel: "silent" });
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

let handle: DatabaseHandle;
let db: Database;
const now = new Date(Math.floor(Date.now() / 60_000) * 60_000);

/** Titles of the sample events, by what they are for. */
const TITLES = {
  promoted: "Digest Promoted Tech Summit",
  homepageOnly: "Homepage Promoted Jazz Night",
  music: "Upcoming Music Festival",
  tech: "Upcoming Tech Meetup",
  endedCampaign: "Ended Campaign Hackathon",
  private: "Private Music Party",
  past: "Past Music Concert",
  draft: "Draft Music Recital",
} as const;

interface Recipients {
  music: { userId: string; email: string };
  tech: { userId: string; email: string };
  off: { userId: string; email: string };
  noInterest: { userId: string; email: string };
  arabic: string;
  amharic: string;
  pending: string;
  gone: string;
}
let people: Recipients;

async function addEvent(
  title: string,
  category: number,
  startsInMs: number,
  extra: Partial<typeof events.$inferInsert> = {},
) {
  const made = await insertEventWithTicketTypes(db, {
    title,
    startsAt: new Date(now.getTime() + startsInMs),
    ticketTypes: [{ name: "General admission", priceCents: 2_500, quantity: 50 }],
  });
  await db
    .update(events)
    .set({ categoryId: category, ...extra })
    .where(eq(events.id, made.eventId));
  return made;
}

async function addCampaign(
  event: { eventId: number; organizerId: string },
  types: string[],
  extra: Partial<typeof promotionCampaigns.$inferInsert> = {},
) {
  await db.insert(promotionCampaigns).values({
    eventId: event.eventId,
    organizerId: event.organizerId,
    types,
    days: 7,
    budgetCents: 50_000,
    priceCents: 10_000,
    startsAt: new Date(now.getTime() - DAY_MS),
    endsAt: new Date(now.getTime() + 6 * DAY_MS),
    paidAt: new Date(now.getTime() - DAY_MS),
    ...extra,
  });
}

async function addPerson(language: Language, interestKeys: string[], receivesDigest = true) {
  const person = await insertUser(db);
  await db
    .update(profiles)
    .set({ preferredLanguage: language, receivesDigest })
    .where(eq(profiles.userId, person.userId));
  if (interestKeys.length > 0) {
    await db.insert(userInterests).values(interestKeys.map((interest) => ({ userId: person.userId, interest })));
  }
  return person;
}

async function addSubscription(email: string, language: Language, state: "confirmed" | "pending" | "gone") {
  await db.insert(newsletterSubscriptions).values({
    email,
    language,
    tokenHash: randomBytes(32).toString("hex"),
    confirmedAt: state === "pending" ? null : new Date(now.getTime() - 7 * DAY_MS),
    unsubscribedAt: state === "gone" ? new Date(now.getTime() - DAY_MS) : null,
  });
}

beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.db;
  const [music, technology] = await db
    .insert(categories)
    .values([
      { key: "music", name: "Music", icon: "music", position: 1 },
      { key: "technology", name: "Technology", icon: "cpu", position: 2 },
    ])
    .returning({ id: categories.id });
  await db.insert(interests).values([
    { key: "music", name: "Music", position: 1 },
    { key: "technology", name: "Technology", position: 2 },
  ]);

  const promoted = await addEvent(TITLES.promoted, technology!.id, 10 * DAY_MS);
  await addCampaign(promoted, ["digest", "homepage"]);
  const homepageOnly = await addEvent(TITLES.homepageOnly, music!.id, 1 * DAY_MS);
  await addCampaign(homepageOnly, ["homepage"]);
  await addEvent(TITLES.music, music!.id, 2 * DAY_MS);
  await addEvent(TITLES.tech, technology!.id, 3 * DAY_MS);
  const endedCampaign = await addEvent(TITLES.endedCampaign, technology!.id, 4 * DAY_MS);
  await addCampaign(endedCampaign, ["digest"], { endedAt: new Date(now.getTime() - HOUR_MS) });
  await addEvent(TITLES.private, music!.id, 2 * DAY_MS, { isPublic: false });
  await addEvent(TITLES.past, music!.id, -2 * DAY_MS);
  await addEvent(TITLES.draft, music!.id, 2 * DAY_MS, { status: "draft" });

  const tech = await addPerson("en", ["technology"]);
  people = {
    music: await addPerson("fr", ["music"]),
    tech,
    off: await addPerson("en", ["music"], false),
    noInterest: await addPerson("en", []),
    arabic: "reader.ar@example.com",
    amharic: "reader.am@example.com",
    pending: "pending@example.com",
    gone: "gone@example.com",
  };
  await addSubscription(people.arabic, "ar", "confirmed");
  await addSubscription(people.amharic, "am", "confirmed");
  await addSubscription(people.pending, "fr", "pending");
  await addSubscription(people.gone, "fr", "gone");
  // The account with interests also subscribed by address: one digest, the account's.
  await addSubscription(tech.email.toUpperCase(), "fr", "confirmed");
});
afterAll(() => handle?.close());

async function runJobs(at: Date) {
  const handlers = createJobHandlers({ db, mailer: createMailboxMailer(db), siteUrl: SITE });
  return runDueJobs(db, { handlers, logger }, at);
}

async function mailTo(address: string) {
  return db
    .select()
    .from(mailboxMessages)
    .where(sql`lower(${mailboxMessages.toAddress}) = ${address.toLowerCase()}`)
    .orderBy(mailboxMessages.id);
}

/** The titles a digest lists, in the order it lists them. */
function titlesIn(text: string): string[] {
  return Object.values(TITLES)
    .filter((title) => text.includes(title))
    .sort((a, b) => text.indexOf(a) - text.indexOf(b));
}

function unsubscribeTokenIn(text: string): string {
  const match = /\/newsletter\?unsubscribe=([^\s"&<]+)/.exec(text);
  if (!match) throw new Error("The digest has no unsubscribe link.");
  return decodeURIComponent(match[1]!);
}

describe(`the weekly digest on the ${testDatabaseKind()} database`, () => {
  it("is started by its scheduled task and sends one e-mail per recipient, promoted events first, in each one's language", async () => {
    await db.insert(scheduledTasks).values({ name: "weekly_digest", nextRunAt: new Date(now.getTime() - 60_000) });
    expect(await runDueScheduledTasks(db, SCHEDULED_TASKS, now)).toEqual(["weekly_digest"]);
    const ran = await runJobs(new Date(now.getTime() + 5_000));
    expect(ran.filter((job) => job.outcome !== "done")).toEqual([]);

    const sendJobs = await db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.kind, SEND_DIGEST_EMAIL_JOB));
    expect(sendJobs).toHaveLength(4);
    const all = await db.select({ to: mailboxMessages.toAddress }).from(mailboxMessages);
    expect(all.map((message) => message.to.toLowerCase()).sort()).toEqual(
      [people.music.email, people.tech.email, people.arabic, people.amharic].sort(),
    );

    const [toMusic] = await mailTo(people.music.email);
    expect(toMusic!.subject).toBe(DIGEST_WORDS.fr.subject);
    expect(titlesIn(toMusic!.text)).toEqual([TITLES.promoted, TITLES.homepageOnly, TITLES.music]);
    expect(toMusic!.text).toContain(DIGEST_WORDS.fr.promoted);
    expect(toMusic!.text).toContain(DIGEST_WORDS.fr.upcomingInterests);

    const [toTech] = await mailTo(people.tech.email);
    expect(toTech!.subject).toBe(DIGEST_WORDS.en.subject);
    // The promoted event is listed once, in its place at the top, though it matches the interest too.
    expect(titlesIn(toTech!.text)).toEqual([TITLES.promoted, TITLES.tech, TITLES.endedCampaign]);
    expect(toTech!.text.split(TITLES.promoted)).toHaveLength(2);

    for (const [address, language] of [
      [people.arabic, "ar"],
      [people.amharic, "am"],
    ] as const) {
      const [message] = await mailTo(address);
      expect(message!.subject).toBe(DIGEST_WORDS[language].subject);
      expect(message!.html).toContain(`lang="${language}"`);
      expect(message!.text).toContain(DIGEST_WORDS[language].upcomingSubscriber);
      // Subscribers have no interests: every upcoming public event, soonest first.
      expect(titlesIn(message!.text)).toEqual([
        TITLES.promoted,
        TITLES.homepageOnly,
        TITLES.music,
        TITLES.tech,
        TITLES.endedCampaign,
      ]);
    }
    expect(await mailTo(people.off.email)).toEqual([]);
    expect(await mailTo(people.noInterest.email)).toEqual([]);
    expect(await mailTo(people.pending)).toEqual([]);
    expect(await mailTo(people.gone)).toEqual([]);

    const messages = await db.select().from(mailboxMessages);
    for (const message of messages) {
      const token = unsubscribeTokenIn(message.text);
      expect(message.html).toContain(`href="${SITE}/newsletter?unsubscribe=`);
      expect(unsubscribeTokenIn(message.html)).toBe(token);
      expect(message.html).toContain(`${SITE}/events/`);
    }

    // Queueing the same run again (a retried job) sends nothing twice.
    const [weekly] = await db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.kind, "weekly_digest"));
    expect(await queueWeeklyDigest(db, weekly!.payload, now)).toBe(0);
    expect(
      (await db.select().from(scheduledTasks).where(eq(scheduledTasks.name, "weekly_digest")))[0]!.nextRunAt.getTime(),
    ).toBeGreaterThan(now.getTime());
  });

  it("unsubscribes with the link of any digest: an account's digest is turned off, a subscription ended", async () => {
    const [toMusic] = await mailTo(people.music.email);
    const [toArabic] = await mailTo(people.arabic);
    const later = new Date(now.getTime() + HOUR_MS);
    expect(await unsubscribeFromDigest(db, unsubscribeTokenIn(toMusic!.text), later)).toBe("done");
    expect(await getReceivesDigest(db, { userId: people.music.userId })).toBe(false);
    expect(await unsubscribeFromDigest(db, unsubscribeTokenIn(toArabic!.text), later)).toBe("done");
    const [arabic] = await db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, people.arabic));
    expect(arabic!.unsubscribedAt).toEqual(later);
    // A link followed twice says the same; a tampered one is refused.
    expect(await unsubscribeFromDigest(db, unsubscribeTokenIn(toArabic!.text), later)).toBe("done");
    const token = unsubscribeTokenIn(toArabic!.text);
    expect(await unsubscribeFromDigest(db, `${token.slice(0, -4)}AAAA`, later)).toBe("invalid");

    const secondRun = new Date(now.getTime() + 2 * HOUR_MS);
    const queued = await queueWeeklyDigest(db, { runAt: secondRun.toISOString() }, secondRun);
    expect(queued).toBe(2);
    const recipients = await db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(sql`${jobs.kind} = ${SEND_DIGEST_EMAIL_JOB} and ${jobs.payload}->>'runAt' = ${secondRun.toISOString()}`);
    expect(recipients.map((job) => job.payload.userId ?? "subscription").sort()).toEqual(
      [people.tech.userId, "subscription"].sort(),
    );

    // Turned off after the run was queued: its e-mail is not sent.
    await setReceivesDigest(db, { userId: people.tech.userId }, false);
    const [{ lastId } = { lastId: 0 }] = await db
      .select({ lastId: sql<number>`coalesce(max(${mailboxMessages.id}), 0)::int` })
      .from(mailboxMessages);
    await runJobs(new Date(secondRun.getTime() + 5_000));
    const sent = await db
      .select({ to: mailboxMessages.toAddress })
      .from(mailboxMessages)
      .where(sql`${mailboxMessages.id} > ${lastId}`);
    expect(sent.map((message) => message.to)).toEqual([people.amharic]);
  });

  it("leaves a recipient out when there is nothing to tell", async () => {
    const everything = await db.select({ id: events.id }).from(events);
    await db
      .update(events)
      .set({ status: "draft" })
      .where(
        inArray(
          events.id,
          everything.map((row) => row.id),
        ),
      );
    const runAt = new Date(now.getTime() + 14 * DAY_MS);
    // Only the Amharic subscriber is left: the account that turned its digest off gets none through its
    // address's newsletter subscription either.
    expect(await queueWeeklyDigest(db, { runAt: runAt.toISOString() }, runAt)).toBe(1);
    const before = (await db.select({ id: mailboxMessages.id }).from(mailboxMessages)).length;
    await runJobs(new Date(runAt.getTime() + 5_000));
    expect(await db.select({ id: mailboxMessages.id }).from(mailboxMessages)).toHaveLength(before);
  });

  it("lists every campaign paid for the edition first, however many, and no unpaid event before them", async () => {
    // The edition the campaigns below pay for: the first Monday 14:00 UTC from now on.
    const edition = nextWeeklyRunAfter(new Date(now.getTime() - 1), DIGEST_SCHEDULE.weekday, DIGEST_SCHEDULE.hour);
    const [technology] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.key, "technology"));
    const unpaid = ["Unpaid Sooner Meetup", "Bought After The Edition Expo"];
    await addEvent(unpaid[0]!, technology!.id, 9 * DAY_MS);
    const late = await addEvent(unpaid[1]!, technology!.id, 8 * DAY_MS);
    await addCampaign(late, ["digest"], {
      startsAt: new Date(edition.getTime() + 60_000),
      endsAt: new Date(edition.getTime() + 7 * DAY_MS),
    });
    // More paid campaigns than a digest used to hold, bought as organizers buy them.
    const paid = [
      "Paid Showcase One",
      "Paid Showcase Two",
      "Paid Showcase Three",
      "Paid Showcase Four",
      "Paid Showcase Five",
    ];
    for (const [index, title] of paid.entries()) {
      const made = await addEvent(title, technology!.id, (11 + index) * DAY_MS);
      const bought = await purchaseCampaign(
        db,
        createSandboxProvider(),
        { userId: made.organizerId },
        { eventId: made.eventId, types: ["digest"], days: 7, budgetCents: 100_00 },
        { now, siteUrl: SITE, card: { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2040, cvc: "123" } },
      );
      // Any 7 days hold one edition: this one.
      expect(bought).toMatchObject({ outcome: "paid", campaign: { priceCents: RATE_CARD.digest.cents } });
    }
    // Running at the edition's instant, ended (by its job) before the e-mails went out: still in it.
    const endedSince = "Ended Since The Edition Gala";
    const endedSinceEvent = await addEvent(endedSince, technology!.id, 16 * DAY_MS);
    await addCampaign(endedSinceEvent, ["digest"], {
      startsAt: new Date(edition.getTime() - HOUR_MS),
      endsAt: new Date(edition.getTime() + 60_000),
      endedAt: new Date(edition.getTime() + 60_000),
    });

    expect(await queueWeeklyDigest(db, { runAt: edition.toISOString() }, new Date(edition.getTime() + 1_000))).toBe(1);
    // The e-mails go out minutes after the edition's instant.
    await runJobs(new Date(edition.getTime() + 5 * 60_000));
    const digest = (await mailTo(people.amharic)).at(-1)!;
    const titles = [...paid, endedSince, ...unpaid]
      .filter((title) => digest.text.includes(title))
      .sort((a, b) => digest.text.indexOf(a) - digest.text.indexOf(b));
    // Every paid one first, soonest first; then the upcoming events, soonest first, though they start sooner.
    expect(titles).toEqual([...paid, endedSince, unpaid[1], unpaid[0]]);
  });
});
