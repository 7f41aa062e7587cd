import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { z } from "zod";
import { EMAIL_SETTINGS } from "#domain/email-settings";
import { NOTIFICATION_KINDS } from "#domain/notification";
import { parseRecordId } from "#domain/record-id";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import type { AppEnv } from "#server/http/app-env";
import { limitBody, readJsonBody } from "#server/http/json-body";
import { getEmailSettings, updateEmailSettings } from "#server/services/email-preferences";
import {
  listMyNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  NOTIFICATIONS_PER_PAGE,
  type InboxNotification,
} from "#server/services/notification-inbox";
import { PRIVATE_CACHE } from "./cache-control";
import { recordIdParameter } from "./common-parameters";
import { error, problem } from "./error-answers";
import { invalidInput } from "./invalid-input";
import { operationRoute } from "./operation-route";
import { privateOperation } from "./private-operation";
import { requireActor } from "./require-actor";
import { count, id, instant } from "./schema-primitives";

const MAX_PAGE = 10_000;

const notification = z
  .object({
    id,
    kind: z.enum(NOTIFICATION_KINDS),
    data: z
      .record(z.string(), z.unknown())
      .describe(
        "What the kind carries: followed_event {eventId, eventTitle, organizerName}; badge_earned {badge}; " +
          "review_answered {reviewId, eventId, eventTitle}; review_posted {reviewId, eventId, eventTitle, rating}; " +
          "order_changed {orderId, eventTitle, change: confirmed | cancelled | refunded | event_changed | " +
          "event_cancelled}; waitlist_offer {eventId, eventTitle, orderId}; promoter_invited {eventId, eventTitle}.",
      ),
    readAt: instant.nullable().describe("When it was read; null while unread."),
    createdAt: instant,
  })
  .describe("Something that happened to the signed-in person, as the bell lists it.");

const EXAMPLE_NOTIFICATION = {
  id: 41,
  kind: "order_changed",
  data: { orderId: "0b9e4f5c-8d2a-4e61-9c3b-7a5d1e2f3a4b", eventTitle: "Jazz on the Wharf", change: "confirmed" },
  readAt: null,
  createdAt: "2026-11-27T01:12:40.000Z",
};

const emailSettings = z
  .object(Object.fromEntries(EMAIL_SETTINGS.map((setting) => [setting, z.boolean()])))
  .describe(
    "One switch per optional e-mail: digest (the weekly digest, off until turned on), savedReminders, " +
      "followedOrganizers, reviews, badges, promoters, planning (tasks of saved event plans due soon). Receipts, tickets, changes to one's orders and " +
      "account e-mails are always sent and have no switch.",
  );
const EXAMPLE_SETTINGS = {
  digest: false,
  savedReminders: true,
  followedOrganizers: true,
  reviews: true,
  badges: false,
  promoters: true,
  planning: true,
};

/** Named schemas of the answers: components.schemas of the document. */
export const NOTIFICATION_SCHEMAS = {
  Notification: notification,
  NotificationList: z
    .object({
      data: z.array(notification),
      page: z.int().min(1),
      pageCount: z.int().min(1),
      total: count,
      unread: count.describe("How many of all of them are unread."),
    })
    .meta({
      description: `The signed-in person's notifications, newest first, ${NOTIFICATIONS_PER_PAGE} a page.`,
      examples: [{ data: [EXAMPLE_NOTIFICATION], page: 1, pageCount: 1, total: 1, unread: 1 }],
    }),
  NotificationResponse: z
    .object({ data: notification })
    .meta({ examples: [{ data: { ...EXAMPLE_NOTIFICATION, readAt: "2026-11-27T02:00:00.000Z" } }] }),
  NotificationsMarkedRead: z
    .object({ data: z.object({ marked: count.describe("How many were unread until now.") }) })
    .meta({ examples: [{ data: { marked: 3 } }] }),
  EmailSettings: z.object({ data: emailSettings }).meta({ examples: [{ data: EXAMPLE_SETTINGS }] }),
} satisfies Record<string, z.ZodType>;

const emailSettingsInput = z
  .object(Object.fromEntries(EMAIL_SETTINGS.map((setting) => [setting, z.boolean().optional()])))
  .strict();

/** The request bodies, as JSON Schema in the document (components.schemas). */
export const NOTIFICATION_REQUEST_BODIES = {
  EmailSettingsInput: emailSettingsInput.describe(
    "The settings to change, each true or false; the ones left out stay as they are. An unknown setting " +
      "or a value that is not a boolean is refused (400) with the field named.",
  ),
} satisfies Record<string, z.ZodType>;

const SETTINGS_BODY_SHAPE = 'The body must be JSON: {"digest": true, "badges": false}.';

const listMyNotificationsRoute = operationRoute(
  "get",
  "/notifications",
  privateOperation(
    {
      operationId: "listMyNotifications",
      summary: "My notifications",
      description:
        `The signed-in person's notifications (the site's bell), newest first, ${NOTIFICATIONS_PER_PAGE} a page, ` +
        "with how many there are and how many are unread. A page past the last answers the last.",
      tags: ["Notifications"],
      parameters: [
        {
          name: "page",
          in: "query",
          required: false,
          description: "Which page, from 1.",
          schema: { type: "integer", minimum: 1, maximum: MAX_PAGE, default: 1 },
          example: 1,
        },
      ],
    },
    { description: "One page of notifications.", schema: "NotificationList" },
    {
      "400": error("A page that is not a number from 1 (code invalid, fields page).", {
        page: {
          summary: "Not a page number",
          value: problem("invalid", "Bad page.", { page: "Too small: expected number to be >=1" }),
        },
      }),
    },
  ),
);

