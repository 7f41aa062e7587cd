import Stripe from "stripe";
import { z } from "zod";
import {
  listOperations,
  operationAccess,
  type JsonSchema,
  type OpenApiDocument,
  type OpenApiOperation,
  type OperationAccess,
} from "#server/api/openapi-document-shape";
import { type Value, parseJson } from "#tests/support/malformed-values";

/*
 * The operations of the bad-input suite (tests/integration/api-malformed-requests.test.ts), read from the
 * document the app serves, and the real records its requests are aimed at (set by the suite first).
 */

export const BASE = "/api/v1";
export const WEBHOOK_SECRET = "whsec_malformed_requests";

/** What the suite fetched before generating requests: the document, and the signed-in person's token. */
export const probed = { document: undefined as unknown as OpenApiDocument, myAccessToken: "" };

/** Records the requests are aimed at: the signed-in person's own, and others' they may not touch. */
export const real = {
  publicEventId: 0,
  sponsorId: 0,
  organizerId: "",
  venueId: 0,
  categoryId: 0,
  myEventId: 0,
  myPaidTypeId: 0,
  mySoldOutTypeId: 0,
  myOrderId: "",
  othersEventId: 0,
  othersOrderId: "",
  othersWaitlistEntryId: 0,
  campaignId: "",
  /** For staff: a person they could suspend, a post they could schedule, a thread they could answer. */
  otherUserId: "",
  blogPostId: "",
  contactThreadId: "",
};


export interface Probe {
  /** `METHOD /template` of the operation in the document. */
  op: string;
  variant: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer> | (() => FormData);
  /** Who sends it; a visitor and the signed-in person unless said. */
  as?: Credentials;
}
export type Credentials = "anonymous" | "signed in" | "staff" | "malformed credentials";

/** Operations only staff may use: their bodies are sent as staff too, so that their input checks are reached. */
export const isStaffOperation = (op: Operation) => op.template.startsWith("/staff/");

/**
 * Who sends a probe that does not say: a visitor and a signed-in person; and staff, for a body of a
 * staff operation. Staff may change any record, so only a body the document refuses is certain to
 * change nothing; a path, query or header probe can turn out well formed (`01` is event 1).
 */
export const defaultCredentials = (op: Operation, { body }: { body: boolean }): Credentials[] =>
  body && isStaffOperation(op) ? ["anonymous", "signed in", "staff"] : ["anonymous", "signed in"];

export interface Operation {
  key: string;
  method: string;
  template: string;
  operation: OpenApiOperation;
  access: OperationAccess;
  json?: { schema: JsonSchema; example: unknown };
  multipart: boolean;
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  return listOperations(doc).map(({ path: template, method, operation }) => ({
    key: `${method.toUpperCase()} ${template}`,
    method: method.toUpperCase(),
    template,
    operation,
    access: operationAccess(operation),
    ...(operation.requestBody?.content["application/json"]
      ? { json: operation.requestBody.content["application/json"] }
      : {}),
    multipart: !!operation.requestBody?.content["multipart/form-data"],
  }));
}

export const isWebhook = (op: Operation) => op.template === "/payments/stripe/webhook";

/**
 * The path parameters a request aims at: the signed-in person's own records where only the body can
 * be wrong (so that the body is read), others' records for writes without a body (which would
 * otherwise be well-formed requests that change something).
 */
export function baseParams(op: Operation): Record<string, string> {
  const writesWithoutBody = op.method !== "GET" && !op.json && !op.multipart;
  switch (op.template) {
    case "/events/{id}":
      return { id: String(real.publicEventId) };
    case "/sponsors/{id}":
      return { id: String(real.sponsorId) };
    case "/organizers/{id}":
    case "/users/{id}":
      return { id: real.organizerId };
    case "/me/interests/{interest}":
      return { interest: "music" };
    case "/events/{id}/check-ins":
      return { id: String(real.myEventId) };
    case "/ticket-types/{id}/waitlist":
      return { id: String(real.mySoldOutTypeId) };
    case "/waitlist/{entryId}":
      return { entryId: String(real.othersWaitlistEntryId) };
    case "/promotions/{id}":
      return { id: real.campaignId };
    case "/my/events/{id}/images/{position}":
      return { id: String(real.othersEventId), position: "0" };
  }
  if (isStaffOperation(op)) return staffParams(op);
  if (op.template.startsWith("/my/events/{id}")) {
    return { id: String(writesWithoutBody ? real.othersEventId : real.myEventId) };
  }
  if (op.template.startsWith("/orders/{id}")) return { id: writesWithoutBody ? real.othersOrderId : real.myOrderId };
  return {};
}

/** A staff operation with a body aims at real records, so that staff's request gets as far as reading the body. */
function staffParams(op: Operation): Record<string, string> {
  switch (op.template) {
    case "/staff/events/{id}/hide":
      return { id: String(real.publicEventId) };
    case "/staff/users/{id}/suspension":
      return { id: real.otherUserId };
    case "/staff/blog/posts/{id}/schedule":
      return { id: real.blogPostId };
    case "/staff/messages/{id}/answers":
      return { id: real.contactThreadId };
    case "/staff/sponsors/{id}":
      return { id: String(real.sponsorId) };
    case "/staff/sponsors/{id}/appearances/{eventId}/approval":
      return { id: String(real.sponsorId), eventId: String(real.publicEventId) };
  }
  return {};
}

export function urlOf(op: Operation, params: Record<string, string> = {}, query = ""): string {
  const values = { ...baseParams(op), ...params };
  const filled = op.template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? "1");
  return `${BASE}${filled}${query ? `?${query}` : ""}`;
}

/** The operation's example body, aimed at real records so that a request gets as far as it can. */
export function baseBody(op: Operation): Value {
  const example = parseJson(JSON.stringify(op.json?.example ?? {})) as Record<string, Value>;
  switch (op.key) {
    case "POST /orders":
      return { ...example, eventId: real.myEventId, items: [{ ticketTypeId: real.myPaidTypeId, quantity: 1 }] };
    case "POST /promotions":
      return { ...example, eventId: real.myEventId };
    case "POST /my/events":
    case "PUT /my/events/{id}":
      return { ...example, categoryId: real.categoryId, venue: { id: real.venueId } };
  }
  return example;
}

/** A body that is certainly refused, for requests whose point is elsewhere (the path, the query, a header). */
export function filler(op: Operation): Pick<Probe, "body" | "headers"> {
  if (!op.json) return {};
  return { body: '{"\u00ff":', headers: { "Content-Type": "application/json" } };
}

/** Whether the document's schema for the operation's body takes `text` (then it is no malformed request). */
export function documentAccepts(op: Operation, text: string): boolean {
  let value: Value;
  try {
    value = parseJson(text);
  } catch {
    return false;
  }
  return validatorFor(op.json!.schema).safeParse(value).success;
}
const validators = new Map<string, z.ZodType>();
export function validatorFor(schema: JsonSchema): z.ZodType {
  const key = JSON.stringify(schema);
  let validator = validators.get(key);
  if (!validator) {
    const toDefs = (value: unknown) =>
      parseJson(JSON.stringify(value).replaceAll('"#/components/schemas/', '"#/$defs/')) as JsonSchema;
    validator = z.fromJSONSchema({ ...toDefs(schema), $defs: toDefs(probed.document.components.schemas) } as never);
    validators.set(key, validator);
  }
  return validator;
}

/** A Stripe-Signature that is right for `body`, so that the webhook reads the event inside. */
export const signed = (body: string) =>
  Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET });
