import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { z } from "zod";
import { STAFF_SEARCH_MAX_LENGTH } from "#domain/staff-console";
import { SUSPENSION_REASON_MAX, suspensionSchema } from "#domain/staff-moderation";
import { isWellFormedText } from "#domain/text";
import { isUuid } from "#server/auth/secrets";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import type { AppEnv } from "#server/http/app-env";
import { limitBody, readJsonBody } from "#server/http/json-body";
import { grantStaff, isStaff, removeStaff } from "#server/services/staff";
import { listStaffActions, nameStaffActions, STAFF_ACTIONS_PAGE_SIZE } from "#server/services/staff-actions";
import {
  PEOPLE_FILTERS,
  PEOPLE_PAGE_SIZE,
  restorePerson,
  searchPeople,
  suspendPerson,
} from "#server/services/staff-people";
import { PRIVATE_CACHE } from "./cache-control";
import { error, problem } from "./error-answers";
import { invalidInput } from "./invalid-input";
import type { OpenApiParameter, OpenApiResponse } from "./openapi-document-shape";
import { operationRoute } from "./operation-route";
import { privateOperation } from "./private-operation";
import { requireStaffActor } from "./require-staff";

/*
 * The staff API of people (issue 18), mounted at /api/v1/staff: finding accounts, suspending and
 * restoring them, granting and removing the staff role, and reading the audit log. Visitors get 401,
 * signed-in people who are not staff 403 (require-staff.ts); the console's pages do the same through
 * the same services (app/routes/admin-person.tsx).
 */

const SUSPEND_SHAPE = `The body must be JSON: {"reason": "<why, 1 to ${SUSPENSION_REASON_MAX} characters>", "length": "7" | "30" | "indefinite"}.`;

/** The request bodies, as JSON Schema in the document (components.schemas). */
export const STAFF_PEOPLE_REQUEST_BODIES = {
  StaffSuspensionInput: suspensionSchema.describe(
    "Why the account is suspended (shown in the audit log and to staff), and for how long: 7 or 30 days, or " +
      "until restored (the default).",
  ),
} satisfies Record<string, z.ZodType>;

const personListRow = z
  .object({
    id: z.uuid(),
    name: z.string().nullable().describe("The profile's name; null when they have no profile yet."),
    email: z.string(),
    createdAt: z.iso.datetime(),
    isStaff: z.boolean(),
    suspendedUntil: z.iso.datetime().nullable().describe("Until when they cannot sign in; null when not suspended."),
    eventsOrganized: z.int().min(0),
  })
  .describe("An account as staff find it.");

const staffAction = z
  .object({
    id: z.int().min(1),
    action: z.string().describe('What was done: "user.suspend", "staff.grant", "event.hide"…'),
    actor: z
      .object({ id: z.uuid(), name: z.string().nullable() })
      .nullable()
      .describe("The staff member; null for the command line or the STAFF_EMAILS setting."),
    subjectType: z.string(),
    subjectId: z.string(),
    subjectName: z.string().nullable(),
    reason: z.string().nullable(),
    before: z.unknown(),
    after: z.unknown(),
    createdAt: z.iso.datetime(),
  })
  .describe("One line of the audit log.");

const EXAMPLE_ID = "5b1e7c2a-8f3d-4e6a-9c0b-1d2e3f4a5b6c";

