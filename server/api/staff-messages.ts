import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { CONTACT_STATUSES, CONTACT_TOPICS, MAX_CONTACT_MESSAGE_LENGTH } from "#domain/contact-message";
import { parseRecordId } from "#domain/record-id";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import type { AppEnv } from "#server/http/app-env";
import { limitBody, readJsonBody } from "#server/http/json-body";
import {
  answerContactThread,
  CONTACT_THREADS_PAGE_SIZE,
  contactFilterOf,
  listContactThreads,
} from "#server/services/contact-staff";
import { PRIVATE_CACHE } from "./cache-control";
import { recordIdParameter } from "./common-parameters";
import { error, problem } from "./error-answers";
import { invalidInput } from "./invalid-input";
import { operationRoute } from "./operation-route";
import { privateOperation } from "./private-operation";
import { requireStaffActor } from "./require-staff";

const tags = ["Staff"];
const ANSWER_BODY_SHAPE = 'The body must be JSON: {"body": "<the answer>"}.';

const threadSummarySchema = z.object({
  id: z.int().describe("The thread's number (/admin/messages/{id})."),
  reference: z.string().describe("The reference the sender was given, DMV- and eight characters."),
  kind: z
    .enum(["site", "organizer"])
    .describe("site: sent through /contact; organizer: relayed to an event's organizer."),
  topic: z.enum(CONTACT_TOPICS).nullable().describe("What a /contact message is about; null for an organizer's."),
  name: z.string(),
  email: z.string().describe("The sender's address, where answers go."),
  status: z.enum(CONTACT_STATUSES),
  eventId: z.int().nullable().describe("The event whose organizer was written to."),
  eventTitle: z.string().nullable(),
  messages: z.int().describe("How many messages the thread holds, answers included."),
  createdAt: z.string().describe("ISO 8601, UTC."),
  updatedAt: z.string().describe("The last message or status change; ISO 8601, UTC."),
});

/** The answers' named schemas (components.schemas). */
export const STAFF_MESSAGE_SCHEMAS = {
  ContactThreadSummary: threadSummarySchema,
  ContactThreadList: z.object({
    data: z.array(threadSummarySchema),
    total: z.int().describe("Threads matching the filters, on every page."),
    hasMore: z.boolean().describe("Whether the next page has more."),
  }),
  ContactAnswerResponse: z.object({
    data: z.object({ entryId: z.int().describe("The answer's number in the thread.") }),
  }),
} satisfies Record<string, z.ZodType>;

const answerBodySchema = z
  .object({
    body: z
      .string()
      .max(MAX_CONTACT_MESSAGE_LENGTH * 2)
      .describe("The answer, at most 5,000 characters."),
  })
  .strict();

export const STAFF_MESSAGE_REQUEST_BODIES = { ContactAnswerInput: answerBodySchema } satisfies Record<
  string,
  z.ZodType
>;

const STAFF_ONLY = {
  "403": error("Signed in, but not a staff member (code forbidden).", {
    forbidden: { summary: "Not staff", value: problem("forbidden", "Staff only") },
  }),
};

const listRoute = operationRoute(
  "get",
  "/",
  privateOperation(
    {
      operationId: "listContactThreads",
      summary: "Contact messages",
      description:
        "Messages sent through /contact and messages relayed to organizers, the latest activity first, " +
        `${CONTACT_THREADS_PAGE_SIZE} a page. Staff only. Unknown filter values are ignored.`,
      tags,
      parameters: [
        {
          name: "status",
          in: "query",
          required: false,
          description: "Only threads in this state.",
          schema: { type: "string", enum: [...CONTACT_STATUSES] },
          example: "open",
        },
        {
          name: "topic",
          in: "query",
          required: false,
          description: "Only /contact messages about this.",
          schema: { type: "string", enum: [...CONTACT_TOPICS] },
          example: "buyer_help",
        },
        {
          name: "q",
          in: "query",
          required: false,
          description: "Words of the reference, the sender's name or address, or any message of the thread.",
          schema: { type: "string", maxLength: 200 },
          example: "refund",
        },
        {
          name: "page",
          in: "query",
          required: false,
          description: "Which page.",
          schema: { type: "integer", minimum: 1, maximum: 10_000, default: 1 },
          example: 1,
        },
      ],
    },
    { description: "The threads.", schema: "ContactThreadList" },
    STAFF_ONLY,
  ),
);

const answerRoute = operationRoute(
  "post",
  "/{id}/answers",
  privateOperation(
    {
      operationId: "answerContactThread",
      summary: "Answer a contact message",
      description:
        "Keeps the answer in the thread, e-mails it to the sender in their language with the thread's " +
        "reference in the subject (Reply-To: the site's contact address), marks the thread answered and " +
        "writes the action to the audit log. Staff only.",
      tags,
      parameters: [recordIdParameter("The thread's number.")],
      body: { schema: "ContactAnswerInput", example: { body: "Thank you for writing. Your tickets were sent again." } },
    },
    { status: "201", description: "The answer was kept and queued to be e-mailed.", schema: "ContactAnswerResponse" },
    {
      "400": error(
        "No answer, or one over 5,000 characters (code invalid, fields.body answer_required or answer_too_long).",
        {
          answer_required: {
            summary: "Empty answer",
            value: problem("invalid", "Write an answer of at most 5,000 characters.", { body: "answer_required" }),
          },
        },
      ),
      ...STAFF_ONLY,
      "404": error("No such thread (code not_found).", {
        not_found: { summary: "No such thread", value: problem("not_found", "No such message.") },
      }),
    },
  ),
);

/** `/api/v1/staff/messages`: the contact desk, for staff (401 for visitors, 403 for everyone else). */
export function createStaffMessagesApi() {
  const api = new OpenAPIHono<AppEnv>();
  api.use(async (c, next) => {
    await next();
    c.res.headers.set("Cache-Control", PRIVATE_CACHE);
  });
  api.use(limitBody());

  api.openapi(listRoute, async (c) => {
    const actor = requireStaffActor(c);
    const filter = contactFilterOf(new URL(c.req.url).searchParams);
    const list = await listContactThreads(c.get("db"), actor, filter);
    return c.json({
      data: list.threads.map((thread) => ({
        ...thread,
        createdAt: thread.createdAt.toISOString(),
        updatedAt: thread.updatedAt.toISOString(),
      })),
      total: list.total,
      hasMore: list.hasMore,
    });
  });

  api.openapi(answerRoute, async (c) => {
    const actor = requireStaffActor(c);
    const id = parseRecordId(c.req.param("id") ?? "");
    if (id === null) throw new AppError("not_found", "No such message.");
    const body = await readJsonBody(c, ANSWER_BODY_SHAPE);
    const parsed = answerBodySchema.safeParse(body);
    if (!parsed.success) throw invalidInput(parsed.error, ANSWER_BODY_SHAPE);
    const answer = await answerContactThread(
      c.get("db"),
      actor,
      id,
      { body: parsed.data.body, contactEmail: c.get("config").contactEmail },
      currentTime(),
    );
    return c.json({ data: answer }, 201);
  });

  return api;
}