const markNotificationReadRoute = operationRoute(
  "post",
  "/notifications/{id}/read",
  privateOperation(
    {
      operationId: "markNotificationRead",
      summary: "Mark a notification read",
      description:
        "Marks one of the signed-in person's notifications read; marking it again changes nothing. " +
        "Someone else's notification answers 404, as one that does not exist.",
      tags: ["Notifications"],
      parameters: [recordIdParameter("The notification's number.")],
    },
    { description: "The notification, read.", schema: "NotificationResponse" },
    {
      "404": error("No notification of the signed-in person has this number (code not_found).", {
        not_found: { summary: "No such notification", value: problem("not_found", "No notification 41.") },
      }),
    },
  ),
);

const markAllNotificationsReadRoute = operationRoute(
  "post",
  "/notifications/read",
  privateOperation(
    {
      operationId: "markAllNotificationsRead",
      summary: "Mark all notifications read",
      description: "Marks every unread notification of the signed-in person read; answers how many were unread.",
      tags: ["Notifications"],
    },
    { description: "How many were marked read.", schema: "NotificationsMarkedRead" },
  ),
);

const getMyEmailSettingsRoute = operationRoute(
  "get",
  "/email-settings",
  privateOperation(
    {
      operationId: "getMyEmailSettings",
      summary: "My e-mail settings",
      description: "Which optional e-mails the signed-in person gets (the site's /dashboard/settings/emails).",
      tags: ["Notifications"],
    },
    { description: "The settings.", schema: "EmailSettings" },
  ),
);

const updateMyEmailSettingsRoute = operationRoute(
  "patch",
  "/email-settings",
  privateOperation(
    {
      operationId: "updateMyEmailSettings",
      summary: "Change my e-mail settings",
      description:
        "Turns optional e-mails on or off: the settings given change, the others stay. Answers with all of them.",
      tags: ["Notifications"],
      body: { schema: "EmailSettingsInput", example: { digest: true, badges: false } },
    },
    { description: "All the settings, as saved.", schema: "EmailSettings" },
    {
      "400": error("An unknown setting, or a value that is not true or false (code invalid; fields names it).", {
        unknown_setting: {
          summary: "Not a setting",
          value: problem("invalid", "Unknown setting or not true/false.", {
            newsletter: 'Unrecognized key: "newsletter"',
          }),
        },
        not_boolean: {
          summary: "Not true or false",
          value: problem("invalid", "Unknown setting or not true/false.", {
            digest: "Invalid input: expected boolean, received string",
          }),
        },
      }),
    },
  ),
);

const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(MAX_PAGE).optional() });

/**
 * `/api/v1/me`: GET /notifications, POST /notifications/read, POST /notifications/{id}/read, GET and
 * PATCH /email-settings. Every answer is private.
 */
export function createNotificationsApi() {
  const api = new OpenAPIHono<AppEnv>();
  api.use("/notifications", privateAnswers);
  api.use("/notifications/*", privateAnswers);
  api.use("/email-settings", privateAnswers);
  api.use("/email-settings", limitBody());

  api.openapi(listMyNotificationsRoute, async (c) => {
    const actor = requireActor(c);
    const query = pageQuery.safeParse(c.req.query());
    if (!query.success) throw invalidInput(query.error, "Bad page.");
    const inbox = await listMyNotifications(c.get("db"), actor, query.data.page ?? 1);
    return c.json({
      data: inbox.notifications.map(notificationJson),
      page: inbox.page,
      pageCount: inbox.pageCount,
      total: inbox.total,
      unread: inbox.unread,
    });
  });

  api.openapi(markAllNotificationsReadRoute, async (c) => {
    const actor = requireActor(c);
    return c.json({ data: { marked: await markAllNotificationsRead(c.get("db"), actor, currentTime()) } });
  });

  api.openapi(markNotificationReadRoute, async (c) => {
    const actor = requireActor(c);
    const notificationId = parseRecordId(c.req.param("id"));
    if (notificationId === null) throw new AppError("not_found", `No notification ${c.req.param("id")}.`);
    const read = await markNotificationRead(c.get("db"), actor, notificationId, currentTime());
    return c.json({ data: notificationJson(read) });
  });

  api.openapi(getMyEmailSettingsRoute, async (c) => {
    const actor = requireActor(c);
    return c.json({ data: await getEmailSettings(c.get("db"), actor) });
  });

  api.openapi(updateMyEmailSettingsRoute, async (c) => {
    const actor = requireActor(c);
    const body = await readJsonBody(c, SETTINGS_BODY_SHAPE);
    const parsed = emailSettingsInput.safeParse(body);
    if (!parsed.success) throw invalidInput(parsed.error, "Unknown setting or not true/false.");
    return c.json({ data: await updateEmailSettings(c.get("db"), actor, parsed.data) });
  });
  return api;
}

function notificationJson(notification: InboxNotification) {
  return {
    id: notification.id,
    kind: notification.kind,
    data: notification.data,
    readAt: notification.readAt?.toISOString() ?? null,
    createdAt: notification.createdAt.toISOString(),
  };
}

async function privateAnswers(c: Context<AppEnv>, next: () => Promise<void>) {
  await next();
  c.res.headers.set("Cache-Control", PRIVATE_CACHE);
}