/** Named schemas: components.schemas of the document. */
export const STAFF_PEOPLE_SCHEMAS = {
  StaffPerson: personListRow,
  StaffPersonList: z.object({ data: z.array(personListRow), page: z.int().min(1), hasMore: z.boolean() }).meta({
    description: `Accounts found, newest first, ${PEOPLE_PAGE_SIZE} a page.`,
    examples: [
      {
        data: [
          {
            id: EXAMPLE_ID,
            name: "Hanna Bekele",
            email: "hanna@example.com",
            createdAt: "2026-11-20T15:04:00.000Z",
            isStaff: false,
            suspendedUntil: null,
            eventsOrganized: 4,
          },
        ],
        page: 1,
        hasMore: false,
      },
    ],
  }),
  StaffSuspension: z
    .object({
      data: z.object({
        userId: z.uuid(),
        suspendedUntil: z.iso.datetime().nullable(),
        sessionsEnded: z.int().min(0).optional().describe("Devices signed out by the suspension."),
      }),
    })
    .meta({
      description: "The account's suspension after the change.",
      examples: [{ data: { userId: EXAMPLE_ID, suspendedUntil: "9999-12-31T00:00:00.000Z", sessionsEnded: 2 } }],
    }),
  StaffRole: z.object({ data: z.object({ userId: z.uuid(), isStaff: z.boolean() }) }).meta({
    description: "Whether the account is staff now.",
    examples: [{ data: { userId: EXAMPLE_ID, isStaff: true } }],
  }),
  StaffActionList: z.object({ data: z.array(staffAction), page: z.int().min(1), hasMore: z.boolean() }).meta({
    description: `The audit log, newest first, ${STAFF_ACTIONS_PAGE_SIZE} a page.`,
    examples: [
      {
        data: [
          {
            id: 12,
            action: "user.suspend",
            actor: { id: "0f8e2d4c-6b1a-4c3e-8d7f-9a0b1c2d3e4f", name: "Hana Bekele" },
            subjectType: "user",
            subjectId: EXAMPLE_ID,
            subjectName: "Hanna Bekele",
            reason: "Sold tickets to events that did not exist.",
            before: { suspendedUntil: null },
            after: { suspendedUntil: "9999-12-31T00:00:00.000Z", sessionsEnded: 2 },
            createdAt: "2026-11-27T14:30:00.000Z",
          },
        ],
        page: 1,
        hasMore: false,
      },
    ],
  }),
};

const userIdParameter: OpenApiParameter = {
  name: "id",
  in: "path",
  required: true,
  description: "The account's id, a UUID (data[].id of GET /staff/users). Anything else answers 404.",
  schema: { type: "string", format: "uuid" },
  example: EXAMPLE_ID,
};

const pageParameter = (max: number): OpenApiParameter => ({
  name: "page",
  in: "query",
  required: false,
  description: "Which page, from 1.",
  schema: { type: "integer", minimum: 1, maximum: max, default: 1 },
  example: 1,
});

const wordParameter = (name: string, description: string, example: string): OpenApiParameter => ({
  name,
  in: "query",
  required: false,
  description,
  schema: { type: "string", pattern: "^[a-z][a-z0-9_-]{0,40}$" },
  example,
});

const FORBIDDEN: Record<string, OpenApiResponse> = {
  "403": error("Signed in, but not staff (code forbidden).", {
    not_staff: { summary: "Not staff", value: problem("forbidden", "Staff only") },
  }),
};
const NO_ACCOUNT: Record<string, OpenApiResponse> = {
  "404": error("No account with that id (code not_found).", {
    not_found: { summary: "No such account", value: problem("not_found", "No such account.") },
  }),
};

const searchPeopleRoute = operationRoute(
  "get",
  "/users",
  privateOperation(
    {
      operationId: "searchPeople",
      summary: "Find people",
      description:
        "Staff only. Accounts whose name or e-mail address contains q (any case), newest first, " +
        `${PEOPLE_PAGE_SIZE} a page; filter keeps staff, accounts suspended now, or organizers.`,
      tags: ["Staff"],
      parameters: [
        {
          name: "q",
          in: "query",
          required: false,
          description: "Part of a name or an e-mail address.",
          schema: { type: "string", maxLength: 200 },
          example: "hanna",
        },
        {
          name: "filter",
          in: "query",
          required: false,
          description: "all (the default), staff, suspended or organizers.",
          schema: { type: "string", enum: [...PEOPLE_FILTERS], default: "all" },
          example: "organizers",
        },
        pageParameter(10_000),
      ],
    },
    { description: "The accounts found.", schema: "StaffPersonList" },
    {
      "400": error("A bad parameter (code invalid; fields names it).", {
        bad_filter: {
          summary: "Unknown filter",
          value: problem("invalid", "Bad search parameters.", { filter: "invalid" }),
        },
      }),
      ...FORBIDDEN,
    },
  ),
);

const suspendPersonRoute = operationRoute(
  "post",
  "/users/{id}/suspension",
  privateOperation(
    {
      operationId: "suspendPerson",
      summary: "Suspend an account",
      description:
        "Staff only. The account can no longer sign in or refresh a session, and every session it has ends " +
        "at once. Its published events stay up (hide them through moderation). Staff cannot suspend " +
        "themselves. Written to the audit log with the reason.",
      tags: ["Staff"],
      parameters: [userIdParameter],
      body: {
        schema: "StaffSuspensionInput",
        example: { reason: "Sold tickets to events that did not exist.", length: "indefinite" },
      },
    },
    { description: "The suspension.", schema: "StaffSuspension" },
    {
      "400": error("The body is not valid (code invalid): fields reason or length, or userId: own_account.", {
        reason_required: {
          summary: "No reason",
          value: problem("invalid", SUSPEND_SHAPE, { reason: "reason_required" }),
        },
        own_account: {
          summary: "One's own account",
          value: problem("invalid", "Staff cannot suspend themselves", { userId: "own_account" }),
        },
      }),
      ...FORBIDDEN,
      ...NO_ACCOUNT,
    },
  ),
);

const restorePersonRoute = operationRoute(
  "delete",
  "/users/{id}/suspension",
  privateOperation(
    {
      operationId: "restorePerson",
      summary: "Restore a suspended account",
      description: "Staff only. Lifts the account's suspension now: it can sign in again. Written to the audit log.",
      tags: ["Staff"],
      parameters: [userIdParameter],
    },
    { description: "The account, no longer suspended.", schema: "StaffSuspension" },
    {
      ...FORBIDDEN,
      ...NO_ACCOUNT,
      "409": error("The account is not suspended (code conflict, fields userId: not_suspended).", {
        not_suspended: {
          summary: "Not suspended",
          value: problem("conflict", "This account is not suspended", { userId: "not_suspended" }),
        },
      }),
    },
  ),
);

const grantStaffRoleRoute = operationRoute(
  "put",
  "/users/{id}/staff-role",
  privateOperation(
    {
      operationId: "grantStaffRole",
      summary: "Make an account staff",
      description:
        "Staff only. The account may then open the console and call these operations. Granting it again changes nothing.",
      tags: ["Staff"],
      parameters: [userIdParameter],
    },
    { description: "The account's role.", schema: "StaffRole" },
    { ...FORBIDDEN, ...NO_ACCOUNT },
  ),
);

const removeStaffRoleRoute = operationRoute(
  "delete",
  "/users/{id}/staff-role",
  privateOperation(
    {
      operationId: "removeStaffRole",
      summary: "Remove an account's staff role",
      description:
        "Staff only, and never one's own role. Removing it from an account that is not staff changes nothing.",
      tags: ["Staff"],
      parameters: [userIdParameter],
    },
    { description: "The account's role.", schema: "StaffRole" },
    {
      "400": error("One's own role (code invalid, fields userId: own_role).", {
        own_role: {
          summary: "One's own role",
          value: problem("invalid", "Staff cannot remove their own role", { userId: "own_role" }),
        },
      }),
      ...FORBIDDEN,
      ...NO_ACCOUNT,
    },
  ),
);

const listStaffActionsRoute = operationRoute(
  "get",
  "/audit",
  privateOperation(
    {
      operationId: "listStaffActions",
      summary: "The audit log",
      description:
        `Staff only. Every staff action, newest first, ${STAFF_ACTIONS_PAGE_SIZE} a page: who, what, about what, ` +
        "why, and the item before and after. Narrowed by family of actions, staff member or subject.",
      tags: ["Staff"],
      parameters: [
        pageParameter(100_000),
        wordParameter("family", 'The word before the dot of the actions: "user", "staff", "event"…', "user"),
        {
          name: "actor",
          in: "query",
          required: false,
          description: "Only this staff member's actions (their account's id).",
          schema: { type: "string", format: "uuid" },
          example: EXAMPLE_ID,
        },
        wordParameter("subjectType", 'Only actions about this kind of item: "user", "event"…', "user"),
        {
          name: "subjectId",
          in: "query",
          required: false,
          description: "With subjectType: only actions about this item.",
          schema: { type: "string", maxLength: 100 },
          example: EXAMPLE_ID,
        },
      ],
    },
    { description: "The log's lines.", schema: "StaffActionList" },
    {
      "400": error("A bad parameter (code invalid; fields names it).", {
        bad_actor: {
          summary: "Not an account id",
          value: problem("invalid", "Bad audit log parameters.", { actor: "invalid" }),
        },
      }),
      ...FORBIDDEN,
    },
  ),
);

const searchQuery = z.object({
  q: z.string().max(STAFF_SEARCH_MAX_LENGTH).refine(isWellFormedText, "contains characters that are not text").optional(),
  filter: z.enum(PEOPLE_FILTERS).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
});

const word = z.string().regex(/^[a-z][a-z0-9_-]{0,40}$/);
const auditQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  family: word.optional(),
  actor: z.uuid().optional(),
  subjectType: word.optional(),
  subjectId: z.string().min(1).max(100).optional(),
});

function userIdOf(c: Context<AppEnv>): string {
  const id = c.req.param("id");
  if (!isUuid(id)) throw new AppError("not_found", "No such account.");
  return id;
}

/**
 * `/api/v1/staff`: GET /users, POST and DELETE /users/{id}/suspension, PUT and DELETE
 * /users/{id}/staff-role, GET /audit. Every answer is private.
 */
export function createStaffPeopleApi() {
  const api = new OpenAPIHono<AppEnv>();
  api.use("/users", privateAnswers);
  api.use("/users/*", privateAnswers);
  api.use("/audit", privateAnswers);
  api.use("/users/*", limitBody());

  api.openapi(searchPeopleRoute, async (c) => {
    const actor = requireStaffActor(c);
    const query = searchQuery.safeParse(c.req.query());
    if (!query.success) throw invalidInput(query.error, "Bad search parameters.");
    const result = await searchPeople(c.get("db"), actor, query.data, currentTime());
    return c.json({
      data: result.people.map((person) => ({
        ...person,
        createdAt: person.createdAt.toISOString(),
        suspendedUntil: person.suspendedUntil?.toISOString() ?? null,
      })),
      page: result.page,
      hasMore: result.hasMore,
    });
  });

  api.openapi(suspendPersonRoute, async (c) => {
    const actor = requireStaffActor(c);
    const userId = userIdOf(c);
    const parsed = suspensionSchema.safeParse(await readJsonBody(c, SUSPEND_SHAPE));
    if (!parsed.success) throw invalidInput(parsed.error, SUSPEND_SHAPE);
    const outcome = await suspendPerson(c.get("db"), actor, userId, parsed.data, currentTime());
    return c.json({
      data: { userId, suspendedUntil: outcome.until.toISOString(), sessionsEnded: outcome.sessionsEnded },
    });
  });

  api.openapi(restorePersonRoute, async (c) => {
    const actor = requireStaffActor(c);
    const userId = userIdOf(c);
    await restorePerson(c.get("db"), actor, userId, null, currentTime());
    return c.json({ data: { userId, suspendedUntil: null } });
  });

  api.openapi(grantStaffRoleRoute, async (c) => {
    const actor = requireStaffActor(c);
    const userId = userIdOf(c);
    await grantStaff(c.get("db"), actor, userId, currentTime());
    return c.json({ data: { userId, isStaff: await isStaff(c.get("db"), userId) } });
  });

  api.openapi(removeStaffRoleRoute, async (c) => {
    const actor = requireStaffActor(c);
    const userId = userIdOf(c);
    await removeStaff(c.get("db"), actor, userId, currentTime());
    return c.json({ data: { userId, isStaff: await isStaff(c.get("db"), userId) } });
  });

  api.openapi(listStaffActionsRoute, async (c) => {
    const actor = requireStaffActor(c);
    const query = auditQuery.safeParse(c.req.query());
    if (!query.success) throw invalidInput(query.error, "Bad audit log parameters.");
    const db = c.get("db");
    const { page = 1, family, actor: actorId, subjectType, subjectId } = query.data;
    // requireStaffActor read the role with the session; the services check it again.
    if (!(await isStaff(db, actor.userId))) throw new AppError("forbidden", "Staff only");
    const { actions, hasMore } = await listStaffActions(db, {
      page,
      family,
      actorId,
      subjectType,
      subjectId: subjectType ? subjectId : undefined,
    });
    const named = await nameStaffActions(db, actions);
    return c.json({
      data: named.map((row) => ({
        id: row.id,
        action: row.action,
        actor: row.actorId ? { id: row.actorId, name: row.actorName } : null,
        subjectType: row.subjectType,
        subjectId: row.subjectId,
        subjectName: row.subjectName,
        reason: row.reason,
        before: row.before ?? null,
        after: row.after ?? null,
        createdAt: row.createdAt.toISOString(),
      })),
      page,
      hasMore,
    });
  });

  return api;
}

/** About people and staff work: for the staff member alone, never in a shared cache. */
async function privateAnswers(c: Context<AppEnv>, next: () => Promise<void>) {
  await next();
  c.res.headers.set("Cache-Control", PRIVATE_CACHE);
}
