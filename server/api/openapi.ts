import { Hono } from "hono";
import { etag } from "hono/etag";
import { z } from "zod";
import { CATEGORIES, INTERESTS } from "#domain/catalog";
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_RADIUS_MILES,
  eventSearchSchema,
  type EventSearchInput,
} from "#domain/event-search";
import { MAX_EVENT_IMAGES } from "#domain/event-input";
import { LANGUAGES } from "#domain/language";
import { ROLES } from "#domain/profile";
import { socialLinksSchema } from "#domain/profile-schema";
import { REPUTATION_LEVELS } from "#domain/reputation";
import { SPONSOR_TIERS } from "#domain/sponsor";
import { interestInputSchema } from "#domain/interest-schema";
import {
  buyerSchema,
  HOLD_MINUTES,
  MAX_TICKETS_PER_ORDER,
  ORDER_STATUSES,
  orderInputSchema,
  WAITLIST_OFFER_HOURS,
} from "#domain/order";
import { cardInputSchema } from "#domain/payment-card";
import {
  PROMOTION_LIMITS,
  promotionInputSchema,
  promotionQuoteInputSchema,
  RATE_CARD,
} from "#domain/promotion-pricing";
import { DIGEST_SCHEDULE } from "#domain/schedule";
import { TICKET_CODE_ALPHABET, TICKET_CODE_LENGTH } from "#domain/ticket-code";
import { WAITLIST_ENTRY_STATUSES } from "#domain/waitlist";
import { ERROR_CODES, type ErrorCode } from "#server/errors";
import type { AppEnv } from "#server/http/app-env";
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_TTL_MS, IDEMPOTENT_REPLAYED_HEADER } from "#server/http/idempotency";
import type { DeclineReason, PaymentProvider } from "#server/payments/payment-provider";
import { CHECK_IN_OUTCOMES, type CheckInOutcome } from "#server/services/check-in";
import { COUNT_CAP } from "#server/services/event-search";
import type { OrderChangeReason } from "#server/services/orders";
import { TICKET_LOOKUP_LIMITS, TICKET_LOOKUP_LINK_MS, ticketLookupInputSchema } from "#server/services/ticket-lookup";
import { WAITLIST_CONFIRM_HOURS, WAITLIST_LIMITS } from "#server/services/waitlist";
import { ANSWER_EXAMPLES } from "./answer-examples";
import { PRIVATE_CACHE } from "./me";
import { ORDER_TOKEN_HEADER } from "./orders";
import { PROMOTION_NAMED_SCHEMAS } from "./promotion-json";
import { EVENT_BODY_SHAPE } from "./my-events";
import {
  EVENT_IMAGE_UPLOAD_SCHEMA,
  EVENT_PROBLEM_WORDS,
  MY_EVENT_INPUT_SCHEMAS,
  MY_EVENT_NAMED_SCHEMAS,
} from "./my-event-schemas";
import { TICKET_LOOKUP_ANSWER } from "./ticket-lookup";
import { NEWSLETTER_ANSWER } from "./newsletter";
import { NEWSLETTER_LIMITS, newsletterInputSchema } from "#server/services/newsletter";

/*
 * The OpenAPI 3.1 document of /api/v1, served at /api/v1/openapi.json and rendered for people at
 * /api/docs. The search parameters and the request bodies are generated from the zod schemas the API
 * parses them with (domain/event-search.ts, domain/order.ts, domain/payment-card.ts, ...), so they
 * cannot drift; the response schemas are written here in zod beside the code they describe, and
 * tests/integration/openapi.test.ts validates real responses against them.
 */

/** A JSON Schema (2020-12, which OpenAPI 3.1 uses) as plain data. */
export type JsonSchema = { [keyword: string]: unknown };

export interface OpenApiParameter {
  name: string;
  in: "query" | "path" | "header";
  required: boolean;
  description: string;
  schema: JsonSchema;
  /** A value that works against the sample data, or a well-formed one; example requests are made from these. */
  example?: string | number;
}

export interface OpenApiHeader {
  description: string;
  /** Whether every answer with that status carries it (OpenAPI's default is no). */
  required: boolean;
  schema: JsonSchema;
}

/** A JSON body: its schema, and real examples of it (named, when an answer has several cases). */
export interface OpenApiMediaType {
  schema: JsonSchema;
  example?: unknown;
  examples?: Record<string, { summary: string; value: unknown }>;
}

export interface OpenApiResponse {
  description: string;
  headers?: Record<string, OpenApiHeader>;
  content?: { "application/json": OpenApiMediaType };
}

/** One way to prove who one is: scheme names, each with its (unused) scopes. `{}` is "no proof at all". */
export type SecurityRequirement = Record<string, string[]>;

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  parameters: OpenApiParameter[];
  /**
   * How callers prove who they are. Absent: nobody needs to (public reads, webhooks, Find My Ticket).
   * Operations for a signed-in person list the schemes; ones open to guests list `{}` first.
   */
  security?: SecurityRequirement[];
  requestBody?: {
    required: boolean;
    /** A JSON body, or a form with a file (an event's picture). */
    content: {
      "application/json"?: { schema: JsonSchema; example: unknown };
      "multipart/form-data"?: { schema: JsonSchema };
    };
  };
  responses: Record<string, OpenApiResponse>;
}

/**
 * Who may call an operation: only a signed-in person (401 without a session), anyone with or without
 * one (a session makes the caller known: the order becomes theirs), or anyone, no credentials read.
 */
export type OperationAccess = "signedIn" | "optional" | "none";

export function operationAccess(operation: Pick<OpenApiOperation, "security">): OperationAccess {
  if (!operation.security) return "none";
  const isOptional = operation.security.some((requirement) => Object.keys(requirement).length === 0);
  return isOptional ? "optional" : "signedIn";
}

export const HTTP_METHODS = ["get", "put", "post", "delete"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];
export type OpenApiPathItem = Partial<Record<HttpMethod, OpenApiOperation>>;

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, OpenApiPathItem>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
}

/** Every operation of a document, path by path in document order, methods in HTTP_METHODS order. */
export function listOperations(document: Pick<OpenApiDocument, "paths">) {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    HTTP_METHODS.flatMap((method) => {
      const operation = item[method];
      return operation ? [{ path, method, operation }] : [];
    }),
  );
}

// ─── Response bodies, as the handlers in events.ts, event-json.ts and site.ts write them ───────────

const id = z.int().min(1);
const count = z.int().min(0);
const instant = z.iso.datetime().describe("An instant in UTC, ISO 8601.");
const uuid = z.uuid();
const reputationLevel = z.enum(REPUTATION_LEVELS).nullable();
const categoryKey = z.enum(CATEGORIES.map((entry) => entry.key) as [string, ...string[]]);

const priceLine = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("free") }),
    z.object({ kind: z.literal("from"), cents: count }),
    z.object({ kind: z.literal("single"), cents: count }),
    z.object({ kind: z.literal("none") }),
  ])
  .describe("What an event card's price line says: free, 'from' the lowest of several prices, one price, or none.");

const image = z.object({
  alt: z.string(),
  sources: z.array(z.object({ width: z.int().min(1), url: z.string().describe("A WebP file under /uploads.") })),
});

/** What every event shape starts with (eventBasicsJson). */
const eventBasics = {
  id,
  url: z.string().describe("The event's page on this site, a path."),
  title: z.string(),
  startsAt: instant,
  endsAt: instant,
  timeZone: z.string().describe("The IANA time zone the event happens in."),
  language: z.enum(LANGUAGES),
  isPublic: z.boolean(),
  isFeatured: z.boolean(),
  isPromoted: z.boolean().describe("Paid to rank first in search results, now."),
  isVip: z.boolean(),
  isFree: z.boolean(),
  isSoldOut: z.boolean(),
  isPast: z.boolean(),
  price: priceLine,
};

const eventSummary = z
  .object({
    ...eventBasics,
    venue: z.object({ name: z.string(), city: z.string() }),
    category: z.object({ key: categoryKey, name: z.string() }),
    organizer: z.object({ id: uuid, name: z.string(), reputationLevel }),
    image: image.nullable(),
    ticketTypes: z.array(z.object({ priceCents: count, available: count })),
  })
  .describe("An event as lists show it.");

// The search always says how far each event is: null when the search has no point to measure from.
const eventSearchHit = eventSummary
  .extend({ distanceMiles: z.number().min(0).nullable() })
  .describe("An event in search results, with its distance from the searched point.");

const eventDetail = z
  .object({
    ...eventBasics,
    description: z.string().describe("As the organizer wrote it, in Markdown."),
    descriptionHtml: z.string().describe("The description as sanitized HTML."),
    status: z.enum(["published", "cancelled"]),
    venue: z.object({
      name: z.string(),
      address: z.string(),
      city: z.string(),
      state: z.string(),
      country: z.string(),
      zipCode: z.string(),
      latitude: z.number(),
      longitude: z.number(),
    }),
    category: z.object({ id, key: categoryKey, name: z.string() }),
    organizer: z.object({
      id: uuid,
      name: z.string(),
      organization: z.string().nullable(),
      profileImage: z.string().nullable(),
      reputationLevel,
    }),
    coOrganizers: z.array(z.object({ id: uuid, name: z.string() })),
    sponsors: z.array(
      z.object({ id, name: z.string(), logo: z.string(), website: z.string(), tier: z.enum(SPONSOR_TIERS) }),
    ),
    images: z.array(image),
    ticketTypes: z.array(
      z.object({ id, name: z.string(), description: z.string().nullable(), priceCents: count, available: count }),
    ),
  })
  .describe("One event with everything its page shows.");

const category = z.object({
  id,
  key: categoryKey,
  name: z.string(),
  icon: z.string().describe("A lucide icon name."),
  topRank: z.int().min(1).nullable().describe("Position among the home page's top categories, if it is one."),
  upcomingEvents: count,
});

const venue = z.object({
  id,
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  zipCode: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});

const sponsor = z.object({
  id,
  name: z.string(),
  logo: z.string(),
  website: z.string(),
  tier: z.enum(SPONSOR_TIERS),
  description: z.string(),
  industry: z.string(),
  contactEmail: z.string().describe("The sponsor's public contact address."),
});

const organizer = z.object({
  id: uuid,
  name: z.string(),
  role: z.enum(ROLES),
  organization: z.string().nullable(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  profileImage: z.string().nullable(),
  socialLinks: socialLinksSchema,
  reputation: z.object({ score: z.int().min(0).max(100), level: z.enum(REPUTATION_LEVELS) }).nullable(),
  upcomingEvents: z.array(eventSummary),
  pastEvents: z.array(eventSummary).describe("The most recent ones."),
});

const savedInterest = z.object({
  key: z.enum(INTERESTS.map((entry) => entry.key) as [string, ...string[]]).describe("The interest's stable key."),
  name: z.string().describe("Its English name, which recommendations match on."),
});

const siteStats = z.object({ upcomingEvents: count, registeredPeople: count, organizers: count });

const errorBody = z
  .object({
    error: z.object({
      code: z.enum([...ERROR_CODES, "internal"]),
      message: z.string().describe("For developers; may change."),
      requestId: z.string().describe("Also in the X-Request-Id header; quote it when reporting a problem."),
      fields: z
        .record(z.string(), z.string())
        .optional()
        .describe(
          "With code invalid: what is wrong with each bad parameter or body field, by its name or path " +
            "(buyer.email); with conflict or rate_limited: a stable word, such as items: sold_out.",
        ),
    }),
  })
  .meta({
    description: "The one shape of every error.",
    // The real answer to GET /events?limit=0 sent with X-Request-Id: 3f2c9a (a test holds it to that).
    examples: [
      {
        error: {
          code: "invalid",
          message: "The search parameters are not valid.",
          requestId: "3f2c9a",
          fields: { limit: "Too small: expected number to be >=1" },
        },
      },
    ],
  });

// ─── Ticketing answers, as the orders, me, check-ins, waitlist, ticket-lookup and payments APIs write them ──

const codeCharacter = `[${TICKET_CODE_ALPHABET}]`;
const ticketCode = z
  .string()
  .regex(new RegExp(`^${codeCharacter}{${TICKET_CODE_LENGTH}}$`))
  .describe("The ticket's code as stored: 20 characters of Crockford's base32. Its QR code encodes it.");
const ticketStatus = z.enum(["valid", "void"]).describe("void once its order is cancelled or refunded.");

/**
 * Why an order entered a status (its history): the orders service's reasons, and the waitlist's offers
 * (services/waitlist.ts writes that one). A Record, so a new reason must be described here to typecheck.
 */
const ORDER_CHANGE_REASONS: Record<OrderChangeReason | "waitlist_offer", string> = {
  placed: "a paid order was placed; its tickets are held while the buyer pays",
  free_registration: "confirmed without payment: the tickets are free",
  paid: "the payment went through",
  hold_expired: "not paid in time; the tickets went back on sale",
  cancelled_by_buyer: "the buyer cancelled a free registration",
  payment_abandoned: "the buyer left without paying",
  payment_declined: "the card was declined, which ends the hold at once",
  refunded_by_organizer: "an organizer refunded the payment",
  event_cancelled: "the organizer cancelled the event: a held or free order was cancelled, a paid one refunded",
  late_payment_refunded: "a payment that completed after the order was released was given back (no change of status)",
  waitlist_offer: "offered to someone on a waitlist, who may pay for it while it is held",
};

/** What a declined card's `declineReason` says; a Record, so the provider's type and this list stay one. */
const DECLINE_REASONS: Record<DeclineReason, string> = {
  card_declined: "the card's bank refused it",
  insufficient_funds: "not enough money on the card",
  expired_card: "the card has expired",
  incorrect_cvc: "the security code is wrong",
  invalid_number: "the number is not a card's",
  invalid_expiry: "the expiry date is not valid",
  processing_error: "a passing error: try again",
};

const PAYMENT_PROVIDERS: Record<PaymentProvider["name"], true> = { sandbox: true, stripe: true };

/** z.enum of a Record's keys, described by its values. */
function describedEnum(words: Record<string, string>, what: string) {
  const keys = Object.keys(words) as [string, ...string[]];
  return z.enum(keys).describe(`${what}: ${keys.map((key) => `${key} (${words[key]})`).join(", ")}.`);
}

const order = z
  .object({
    id: uuid,
    url: z.string().describe("The order's page on this site, a path; guests open it with ?key=<access token>."),
    status: z
      .enum(ORDER_STATUSES)
      .describe(
        "pending: the tickets are held while the buyer pays, until holdExpiresAt; confirmed: the tickets are " +
          "issued; cancelled; refunded.",
      ),
    buyerName: z.string(),
    buyerEmail: z.string(),
    language: z.enum(LANGUAGES).describe("The language of the order's e-mails."),
    totalCents: count.describe("The total in US cents."),
    currency: z.literal("USD"),
    holdExpiresAt: instant.nullable().describe("While pending: when the held tickets go back on sale."),
    createdAt: instant,
    paymentProvider: z.enum(Object.keys(PAYMENT_PROVIDERS) as [PaymentProvider["name"]]).nullable(),
    cardBrand: z.string().nullable().describe("Of the card paid with, as the provider names it (visa, amex, ...)."),
    cardLast4: z
      .string()
      .regex(/^\d{4}$/)
      .nullable()
      .describe("Nothing else of the card is ever kept."),
    items: z.array(
      z.object({
        ticketTypeId: id,
        name: z.string(),
        quantity: z.int().min(1).max(MAX_TICKETS_PER_ORDER),
        unitPriceCents: count,
      }),
    ),
    tickets: z
      .array(
        z.object({
          id: uuid,
          code: ticketCode,
          ticketTypeId: id,
          ticketTypeName: z.string(),
          status: ticketStatus,
          checkedInAt: instant.nullable(),
        }),
      )
      .describe("One per admission, issued when the order is confirmed; none while pending."),
    event: z.object({
      id,
      url: z.string(),
      title: z.string(),
      startsAt: instant,
      endsAt: instant,
      timeZone: z.string(),
      status: z.enum(["draft", "published", "cancelled"]),
      venue: z.object({
        name: z.string(),
        address: z.string(),
        city: z.string(),
        state: z.string(),
        zipCode: z.string(),
      }),
    }),
    history: z
      .array(
        z.object({ status: z.enum(ORDER_STATUSES), reason: describedEnum(ORDER_CHANGE_REASONS, "Why"), at: instant }),
      )
      .describe("Every status the order entered, oldest first."),
  })
  .describe("An order, as its buyer and its event's organizers see it.");

const payment = z
  .discriminatedUnion("outcome", [
    z.object({ outcome: z.literal("paid") }),
    z.object({ outcome: z.literal("declined"), declineReason: describedEnum(DECLINE_REASONS, "Why") }),
    z.object({
      outcome: z.literal("redirect"),
      redirectUrl: z.url().describe("The provider's payment page (Stripe Checkout): send the buyer there."),
    }),
  ])
  .describe(
    "How paying went: paid (the order is confirmed and its tickets issued), declined (the order is " +
      "cancelled and its tickets go back on sale: another card means a new order) or redirect (the buyer " +
      "pays on the provider's page).",
  );

const accessToken = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/)
  .describe(
    "The buyer's key to the order without an account: send it in X-Order-Token (or ?key=). Shown once: only " +
      "its hash is kept.",
  );

const checkInCounts = z
  .object({
    checkedIn: count.describe("Valid tickets of the event admitted so far."),
    sold: count.describe("Valid tickets issued for the event (confirmed orders)."),
  })
  .describe("Checked in against sold.");

const checkInTicket = z.object({ code: ticketCode, ticketTypeName: z.string(), buyerName: z.string() });
/** The outcomes that come with the ticket's details; the service's others (CHECK_IN_OUTCOMES) come with counts only. */
const DETAILED_OUTCOMES: readonly CheckInOutcome[] = ["checked_in", "already_checked_in", "void"];
const checkInResult = z
  .discriminatedUnion("outcome", [
    z.object({
      outcome: z.literal("checked_in"),
      ticket: checkInTicket,
      checkedInAt: instant.describe("Now."),
      counts: checkInCounts,
    }),
    z.object({
      outcome: z.literal("already_checked_in"),
      ticket: checkInTicket,
      checkedInAt: instant.describe("The first admission."),
      checkedInBy: z
        .object({ userId: uuid, name: z.string() })
        .nullable()
        .describe("Who admitted it first; null when that account is gone."),
      counts: checkInCounts,
    }),
    z.object({
      outcome: z.literal("void"),
      ticket: checkInTicket,
      voidReason: z.enum(["cancelled", "refunded"]).describe("What happened to its order."),
      counts: checkInCounts,
    }),
    z.object({
      outcome: z
        .enum(CHECK_IN_OUTCOMES.filter((outcome) => !DETAILED_OUTCOMES.includes(outcome)) as [CheckInOutcome])
        .describe(
          "wrong_event: another event's ticket (nothing more is told); not_found: no such ticket; " +
            "invalid_code: not a ticket code at all.",
        ),
      counts: checkInCounts,
    }),
  ])
  .describe("What the door is told about a code. Only checked_in admits its holder.");

const waitlistEntry = z
  .object({
    id,
    eventId: id,
    ticketTypeId: id,
    name: z.string(),
    email: z.string(),
    status: z
      .enum(WAITLIST_ENTRY_STATUSES)
      .describe(
        `waiting; offered (a ticket is held for ${WAITLIST_OFFER_HOURS} hours in the pending order offerOrderId); ` +
          "purchased; expired (the offer ran out, or the address was not confirmed in time); left.",
      ),
    position: z
      .int()
      .min(1)
      .nullable()
      .describe("Place in line while waiting with a confirmed address, 1 being next; otherwise null."),
    offerOrderId: uuid.nullable(),
    offeredAt: instant.nullable(),
    confirmed: z
      .boolean()
      .describe(
        "Whether the address was confirmed (from the link e-mailed to it, or by joining signed in with it): " +
          "only confirmed places are offered tickets.",
      ),
    createdAt: instant,
  })
  .describe("A place in the line for a sold-out ticket type.");

const myTicket = z
  .object({
    code: ticketCode,
    formattedCode: z
      .string()
      .regex(new RegExp(`^${codeCharacter}{5}(-${codeCharacter}{5}){3}$`))
      .describe("The code as people read it: four groups of five."),
    status: ticketStatus,
    checkedInAt: instant.nullable(),
    ticketTypeName: z.string(),
    isUpcoming: z.boolean().describe("Until the event ends."),
    order: z.object({ id: uuid }),
    event: z.object({
      id,
      title: z.string(),
      startsAt: instant,
      endsAt: instant,
      timeZone: z.string(),
      venueName: z.string(),
    }),
  })
  .describe("A ticket of the signed-in person's.");

/** Named schemas, in the order they appear under components.schemas. */
const NAMED_SCHEMAS = {
  EventSummary: eventSummary,
  EventSearchHit: eventSearchHit,
  EventDetail: eventDetail,
  EventSearchResult: z.object({
    data: z.array(eventSearchHit),
    page: id,
    pageSize: id,
    total: count.describe("How many events match: exactly, or at least this many when totalIsLowerBound."),
    totalIsLowerBound: z
      .boolean()
      .describe(
        `Counting stops at ${COUNT_CAP} matches, or at the end of the page asked for if that is further; ` +
          "when there are more, total is a lower bound.",
      ),
  }),
  EventResponse: z.object({ data: eventDetail }),
  CategoryList: z.object({ data: z.array(category) }),
  VenueList: z.object({ data: z.array(venue) }),
  SponsorList: z.object({ data: z.array(sponsor) }),
  SponsorResponse: z.object({ data: sponsor.extend({ events: z.array(eventSummary) }) }),
  OrganizerResponse: z.object({ data: organizer }),
  StatsResponse: z.object({ data: siteStats }),
  InterestList: z
    .object({ data: z.array(savedInterest) })
    .describe("The interests the signed-in person saved, in the order the site lists them."),
  RecommendationList: z
    .object({ data: z.array(eventSummary) })
    .describe("Upcoming events matching the saved interests, soonest first, at most six."),
  OpenApiDocument: z
    .looseObject({ openapi: z.literal("3.1.0"), info: z.looseObject({ title: z.string() }), paths: z.looseObject({}) })
    .describe("This document."),
  Order: order,
  OrderResponse: z.object({ data: order }).meta({ examples: [ANSWER_EXAMPLES.OrderResponse] }),
  Payment: payment,
  OrderCreated: z
    .object({
      data: order,
      accessToken,
      payment: payment.optional().describe("When the request gave payment and the order is not free."),
    })
    .meta({ description: "The order just placed.", examples: [ANSWER_EXAMPLES.OrderCreated] }),
  OrderPayment: z.object({ data: order, payment }).meta({
    description: "The order after the attempt to pay, and how it went.",
    examples: [ANSWER_EXAMPLES.OrderPayment],
  }),
  MyTicketList: z.object({ data: z.array(myTicket) }).meta({
    description: "Upcoming events' tickets first, soonest first; then past ones, latest first.",
    examples: [ANSWER_EXAMPLES.MyTicketList],
  }),
  TicketLookupAccepted: z
    .object({
      data: z.object({ status: z.literal("accepted"), message: z.literal(TICKET_LOOKUP_ANSWER.data.message) }),
    })
    .meta({
      description: "The one answer to every well-formed lookup.",
      examples: [ANSWER_EXAMPLES.TicketLookupAccepted],
    }),
  NewsletterAccepted: z
    .object({
      data: z.object({ status: z.literal("accepted"), message: z.literal(NEWSLETTER_ANSWER.data.message) }),
    })
    .meta({
      description: "The one answer to every well-formed subscription request.",
      examples: [ANSWER_EXAMPLES.NewsletterAccepted],
    }),
  CheckInCounts: checkInCounts,
  CheckInSummary: z
    .object({ data: z.object({ counts: checkInCounts }) })
    .meta({ examples: [ANSWER_EXAMPLES.CheckInSummary] }),
  CheckInResult: checkInResult,
  CheckInResponse: z.object({ data: checkInResult }).meta({ examples: [ANSWER_EXAMPLES.CheckInResponse] }),
  WaitlistEntry: waitlistEntry,
  WaitlistEntryResponse: z.object({ data: waitlistEntry }).meta({ examples: [ANSWER_EXAMPLES.WaitlistEntryResponse] }),
  WaitlistEntryList: z.object({ data: z.array(waitlistEntry) }).meta({
    description: "The signed-in person's places, newest first, at most 100.",
    examples: [ANSWER_EXAMPLES.WaitlistEntryList],
  }),
  WebhookReceived: z.object({ received: z.literal(true) }).meta({
    description: "Stripe's event was taken; it need not be sent again.",
    examples: [ANSWER_EXAMPLES.WebhookReceived],
  }),
  ...PROMOTION_NAMED_SCHEMAS,
  ...MY_EVENT_NAMED_SCHEMAS,
  Error: errorBody,
} satisfies Record<string, z.ZodType>;

type SchemaName = keyof typeof NAMED_SCHEMAS;

// ─── Request bodies, generated from the schemas the handlers parse them with ───────────────────

/** check-ins.ts reads codes up to this long, so that whatever a scanner read is answered invalid_code. */
const MAX_CHECK_IN_CODE_LENGTH = 512;

/**
 * The bodies as the handlers parse them: the domain's schemas, in the envelopes the handlers put them
 * in (orders.ts, check-ins.ts, waitlist.ts), which refuse unknown fields. Their JSON Schemas describe
 * the input side: what a client sends, before zod's transforms.
 */
const INPUT_SCHEMAS = {
  ...MY_EVENT_INPUT_SCHEMAS,
  InterestInput: interestInputSchema.describe("One of the 24 interests, by key."),
  OrderInput: orderInputSchema
    .safeExtend({
      language: z
        .enum(LANGUAGES)
        .optional()
        .describe("The language of the order's e-mails; by default the first of ours Accept-Language names."),
      payment: z
        .object({ card: cardInputSchema.optional() })
        .strict()
        .optional()
        .describe(
          "To pay a paid order at once: the card with the sandbox provider; an empty object with Stripe, " +
            "which answers with the page to send the buyer to. A free order ignores it.",
        ),
    })
    .strict()
    .describe(
      `An event, 1 to ${MAX_TICKETS_PER_ORDER} tickets across its ticket types, each type once, and the buyer.`,
    ),
  PaymentInput: z
    .object({
      card: cardInputSchema
        .optional()
        .describe("Required by the sandbox provider unless the order is free; not sent with Stripe."),
    })
    .strict(),
  CardInput: cardInputSchema,
  CheckInInput: z
    .object({
      code: z
        .string()
        .max(MAX_CHECK_IN_CODE_LENGTH)
        .describe(
          "The code as scanned or typed: dashes, spaces and case do not matter, and O is read as 0, I and L " +
            "as 1. Anything that is not a code is answered with the outcome invalid_code.",
        ),
    })
    .strict(),
  WaitlistJoinInput: z
    .object({
      name: buyerSchema.shape.name,
      email: buyerSchema.shape.email,
      language: z
        .enum(LANGUAGES)
        .optional()
        .describe("The language of the offer e-mail; by default the first of ours Accept-Language names."),
    })
    .strict(),
  TicketLookupInput: ticketLookupInputSchema,
  NewsletterInput: newsletterInputSchema,
  PromotionQuoteInput: promotionQuoteInputSchema.describe(
    `Promotion types (each once), ${PROMOTION_LIMITS.minDays} to ${PROMOTION_LIMITS.maxDays} days, an optional budget in ` +
      `cents up to ${PROMOTION_LIMITS.maxBudgetCents} that the price must fit, and the start (now when left out): the digest's price ` +
      "depends on how many editions go out while the campaign runs.",
  ),
  PromotionPurchaseInput: promotionInputSchema
    .extend({
      payment: z
        .object({ card: cardInputSchema.optional() })
        .strict()
        .optional()
        .describe("The card with the sandbox provider; nothing (or an empty object) with Stripe."),
    })
    .strict()
    .describe(
      "A published event you organize or co-organize that has not started, and the campaign: a quote's fields.",
    ),
  StripeEvent: z
    .looseObject({
      id: z.string(),
      object: z.literal("event"),
      type: z.string().describe("checkout.session.completed confirms an order; other types are acknowledged."),
      data: z.looseObject({ object: z.looseObject({}) }),
    })
    .describe("An Event as Stripe sends it (docs.stripe.com/api/events/object), signed in Stripe-Signature."),
} satisfies Record<string, z.ZodType>;

type InputSchemaName = keyof typeof INPUT_SCHEMAS;

/** Words for fields whose rules a JSON Schema cannot state (they are transforms and refinements in zod). */
const INPUT_FIELD_NOTES = new Map<unknown, string>([
  [cardInputSchema, "A payment card. It is never stored: only its brand and last 4 digits are."],
  [buyerSchema.shape.name, "Spaces around it are ignored."],
  [buyerSchema.shape.email, "An e-mail address; spaces around it are ignored."],
  [ticketLookupInputSchema.shape.email, "The address the orders were made with."],
  [newsletterInputSchema.shape.email, "The address to send the weekly digest to; spaces around it are ignored."],
  [newsletterInputSchema.shape.language, "The digest's language; by default the first of ours Accept-Language names."],
  [
    cardInputSchema.shape.number,
    "The card number; spaces and dashes are ignored. It must pass the Luhn check and suit its brand. With the " +
      "sandbox provider, Stripe's test numbers work: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined.",
  ],
  [cardInputSchema.shape.expMonth, "1 to 12 (digits in a string work too)."],
  [cardInputSchema.shape.expYear, "Four digits; a past month is refused (expiry_past)."],
  [cardInputSchema.shape.cvc, "3 digits, 4 for American Express."],
]);

/**
 * components.schemas, where a named schema used inside another becomes a $ref to it: the answers as
 * the API writes them (output), then the request bodies as clients send them (input).
 */
function componentSchemas(): Record<string, JsonSchema> {
  const generate = (named: Record<string, z.ZodType>, io: "input" | "output") => {
    const registry = z.registry<{ id: string }>();
    for (const [name, schema] of Object.entries(named)) registry.add(schema, { id: name });
    const { schemas } = z.toJSONSchema(registry, {
      io,
      uri: (name) => `#/components/schemas/${name}`,
      override: ({ zodSchema, jsonSchema }) => {
        // z.int() states JavaScript's safe-integer range; that is noise to a reader, not a rule of ours.
        if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
        if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
        const note = INPUT_FIELD_NOTES.get(zodSchema);
        if (note) jsonSchema.description = note;
      },
    });
    // Each one comes with its own $schema and $id; inside an OpenAPI document they only get in the way.
    return Object.entries(schemas).map(([name, { $schema: _dialect, $id: _id, ...schema }]) => [name, schema]);
  };
  return Object.fromEntries([...generate(NAMED_SCHEMAS, "output"), ...generate(INPUT_SCHEMAS, "input")]);
}

const ref = (name: SchemaName | InputSchemaName): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

// ─── Parameters ────────────────────────────────────────────────────────────────────────────────

interface SearchParameterDoc {
  description: string;
  /** What the search does when the parameter is absent (the schema itself has no defaults). */
  default?: string | number;
  example?: string | number;
}

/**
 * Words for each search parameter. Keyed by the schema's own input type, so adding a parameter to
 * eventSearchSchema without describing it here fails the typecheck.
 */
const SEARCH_PARAMETERS: Record<keyof EventSearchInput, SearchParameterDoc> = {
  q: {
    description:
      "Words to find in the title, description, venue, city, category or organizer. Accents and case are " +
      "ignored and small typos tolerated; runs of spaces count as one.",
  },
  category: { description: "Only events in this category.", example: "music" },
  date: {
    description:
      "Only events in this window of Washington's calendar: today, this weekend, this week (until Monday), " +
      "this month, or custom (then give from, to or both).",
  },
  from: { description: "With date=custom: the first day, as YYYY-MM-DD." },
  to: { description: "With date=custom: the last day, as YYYY-MM-DD; not before from." },
  price: { description: "free: events with a free ticket; under30: events with a ticket at $30 or less." },
  maxPrice: { description: "Only events with a ticket at or under this price, in US dollars." },
  language: { description: "Only events held in this language." },
  vip: {
    description: "Only VIP events: private ones, ones with a ticket over $200, or with VIP in the title.",
    default: "false",
  },
  featured: { description: "Only featured events, and events promoted on the home page.", default: "false" },
  near: { description: "Only events within radius miles of this place in the DMV." },
  lat: { description: "Latitude of a point to search around; give lng too. Wins over near." },
  lng: { description: "Longitude of a point to search around; give lat too." },
  radius: { description: "With near or lat and lng: how far from the point, in miles.", default: DEFAULT_RADIUS_MILES },
  past: { description: "Also events that have already ended.", default: "false" },
  sort: {
    description:
      "The order of results. When absent: relevance if q is given, else distance if a point is given, else " +
      "date; events promoted in search come first unless a sort is asked for. relevance needs q.",
  },
  page: { description: "Which page of results.", default: 1 },
  limit: { description: "How many events per page.", default: DEFAULT_PAGE_SIZE, example: 5 },
};

/** The query parameters of GET /events, generated from the schema that parses them. */
function searchParameters(): OpenApiParameter[] {
  // Input side: what a client sends (enums, bounds, patterns), before zod's transforms.
  const { properties = {} } = z.toJSONSchema(eventSearchSchema, { io: "input" }) as {
    properties?: Record<string, JsonSchema>;
  };
  const fromSchema = Object.entries(properties).map(([name, schema]): OpenApiParameter => {
    const words = SEARCH_PARAMETERS[name as keyof EventSearchInput] as SearchParameterDoc | undefined;
    if (!words) throw new Error(`The search parameter ${name} has no description in server/api/openapi.ts`);
    return {
      name,
      in: "query",
      required: false,
      description: words.description,
      schema: words.default === undefined ? schema : { ...schema, default: words.default },
      ...(words.example === undefined ? {} : { example: words.example }),
    };
  });
  // parseEventSearch drops `lang` before the schema sees it: the same URL serves the /events page.
  const lang: OpenApiParameter = {
    name: "lang",
    in: "query",
    required: false,
    description:
      "Accepted and ignored, so that a link to the /events page works here unchanged. To filter by the " +
      "language of events, use language.",
    schema: { type: "string" },
  };
  return [...fromSchema, lang];
}

const recordIdParameter = (description: string, name = "id"): OpenApiParameter => ({
  name,
  in: "path",
  required: true,
  // domain/record-id.ts: digits only, up to the largest PostgreSQL serial; anything else is a 404.
  description: `${description} Anything that is not such a number answers 404.`,
  schema: { type: "integer", minimum: 1, maximum: 2_147_483_647 },
  example: 1,
});

const ifNoneMatch: OpenApiParameter = {
  name: "If-None-Match",
  in: "header",
  required: false,
  description: "The ETag of a copy you already have: if the body is unchanged the answer is 304 without a body.",
  schema: { type: "string" },
};

const orderIdParameter: OpenApiParameter = {
  name: "id",
  in: "path",
  required: true,
  description: "The order's id, a UUID (data.id of the answer to POST /orders). Anything else answers 404.",
  schema: { type: "string", format: "uuid" },
  // Orders are made by their buyers, so no example can name a real one: this one is only well formed.
  example: "00000000-0000-4000-8000-000000000000",
};

/** Access tokens are 32 random bytes in base64url (server/auth/secrets.ts randomToken). */
const ACCESS_TOKEN_SCHEMA = { type: "string", pattern: "^[A-Za-z0-9_-]{43}$" };

/** The two ways a guest shows an order's access token (orders.ts accessTokenOf). */
const orderTokenParameters: OpenApiParameter[] = [
  {
    name: ORDER_TOKEN_HEADER,
    in: "header",
    required: false,
    description:
      "The order's access token (accessToken of the answer to POST /orders, or the key in an e-mail's link): " +
      "how a buyer without an account, or not signed in, shows the order is theirs.",
    schema: ACCESS_TOKEN_SCHEMA,
    example: "q8Zf3xYb0VtN2cW7kLmP4sR9uJ1hG6dE5aT0iO2yBnM",
  },
  {
    name: "key",
    in: "query",
    required: false,
    description: `The access token in the query instead, as e-mailed links carry it; ${ORDER_TOKEN_HEADER} wins.`,
    schema: ACCESS_TOKEN_SCHEMA,
  },
];

const KEY_HOURS = IDEMPOTENCY_KEY_TTL_MS / 3_600_000;

const idempotencyKeyParameter: OpenApiParameter = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: "header",
  required: false,
  description:
    "Makes the request safe to send again after a lost answer (a UUID is typical). The first answer is " +
    `kept ${KEY_HOURS} hours: the same request with the same key gets it again, status and body, with ` +
    `${IDEMPOTENT_REPLAYED_HEADER}: true, and is not carried out twice; the same key with a different body is ` +
    "refused with 422. Keys are per route and per caller (the signed-in person, or guests together).",
  schema: { type: "string", minLength: 1, maxLength: 255, pattern: "^[\\x20-\\x7e]+$" },
  example: "5f0c8a2e-3d1b-4c7a-9e6f-2b8d4a1c0e93",
};

const stripeSignature: OpenApiParameter = {
  name: "Stripe-Signature",
  in: "header",
  required: true,
  description:
    "Stripe's signature of the body as sent, made with the endpoint's secret (STRIPE_WEBHOOK_SECRET). A body " +
    "that does not match it is refused with 400.",
  schema: { type: "string" },
};

// ─── Responses ─────────────────────────────────────────────────────────────────────────────────

const ETAG_HEADER: OpenApiHeader = {
  description: "A weak validator of the body; send it back in If-None-Match.",
  required: true,
  schema: { type: "string", pattern: '^W/".+"$' },
};

function ok(description: string, schema: SchemaName, cacheControl: string): OpenApiResponse {
  return {
    description,
    headers: {
      ETag: ETAG_HEADER,
      "Cache-Control": {
        description: "How long shared caches and browsers may keep the answer.",
        required: true,
        schema: { type: "string", const: cacheControl },
      },
    },
    content: { "application/json": { schema: ref(schema) } },
  };
}

const NOT_MODIFIED: OpenApiResponse = {
  description: "Not Modified: If-None-Match names the current ETag. No body.",
  headers: { ETag: ETAG_HEADER },
};

/** The requestId of every error example: the one the test of the Error schema's example sends. */
const EXAMPLE_REQUEST_ID = "3f2c9a";

/** An error answer's body, as error-response.ts writes it. */
function problem(code: ErrorCode, message: string, fields?: Record<string, string>) {
  return { error: { code, message, requestId: EXAMPLE_REQUEST_ID, ...(fields ? { fields } : {}) } };
}

type ErrorExamples = Record<string, { summary: string; value: ReturnType<typeof problem> }>;

/** An error answer; `examples` are its cases, real answers of the API (with the example requestId). */
const error = (description: string, examples?: ErrorExamples): OpenApiResponse => ({
  description,
  content: { "application/json": { schema: ref("Error"), ...(examples ? { examples } : {}) } },
});

// The Cache-Control values the handlers send (events.ts, site.ts and this file).
const EVENTS_CACHE = "public, max-age=30, stale-while-revalidate=60";
const DIRECTORY_CACHE = "public, max-age=60";
const STATS_CACHE = "public, max-age=2";
/** The document changes only with a deploy. */
const DOCUMENT_CACHE = "public, max-age=300";

/** A public read: the same answer for everyone, with an ETag, kept a while by any cache. */
function publicRead(
  fields: Omit<OpenApiOperation, "parameters" | "responses"> & { parameters?: OpenApiParameter[] },
  success: OpenApiResponse,
  errors: Record<string, OpenApiResponse> = {},
): { get: OpenApiOperation } {
  return {
    get: {
      ...fields,
      parameters: [...(fields.parameters ?? []), ifNoneMatch],
      responses: { "200": success, "304": NOT_MODIFIED, ...errors },
    },
  };
}

const NOT_FOUND = (what: string) => ({ "404": error(`No such ${what} (code not_found).`) });

/** How a client proves who it is for the operations about the signed-in person (decision 007). */
const SECURITY_SCHEMES = {
  bearerAuth: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "An access token from /auth/v1 (sign in with POST /auth/v1/token?grant_type=password).",
  },
  sessionCookie: {
    type: "apiKey",
    in: "cookie",
    name: "session",
    description:
      "The session cookie this site's own pages use; requests that change data must come from them (403 " +
      "otherwise).",
  },
};

const SECURITY: Record<OperationAccess, SecurityRequirement[] | undefined> = {
  signedIn: [{ bearerAuth: [] }, { sessionCookie: [] }],
  // The empty requirement is OpenAPI's way to say that no credentials at all will also do.
  optional: [{}, { bearerAuth: [] }, { sessionCookie: [] }],
  none: undefined,
};

const PRIVATE_CACHE_HEADER: OpenApiHeader = {
  description: "About one person or one order: no cache may keep it.",
  required: true,
  schema: { type: "string", const: PRIVATE_CACHE },
};

/** Answers that are the same for everyone yet must not be kept (a webhook's, Find My Ticket's). */
const NO_STORE_HEADER: OpenApiHeader = {
  description: "No cache may keep it (private, no-store when the request was signed in).",
  required: true,
  schema: { type: "string", enum: ["no-store", PRIVATE_CACHE] },
};

const REPLAYED_HEADER: OpenApiHeader = {
  description: `Only on an answer given again for a repeated ${IDEMPOTENCY_KEY_HEADER}.`,
  required: false,
  schema: { type: "string", const: "true" },
};

const UNAUTHENTICATED = error("No signed-in session (code unauthenticated, message 'Must be logged in').", {
  unauthenticated: { summary: "Not signed in", value: problem("unauthenticated", "Must be logged in") },
});

const KEY_REUSED = error(`The ${IDEMPOTENCY_KEY_HEADER} was used with a different request (code invalid).`, {
  reused_with_different_body: {
    summary: "Key reused with another body",
    value: problem("invalid", "This Idempotency-Key was used with a different request.", {
      [IDEMPOTENCY_KEY_HEADER]: "reused_with_different_body",
    }),
  },
});

interface OperationFields extends Omit<OpenApiOperation, "parameters" | "responses" | "security" | "requestBody"> {
  parameters?: OpenApiParameter[];
  /** Who may call it; a signed-in person unless said otherwise. */
  access?: OperationAccess;
  /** The JSON body it takes, with a real example. */
  body?: { schema: InputSchemaName; example: unknown };
  /**
   * Takes an Idempotency-Key; the statuses listed are the answers of the use case itself, which are
   * stored with the key and replayed (idempotency.ts). Adds the parameter, the header and the 422.
   */
  replayedStatuses?: string[];
}

/**
 * An operation whose answers no cache may keep: about the signed-in person or about one order, or a
 * write. The success answer is `success.status` (200 by default) with `Cache-Control: private,
 * no-store` unless another header is given; 401 is added when it needs a session.
 */
function privateOperation(
  fields: OperationFields,
  success: { status?: "200" | "201" | "202"; description: string; schema: SchemaName; cacheControl?: OpenApiHeader },
  errors: Record<string, OpenApiResponse> = {},
): OpenApiOperation {
  const { access = "signedIn", body, replayedStatuses, parameters = [], ...rest } = fields;
  const responses: Record<string, OpenApiResponse> = {
    [success.status ?? "200"]: {
      description: success.description,
      headers: { "Cache-Control": success.cacheControl ?? PRIVATE_CACHE_HEADER },
      content: { "application/json": { schema: ref(success.schema) } },
    },
    ...errors,
    ...(access === "signedIn" ? { "401": UNAUTHENTICATED } : {}),
    ...(replayedStatuses ? { "422": KEY_REUSED } : {}),
  };
  for (const status of replayedStatuses ?? []) {
    const response = responses[status];
    if (!response) throw new Error(`${rest.operationId} replays ${status}, which it does not document`);
    responses[status] = {
      ...response,
      headers: { ...response.headers, [IDEMPOTENT_REPLAYED_HEADER]: REPLAYED_HEADER },
    };
  }
  const security = SECURITY[access];
  return {
    ...rest,
    parameters: replayedStatuses ? [...parameters, idempotencyKeyParameter] : parameters,
    ...(security ? { security } : {}),
    ...(body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: ref(body.schema), example: body.example } },
          },
        }
      : {}),
    // Statuses are integer-like keys: objects list them in ascending order, whatever the order above.
    responses,
  };
}

const INVALID_INTEREST = { "400": error("Not one of the 24 interests (code invalid); fields names interest.") };

/** A conflict about an order's state (orders.ts `conflict`): fields.order is the stable word. */
const orderConflict = (word: string, message: string) => problem("conflict", message, { order: word });

const ORDER_NOT_FOUND = {
  "404": error("No such order, or not the caller's: both look the same (code not_found).", {
    not_found: {
      summary: "No such order, or not yours",
      value: problem("not_found", "No such order, or it is not yours."),
    },
  }),
};

const BUYER_ONLY = error("The caller may see the order but is not its buyer: an organizer (code forbidden).", {
  forbidden: { summary: "Not the buyer", value: problem("forbidden", "Only the order's buyer may do this.") },
});

const CHECK_IN_ERRORS = {
  "404": error(
    "No such event, or the caller is not its organizer or a co-organizer (code not_found): the same answer, " +
      "so that nobody learns that a draft exists.",
    { not_found: { summary: "No such event", value: problem("not_found", "No such event.") } },
  ),
};

// ─── /my/events (my-events.ts) ─────────────────────────────────────────────────────────────────

const EVENT_ID_PARAMETER: OpenApiParameter = {
  name: "id",
  in: "path",
  required: true,
  description: "The event's id.",
  schema: { type: "integer", minimum: 1, maximum: 2_147_483_647 },
  example: 142,
};

const MY_EVENT_NOT_FOUND = {
  "404": error(
    "No such event, or the caller neither organizes nor co-organizes it: both look the same (code not_found).",
    {
      not_found: { summary: "Not an event of yours", value: problem("not_found", "No event 142.") },
    },
  ),
};

const TOO_MANY_INVITATIONS = {
  "429": error(
    "The change would send more co-organizer invitations than one person may send in a day (code " +
      "rate_limited, fields coOrganizerEmails: too_many_invitations). Nothing was changed.",
    {
      too_many_invitations: {
        summary: "Too many invitations today",
        value: problem("rate_limited", "At most 20 co-organizer invitations a day.", {
          coOrganizerEmails: "too_many_invitations",
        }),
      },
    },
  ),
};

const EVENT_IS_CANCELLED = {
  "409": error("The event is cancelled and cannot change any more (code conflict, fields.event cancelled).", {
    cancelled: {
      summary: "Cancelled",
      value: problem("conflict", "The event is cancelled: it cannot change any more.", { event: "cancelled" }),
    },
  }),
};

const invalidEvent = (examples: ErrorExamples) => ({
  "400": error(
    `The event is not valid (code invalid): fields names each field by its path (ticketTypes.0.priceCents) ` +
      `with one of: ${EVENT_PROBLEM_WORDS}. Nothing was changed.`,
    examples,
  ),
});

const EXAMPLE_EVENT_INPUT = {
  title: "Jazz on the Wharf",
  description: "An evening of **jazz** by the water.",
  categoryId: 1,
  language: "en",
  isPublic: true,
  timeZone: "America/New_York",
  startsAt: "2026-12-11T19:00:00-05:00",
  endsAt: "2026-12-11T22:00:00-05:00",
  venue: { id: 1 },
  ticketTypes: [
    { name: "General Admission", priceCents: 2500, quantity: 200 },
    {
      name: "VIP",
      priceCents: 9000,
      quantity: 20,
      description: "Front tables and a drink.",
      salesStartAt: "2026-11-25T09:00:00-05:00",
      salesEndAt: "2026-12-11T18:00:00-05:00",
    },
  ],
  sponsorIds: [],
  coOrganizerEmails: [],
};

function myEventPaths(): Record<string, OpenApiPathItem> {
  const tags = ["My events"];
  const withId = (parameters: OpenApiParameter[] = []) => [EVENT_ID_PARAMETER, ...parameters];
  return {
    "/my/events": {
      get: privateOperation(
        {
          operationId: "listMyEvents",
          summary: "List my events",
          description:
            "The events the signed-in person organizes or co-organizes, drafts included, with sold tickets, " +
            "capacity and revenue.",
          tags,
        },
        { description: "The events.", schema: "MyEventList" },
      ),
      post: privateOperation(
        {
          operationId: "createMyEvent",
          summary: "Create an event",
          description:
            "Creates an event as a draft, or published at once with publish: true. A person's first event makes " +
            "them an organizer. Pictures are added afterwards with POST /my/events/{id}/images. Each address in " +
            "coOrganizerEmails is sent an invitation by e-mail (the same answer whether or not it has an account); " +
            "its owner co-organizes once they accept it, signed in with that address.",
          tags,
          body: { schema: "EventCreateInput", example: { ...EXAMPLE_EVENT_INPUT, publish: false } },
          replayedStatuses: ["201"],
        },
        { status: "201", description: "The event as created.", schema: "EditableEventResponse" },
        {
          ...invalidEvent({
            end_before_start: {
              summary: "End before start",
              value: problem("invalid", EVENT_BODY_SHAPE, { endsAt: "end_before_start" }),
            },
            unknown_category: {
              summary: "No such category",
              value: problem("invalid", "The event is not valid.", { categoryId: "unknown_category" }),
            },
          }),
          ...TOO_MANY_INVITATIONS,
        },
      ),
    },
    "/my/events/venues": {
      get: privateOperation(
        {
          operationId: "searchVenues",
          summary: "Find a venue",
          description: "Venues to hold an event at, by words of their name, address or city.",
          tags,
          parameters: [
            {
              name: "q",
              in: "query",
              required: false,
              description: "Words of the venue's name, address or city; nothing is found without them.",
              schema: { type: "string", maxLength: 100 },
              example: "wharf",
            },
          ],
        },
        { description: "The venues found.", schema: "VenueSearchList" },
      ),
    },
    "/my/events/{id}": {
      get: privateOperation(
        {
          operationId: "getMyEvent",
          summary: "Read an event to edit",
          description: "Everything the organizer or a co-organizer edits of an event, with what is sold.",
          tags,
          parameters: withId(),
        },
        { description: "The event.", schema: "EditableEventResponse" },
        MY_EVENT_NOT_FOUND,
      ),
      put: privateOperation(
        {
          operationId: "updateMyEvent",
          summary: "Change an event",
          description:
            "Replaces what is edited of an event (organizer or co-organizer); its pictures stay as they are. A " +
            "ticket type's quantity cannot go below what is sold or held, its price cannot go below what a current " +
            "ticket holder paid for one, and a type with orders cannot be removed. When a published event's date " +
            "or venue changes, every ticket holder is e-mailed. A new address in coOrganizerEmails is invited by " +
            "e-mail, one left out stops co-organizing or has its invitation withdrawn (the organizer only).",
          tags,
          parameters: withId(),
          body: { schema: "EventInput", example: EXAMPLE_EVENT_INPUT },
        },
        { description: "The event as changed.", schema: "EditableEventResponse" },
        {
          ...invalidEvent({
            below_sold: {
              summary: "Fewer than sold",
              value: problem("invalid", "The event is not valid.", { "ticketTypes.0.quantity": "below_sold" }),
            },
            below_paid_price: {
              summary: "Cheaper than holders paid",
              value: problem("invalid", "The event is not valid.", { "ticketTypes.0.priceCents": "below_paid_price" }),
            },
          }),
          ...MY_EVENT_NOT_FOUND,
          ...EVENT_IS_CANCELLED,
          ...TOO_MANY_INVITATIONS,
        },
      ),
    },
    "/my/events/{id}/publish": {
      post: privateOperation(
        {
          operationId: "publishMyEvent",
          summary: "Publish an event",
          description:
            "Puts a draft on sale and on the site (its organizer or a co-organizer). Publishing a published event " +
            "changes nothing.",
          tags,
          parameters: withId(),
        },
        { description: "The published event.", schema: "EditableEventResponse" },
        {
          "400": error("The event has already ended (code invalid, fields.endsAt in_the_past).", {
            in_the_past: {
              summary: "Already ended",
              value: problem("invalid", "The event has already ended.", { endsAt: "in_the_past" }),
            },
          }),
          ...MY_EVENT_NOT_FOUND,
          ...EVENT_IS_CANCELLED,
        },
      ),
    },
    "/my/events/{id}/cancel": {
      post: privateOperation(
        {
          operationId: "cancelMyEvent",
          summary: "Cancel an event",
          description:
            "Calls the event off (its organizer or a co-organizer): paid orders are refunded, free ones " +
            "cancelled, holds released, and every ticket holder is e-mailed.",
          tags,
          parameters: withId(),
        },
        { description: "The cancelled event.", schema: "EventCancelled" },
        {
          ...MY_EVENT_NOT_FOUND,
          "409": error("Already cancelled, or already over (code conflict, fields.event).", {
            already_cancelled: {
              summary: "Already cancelled",
              value: problem("conflict", "The event is already cancelled.", { event: "already_cancelled" }),
            },
          }),
        },
      ),
    },
    "/my/events/{id}/duplicate": {
      post: privateOperation(
        {
          operationId: "duplicateMyEvent",
          summary: "Duplicate an event",
          description:
            "A draft copy of the event (its organizer or a co-organizer): the same organizer, title, text, dates, " +
            "venue, ticket types with none sold, sponsors, co-organizers and pictures.",
          tags,
          parameters: withId(),
        },
        { status: "201", description: "The copy.", schema: "EditableEventResponse" },
        MY_EVENT_NOT_FOUND,
      ),
    },
    "/my/events/{id}/images": {
      post: {
        ...privateOperation(
          {
            operationId: "addMyEventImage",
            summary: "Add a picture",
            description:
              `Adds a picture after the event's others (at most ${MAX_EVENT_IMAGES}; the first is the cover), as ` +
              "multipart/form-data with the file and its alt text. It is cropped to 16:9 and stored as WebP.",
            tags,
            parameters: withId(),
          },
          { status: "201", description: "The event with its pictures.", schema: "EditableEventResponse" },
          {
            "400": error(`Not a picture, too large, without alt text, or a ${MAX_EVENT_IMAGES + 1}th (code invalid).`, {
              image_too_large: {
                summary: "Too large",
                value: problem("invalid", "A picture is at most 10 MB.", { file: "image_too_large" }),
              },
              image_type: {
                summary: "Not a picture",
                value: problem("invalid", "A picture cannot be used.", { file: "image_type" }),
              },
            }),
            ...MY_EVENT_NOT_FOUND,
            ...EVENT_IS_CANCELLED,
          },
        ),
        requestBody: {
          required: true,
          content: { "multipart/form-data": { schema: EVENT_IMAGE_UPLOAD_SCHEMA } },
        },
      },
    },
    "/my/events/{id}/images/{position}": {
      delete: privateOperation(
        {
          operationId: "removeMyEventImage",
          summary: "Remove a picture",
          description: "Removes one picture; those after it move up.",
          tags,
          parameters: withId([
            {
              name: "position",
              in: "path",
              required: true,
              description: "The picture's place, 0 (the cover) to 2.",
              schema: { type: "integer", minimum: 0, maximum: MAX_EVENT_IMAGES - 1 },
              example: 0,
            },
          ]),
        },
        { description: "The event with its remaining pictures.", schema: "EditableEventResponse" },
        { ...MY_EVENT_NOT_FOUND, ...EVENT_IS_CANCELLED },
      ),
    },
  };
}

function buildDocument(publicUrl: string): OpenApiDocument {
  return {
    openapi: "3.1.0",
    info: {
      title: "DMV Events API",
      version: "1.0.0",
      description:
        "JSON API of DMV Events: published events in Washington DC, Maryland, Virginia and beyond, with " +
        "their categories, venues, sponsors and organizers, readable by anyone with no key; tickets, " +
        "ordered by guests and signed-in people alike; and, for a signed-in person (an access token from " +
        "/auth/v1), their tickets, interests, recommendations and waitlist places, and the check-in of the " +
        "events they organize.\n\n" +
        "A guest's key to an order is its access token, given once when ordering and in every e-mail's " +
        `link: send it back in \`${ORDER_TOKEN_HEADER}\`. Ordering and paying take an \`${IDEMPOTENCY_KEY_HEADER}\`, ` +
        "so a request whose answer was lost can be sent again without ordering twice.\n\n" +
        "Every error, including an unknown path (404), has one shape: " +
        '`{"error": {"code", "message", "requestId", "fields"}}`; `fields` names each bad parameter or body ' +
        "field with code `invalid`, and gives a stable word with `conflict` and `rate_limited` (such as " +
        "`items: sold_out`). Every response carries an `X-Request-Id` header.\n\n" +
        "Successful public reads carry an `ETag` and a `Cache-Control` header; send the ETag back in " +
        "`If-None-Match` to get `304 Not Modified` when nothing changed. Answers about a person or an order " +
        "are `Cache-Control: private, no-store`.\n\n" +
        `Documentation for people: ${publicUrl}/api/docs`,
    },
    servers: [{ url: `${publicUrl}/api/v1`, description: "This site" }],
    tags: [
      { name: "Events", description: "Search and read published events." },
      { name: "Directory", description: "Categories, venues, sponsors and organizers." },
      { name: "Site", description: "Figures and this document." },
      { name: "Me", description: "The signed-in person's interests and recommendations." },
      { name: "My events", description: "Creating, changing, publishing and cancelling one's own events." },
      { name: "Orders", description: "Ordering tickets, paying, cancelling and refunding." },
      { name: "Tickets", description: "Finding one's tickets again: signed in, or by e-mail." },
      { name: "Check-in", description: "Admitting tickets at an event's door, for its organizers." },
      { name: "Waitlist", description: "Lines for sold-out ticket types." },
      { name: "Payments", description: "What payment providers call." },
      { name: "Promotions", description: "Paid promotion campaigns of an organizer's events." },
      { name: "Newsletter", description: "The weekly e-mail digest of events." },
    ],
    paths: {
      "/events": publicRead(
        {
          operationId: "listEvents",
          summary: "Search events",
          description:
            "Published events that have not ended, a page at a time, with the same search, filters and sorts " +
            "as the /events page. Unknown parameters are refused.",
          tags: ["Events"],
          parameters: searchParameters(),
        },
        ok(
          "A page of events, the page number, its size and the total number of matches.",
          "EventSearchResult",
          EVENTS_CACHE,
        ),
        { "400": error("A parameter is not valid (code invalid); fields names each bad one.") },
      ),
      "/events/{id}": publicRead(
        {
          operationId: "getEvent",
          summary: "Get one event",
          description: "A published or cancelled event with its venue, tickets, organizer, sponsors and images.",
          tags: ["Events"],
          parameters: [recordIdParameter("The event's number.")],
        },
        ok("The event.", "EventResponse", EVENTS_CACHE),
        NOT_FOUND("event"),
      ),
      "/categories": publicRead(
        {
          operationId: "listCategories",
          summary: "List categories",
          description: "All categories in their order, each with how many published events have not ended yet.",
          tags: ["Directory"],
        },
        ok("The categories.", "CategoryList", DIRECTORY_CACHE),
      ),
      "/venues": publicRead(
        {
          operationId: "listVenues",
          summary: "List venues",
          description: "All venues by name, with their address and coordinates.",
          tags: ["Directory"],
        },
        ok("The venues.", "VenueList", DIRECTORY_CACHE),
      ),
      "/sponsors": publicRead(
        {
          operationId: "listSponsors",
          summary: "List sponsors",
          description: "All sponsors, gold first, then silver and bronze, by name within a tier.",
          tags: ["Directory"],
        },
        ok("The sponsors.", "SponsorList", DIRECTORY_CACHE),
      ),
      "/sponsors/{id}": publicRead(
        {
          operationId: "getSponsor",
          summary: "Get one sponsor",
          description: "A sponsor with the upcoming published events it supports.",
          tags: ["Directory"],
          parameters: [recordIdParameter("The sponsor's number.")],
        },
        ok("The sponsor and its events.", "SponsorResponse", DIRECTORY_CACHE),
        NOT_FOUND("sponsor"),
      ),
      "/organizers/{id}": publicRead(
        {
          operationId: "getOrganizer",
          summary: "Get one organizer",
          description:
            "An organizer's public profile (never an e-mail address), reputation, upcoming events and most " +
            "recent past events.",
          tags: ["Directory"],
          parameters: [
            {
              name: "id",
              in: "path",
              required: true,
              description:
                "The organizer's user id, a UUID (events give it as organizer.id). Anything else answers 404.",
              schema: { type: "string", format: "uuid" },
              example: "00000000-0000-4000-8000-000000000000",
            },
          ],
        },
        ok("The organizer.", "OrganizerResponse", DIRECTORY_CACHE),
        NOT_FOUND("organizer"),
      ),
      "/stats": publicRead(
        {
          operationId: "getStats",
          summary: "Site figures",
          description: "Live counts: upcoming published events, registered people and organizers.",
          tags: ["Site"],
        },
        ok("The figures.", "StatsResponse", STATS_CACHE),
      ),
      "/openapi.json": publicRead(
        {
          operationId: "getOpenApiDocument",
          summary: "This OpenAPI document",
          description: "The OpenAPI 3.1 description of this API, for code generators and API tools.",
          tags: ["Site"],
        },
        ok("This document.", "OpenApiDocument", DOCUMENT_CACHE),
      ),
      "/me/interests": {
        get: privateOperation(
          {
            operationId: "listMyInterests",
            summary: "My interests",
            description: "The interests the signed-in person saved.",
            tags: ["Me"],
          },
          { description: "The saved interests.", schema: "InterestList" },
        ),
        post: {
          ...privateOperation(
            {
              operationId: "saveMyInterest",
              summary: "Save an interest",
              description:
                'Saves one interest, given by key in a JSON body such as {"interest": "music"}. Saving one ' +
                "already saved changes nothing. Answers with all saved interests.",
              tags: ["Me"],
            },
            { description: "The saved interests, the new one included.", schema: "InterestList" },
            INVALID_INTEREST,
          ),
          requestBody: {
            required: true,
            content: { "application/json": { schema: ref("InterestInput"), example: { interest: "music" } } },
          },
        },
      },
      "/me/interests/{interest}": {
        delete: privateOperation(
          {
            operationId: "removeMyInterest",
            summary: "Remove an interest",
            description:
              "Removes one saved interest. Removing one that is not saved changes nothing. Answers with the " +
              "interests still saved.",
            tags: ["Me"],
            parameters: [
              {
                name: "interest",
                in: "path",
                required: true,
                description: "The interest's key.",
                schema: { type: "string", enum: INTERESTS.map((entry) => entry.key) },
                example: "music",
              },
            ],
          },
          { description: "The interests still saved.", schema: "InterestList" },
          INVALID_INTEREST,
        ),
      },
      "/me/recommendations": {
        get: privateOperation(
          {
            operationId: "listMyRecommendations",
            summary: "Recommended for me",
            description:
              "Up to six published events that have not ended, soonest first, whose category, language (by its " +
              "English name) or, for public events, 'Public Events' matches a saved interest. Empty without " +
              "saved interests.",
            tags: ["Me"],
          },
          { description: "The recommended events.", schema: "RecommendationList" },
        ),
      },
      ...myEventPaths(),
      "/orders": {
        post: privateOperation(
          {
            operationId: "createOrder",
            summary: "Order tickets",
            description:
              `Orders 1 to ${MAX_TICKETS_PER_ORDER} tickets of one upcoming event, for a guest or for the signed-in ` +
              "person. The tickets are reserved at once, never more than are left (409 items: sold_out, and " +
              "nothing reserved). A free order is confirmed at once: its tickets are issued and e-mailed. A paid " +
              `one is pending, its tickets held for ${HOLD_MINUTES} minutes while the buyer pays: give payment to ` +
              "pay at once, or pay later with POST /orders/{id}/payment; a declined card is still 201, with " +
              "payment.outcome declined and the order cancelled, its hold ended. Keep accessToken: it is the buyer's key to the " +
              `order. An order placed signed in, or with the address of the person's confirmed account, is theirs. ` +
              `With an ${IDEMPOTENCY_KEY_HEADER}, sending the request again gives the first answer again ` +
              `(${IDEMPOTENT_REPLAYED_HEADER}: true); the same key with another body is 422; keys are kept ` +
              `${KEY_HOURS} hours.`,
            tags: ["Orders"],
            access: "optional",
            body: {
              schema: "OrderInput",
              // Sample event 10 is free: its ticket type 20 is "Free Registration".
              example: {
                eventId: 10,
                items: [{ ticketTypeId: 20, quantity: 2 }],
                buyer: { name: "Ada Lovelace", email: "ada@example.com" },
              },
            },
            replayedStatuses: ["201", "400", "404", "409"],
          },
          {
            status: "201",
            description: "The order placed, its access token and, when payment was given, how paying went.",
            schema: "OrderCreated",
          },
          {
            "400": error(
              "The body is not valid (code invalid): fields names each bad field by its path; also " +
                "eventId: event_ended for an event that is over or cancelled, and payment.card: card_required.",
              {
                invalid_body: {
                  summary: "Bad fields",
                  value: problem(
                    "invalid",
                    'The body must be JSON: {"eventId": 1, "items": [{"ticketTypeId": 1, "quantity": 1}], ' +
                      '"buyer": {"name": "…", "email": "…"}}.',
                    { items: "no_tickets", "buyer.email": "email_invalid" },
                  ),
                },
                event_ended: {
                  summary: "The event is over or cancelled",
                  value: problem("invalid", "This event is over or cancelled: no tickets are sold.", {
                    eventId: "event_ended",
                  }),
                },
              },
            ),
            "404": error("No such published event, or the ticket type is not one of its (code not_found).", {
              no_event: { summary: "No such event", value: problem("not_found", "No event 999999.") },
              no_ticket_type: {
                summary: "Not a ticket type of the event",
                value: problem("not_found", "Event 10 has no ticket type 1."),
              },
            }),
            "409": error("Not enough tickets of a type are left (code conflict, fields items: sold_out).", {
              sold_out: {
                summary: "Sold out",
                value: problem("conflict", "Not enough tickets of type 2 are left.", { items: "sold_out" }),
              },
              key_in_use: {
                summary: "The same key is being answered right now",
                value: problem("conflict", "This Idempotency-Key is in use by another request."),
              },
            }),
          },
        ),
      },
      "/orders/{id}": {
        get: privateOperation(
          {
            operationId: "getOrder",
            summary: "Get an order",
            description:
              "The order with its items, tickets (issued once it is confirmed, void after a cancellation or " +
              "refund), event and history. For its buyer (who placed it signed in, whose confirmed account " +
              `address it was made with, or who sends its access token in ${ORDER_TOKEN_HEADER}) and for its ` +
              "event's organizers. Anyone else gets 404, as for an order that does not exist.",
            tags: ["Orders"],
            access: "optional",
            parameters: [orderIdParameter, ...orderTokenParameters],
          },
          { description: "The order.", schema: "OrderResponse" },
          ORDER_NOT_FOUND,
        ),
      },
      "/orders/{id}/payment": {
        post: privateOperation(
          {
            operationId: "payOrder",
            summary: "Pay an order",
            description:
              "Pays a pending order while its tickets are held, for its buyer. payment.outcome says how it " +
              "went: paid (confirmed, tickets issued and e-mailed), declined (with declineReason; the order " +
              "is cancelled and its tickets go back on sale, so another card means a new order) or, with Stripe, redirect " +
              "(send the buyer to redirectUrl, the one Checkout page of this order while it is open; Stripe's " +
              "webhook confirms the order). The sandbox provider needs " +
              "a card, except for a free ticket offered from a waitlist, which this confirms without one. " +
              `${IDEMPOTENCY_KEY_HEADER} as for POST /orders.`,
            tags: ["Orders"],
            access: "optional",
            parameters: [orderIdParameter, ...orderTokenParameters],
            body: {
              schema: "PaymentInput",
              example: { card: { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2030, cvc: "123" } },
            },
            replayedStatuses: ["200", "400", "409"],
          },
          { description: "The order and how paying went.", schema: "OrderPayment" },
          {
            "400": error(
              "The body is not valid (code invalid): fields names each bad card field, or card: card_required.",
              {
                invalid_card: {
                  summary: "Bad card fields",
                  value: problem(
                    "invalid",
                    'The body must be JSON: {"card": {"number": "4242 4242 4242 4242", "expMonth": 12, ' +
                      '"expYear": 2030, "cvc": "123"}}.',
                    { "card.number": "card_number_invalid" },
                  ),
                },
                card_required: {
                  summary: "No card",
                  value: problem("invalid", "A card is needed to pay this order.", { card: "card_required" }),
                },
              },
            ),
            "403": BUYER_ONLY,
            ...ORDER_NOT_FOUND,
            "409": error(
              "The order cannot be paid (code conflict, fields order: hold_expired, not_pending, or " +
                "payment_in_progress while another payment of the same order is with the provider: one " +
                "attempt per order reaches it at a time, and its outcome shows on the order).",
              {
                payment_in_progress: {
                  summary: "Another payment of this order is under way",
                  value: orderConflict(
                    "payment_in_progress",
                    "Another payment of this order is with the provider; its outcome shows on the order.",
                  ),
                },
                hold_expired: {
                  summary: "The hold has expired",
                  value: orderConflict("hold_expired", "The order's hold has expired: its tickets went back on sale."),
                },
                not_pending: {
                  summary: "Already paid, or cancelled",
                  value: orderConflict("not_pending", "The order is confirmed, not waiting for payment."),
                },
              },
            ),
          },
        ),
      },
      "/orders/{id}/cancel": {
        post: privateOperation(
          {
            operationId: "cancelOrder",
            summary: "Cancel an order",
            description:
              "For the buyer: cancels a free registration (until the event starts; a cancellation e-mail is " +
              "sent) or leaves a pending order unpaid. Its tickets become void and go back on sale. A paid order " +
              "is refunded by an organizer instead. No body.",
            tags: ["Orders"],
            access: "optional",
            parameters: [orderIdParameter, ...orderTokenParameters],
          },
          { description: "The cancelled order.", schema: "OrderResponse" },
          {
            "403": BUYER_ONLY,
            ...ORDER_NOT_FOUND,
            "409": error(
              "The order cannot be cancelled (code conflict, fields order: paid_order, event_started or not_cancellable).",
              {
                paid_order: {
                  summary: "A paid order",
                  value: orderConflict("paid_order", "A paid order is refunded by the event's organizer."),
                },
                event_started: {
                  summary: "The event has started",
                  value: orderConflict(
                    "event_started",
                    "The event has started: the registration can no longer be cancelled.",
                  ),
                },
                not_cancellable: {
                  summary: "Already cancelled or refunded",
                  value: orderConflict("not_cancellable", "The order is already cancelled."),
                },
              },
            ),
          },
        ),
      },
      "/orders/{id}/refund": {
        post: privateOperation(
          {
            operationId: "refundOrder",
            summary: "Refund an order",
            description:
              "For an organizer or co-organizer of the order's event: gives a paid, confirmed order's whole " +
              "payment back through the provider it was paid with. The order becomes refunded, its tickets " +
              "void and back on sale, and the buyer is told by e-mail. No body.",
            tags: ["Orders"],
            parameters: [orderIdParameter],
          },
          { description: "The refunded order.", schema: "OrderResponse" },
          {
            "403": error("Not an organizer of the order's event (code forbidden).", {
              forbidden: {
                summary: "Not an organizer",
                value: problem("forbidden", "Only the event's organizers may refund its orders."),
              },
            }),
            "404": error("No such order (code not_found).", {
              not_found: {
                summary: "No such order",
                value: problem("not_found", "No order 00000000-0000-4000-8000-000000000000."),
              },
            }),
            "409": error(
              "The order cannot be refunded (code conflict, fields order: not_refundable or refund_failed).",
              {
                not_refundable: {
                  summary: "Not a paid, confirmed order",
                  value: orderConflict("not_refundable", "Only a paid, confirmed order can be refunded."),
                },
                refund_failed: {
                  summary: "The provider refused",
                  value: orderConflict("refund_failed", "The provider refused the refund: already_refunded."),
                },
              },
            ),
          },
        ),
      },
      "/me/tickets": {
        get: privateOperation(
          {
            operationId: "listMyTickets",
            summary: "My tickets",
            description:
              "Every ticket of the signed-in person's confirmed orders, placed signed in or with their " +
              "confirmed account address: upcoming events first, soonest first (an event is upcoming until it " +
              "ends), then past ones, latest first.",
            tags: ["Tickets"],
          },
          { description: "The tickets.", schema: "MyTicketList" },
        ),
      },
      "/ticket-lookup": {
        post: privateOperation(
          {
            operationId: "requestTicketLookup",
            summary: "Find my tickets by e-mail",
            description:
              "Find My Ticket without an account: when the address has confirmed orders, a link to them is " +
              `e-mailed, valid ${TICKET_LOOKUP_LINK_MS / 3_600_000} hours and once, replacing older links, in the ` +
              "first of our languages Accept-Language names. The answer is the same whether or not the address " +
              `has orders, and past the limits too (${TICKET_LOOKUP_LIMITS.perAddress.limit} requests per address ` +
              `and ${TICKET_LOOKUP_LIMITS.perClient.limit} per client an hour, beyond which nothing is sent), so ` +
              "it tells nobody anything. Needs no account.",
            tags: ["Tickets"],
            access: "none",
            body: { schema: "TicketLookupInput", example: { email: "ada@example.com" } },
          },
          {
            status: "202",
            description: "Accepted: if the address has orders, a link is on its way.",
            schema: "TicketLookupAccepted",
            cacheControl: NO_STORE_HEADER,
          },
          {
            "400": error("Not an e-mail address (code invalid, fields email: email_invalid).", {
              email_invalid: {
                summary: "Not an e-mail address",
                value: problem("invalid", "Enter a valid e-mail address.", { email: "email_invalid" }),
              },
            }),
          },
        ),
      },
      "/newsletter": {
        post: privateOperation(
          {
            operationId: "subscribeToNewsletter",
            summary: "Subscribe to the weekly digest",
            description:
              "Asks for the weekly e-mail digest (promoted events first, then upcoming ones) at an address, " +
              "with double opt-in: a link to confirm is e-mailed, and nothing else is sent until it is " +
              "followed. Every digest has an unsubscribe link. The answer is the same whether the address " +
              `is new, already subscribed, or past the limits (${NEWSLETTER_LIMITS.perAddress.limit} requests ` +
              `per address and ${NEWSLETTER_LIMITS.perClient.limit} per client an hour, beyond which nothing ` +
              "is sent), so it tells nobody who subscribes. Needs no account.",
            tags: ["Newsletter"],
            access: "none",
            body: { schema: "NewsletterInput", example: { email: "ada@example.com", language: "fr" } },
          },
          {
            status: "202",
            description: "Accepted: unless the address already receives the digest, a confirmation link is on its way.",
            schema: "NewsletterAccepted",
            cacheControl: NO_STORE_HEADER,
          },
          {
            "400": error("Malformed input (code invalid, fields email: email_invalid, language: language_invalid).", {
              email_invalid: {
                summary: "Not an e-mail address",
                value: problem("invalid", "Enter a valid e-mail address and language.", { email: "email_invalid" }),
              },
              language_invalid: {
                summary: "Not one of en, fr, ar, am",
                value: problem("invalid", "Enter a valid e-mail address and language.", {
                  language: "language_invalid",
                }),
              },
            }),
          },
        ),
      },
      "/events/{id}/check-ins": {
        get: privateOperation(
          {
            operationId: "getCheckInCounts",
            summary: "Check-in counts",
            description:
              "How many of the event's valid tickets have been checked in, against how many were issued. For " +
              "the event's organizer and co-organizers.",
            tags: ["Check-in"],
            parameters: [recordIdParameter("The event's number.")],
          },
          { description: "The counts.", schema: "CheckInSummary" },
          CHECK_IN_ERRORS,
        ),
        post: privateOperation(
          {
            operationId: "checkInTicket",
            summary: "Check a ticket in",
            description:
              "Admits the ticket with this code, once, for the event's organizer and co-organizers. Every answer " +
              "about the code is a 200 whose outcome the door shows: checked_in (let them in), " +
              "already_checked_in (with when and by whom), void (its order was cancelled or refunded), " +
              "wrong_event, not_found or invalid_code, each with the counts. Of two doors scanning one ticket at " +
              "once, one gets checked_in and the other already_checked_in.",
            tags: ["Check-in"],
            parameters: [recordIdParameter("The event's number.")],
            body: { schema: "CheckInInput", example: { code: "7KQ2M-9XHRT-4VNBC-8PJWD" } },
          },
          { description: "What the door is told, and the counts.", schema: "CheckInResponse" },
          {
            "400": error('The body is not {"code": "<string>"} (code invalid).', {
              invalid_body: {
                summary: "No code",
                value: problem("invalid", 'The body must be JSON: {"code": "<ticket code>"}.', {
                  code: "Invalid input: expected string, received undefined",
                }),
              },
            }),
            ...CHECK_IN_ERRORS,
          },
        ),
      },
      "/ticket-types/{id}/waitlist": {
        post: privateOperation(
          {
            operationId: "joinWaitlist",
            summary: "Join a waitlist",
            description:
              "Puts a name and an e-mail address in line for a sold-out ticket type of an upcoming event, " +
              "signed in or not (signed in, the place is also the person's). When tickets come free, the people " +
              `in line are offered one each, in order, by e-mail: it is held for them for ${WAITLIST_OFFER_HOURS} ` +
              "hours in a pending order they can pay. Only a confirmed address is offered anything: unless the " +
              "caller is signed in with that address, a link to confirm it is e-mailed, valid " +
              `${WAITLIST_CONFIRM_HOURS} hours, after which the place lapses (joining again sends a new link). ` +
              "One place per address and ticket type. At most " +
              `${WAITLIST_LIMITS.joinsPerAddress.limit} joins per address an hour and ` +
              `${WAITLIST_LIMITS.joinsPerClient.limit} per client in ` +
              `${WAITLIST_LIMITS.joinsPerClient.windowSeconds / 60} minutes.`,
            tags: ["Waitlist"],
            access: "optional",
            parameters: [recordIdParameter("The ticket type's number (ticketTypes[].id of GET /events/{id}).")],
            body: { schema: "WaitlistJoinInput", example: { name: "Ada Lovelace", email: "ada@example.com" } },
          },
          { status: "201", description: "The place in line.", schema: "WaitlistEntryResponse" },
          {
            "400": error(
              "The body is not valid (code invalid): fields names each bad field, or eventId: event_ended.",
              {
                invalid_body: {
                  summary: "Bad fields",
                  value: problem("invalid", 'The body must be JSON: {"name": "<name>", "email": "<address>"}.', {
                    email: "email_invalid",
                  }),
                },
                event_ended: {
                  summary: "The event has ended or was cancelled",
                  value: problem("invalid", "The event has ended or was cancelled.", { eventId: "event_ended" }),
                },
              },
            ),
            "404": error("No such ticket type (code not_found).", {
              not_found: {
                summary: "No such ticket type",
                value: problem("not_found", "No such ticket type at that event.", { ticketTypeId: "not_found" }),
              },
              not_a_number: { summary: "Not a number", value: problem("not_found", "No such ticket type.") },
            }),
            "409": error(
              "Not now (code conflict): fields ticketTypeId: tickets_available (order them instead) or email: " +
                "already_waiting.",
              {
                tickets_available: {
                  summary: "Tickets are left",
                  value: problem("conflict", "This ticket type still has tickets: order them instead.", {
                    ticketTypeId: "tickets_available",
                  }),
                },
                already_waiting: {
                  summary: "Already in line",
                  value: problem("conflict", "This address is already on the waitlist for this ticket type.", {
                    email: "already_waiting",
                  }),
                },
              },
            ),
            "429": error("Too many joins (code rate_limited, fields email: too_many_attempts).", {
              too_many_attempts: {
                summary: "Too many joins",
                value: problem("rate_limited", "Too many waitlist joins; try again later.", {
                  email: "too_many_attempts",
                }),
              },
            }),
          },
        ),
      },
      "/waitlist": {
        get: privateOperation(
          {
            operationId: "listMyWaitlistEntries",
            summary: "My waitlist places",
            description:
              "The signed-in person's waitlist places, joined signed in or under their confirmed account " +
              "address, newest first, at most 100.",
            tags: ["Waitlist"],
          },
          { description: "The places.", schema: "WaitlistEntryList" },
        ),
      },
      "/waitlist/{entryId}": {
        delete: privateOperation(
          {
            operationId: "leaveWaitlist",
            summary: "Leave a waitlist",
            description:
              "Takes one of the signed-in person's places out of line while it is still waiting. An offer " +
              "already holds a ticket in a pending order: cancel that order instead. A place that is not theirs, " +
              "or no longer waiting, is 404: nobody learns whose places exist.",
            tags: ["Waitlist"],
            parameters: [recordIdParameter("The place's number (id of a waitlist place).", "entryId")],
          },
          { description: "The place, now left.", schema: "WaitlistEntryResponse" },
          {
            "404": error("No waiting place of the person's with that number (code not_found).", {
              not_found: {
                summary: "Not theirs, or not waiting",
                value: problem("not_found", "No waitlist place of yours with that id is waiting."),
              },
              not_a_number: { summary: "Not a number", value: problem("not_found", "No such waitlist place.") },
            }),
          },
        ),
      },
      "/promotions/quote": {
        post: privateOperation(
          {
            operationId: "quotePromotion",
            summary: "Price a promotion",
            description:
              "The price of promotion types for a number of days from a start, from the published rate card (also " +
              `at /pricing): homepage ${RATE_CARD.homepage.cents} and search ${RATE_CARD.search.cents} cents a day, ` +
              `digest ${RATE_CARD.digest.cents} cents per edition sent while the campaign runs (the digest goes out ` +
              `on Mondays at ${DIGEST_SCHEDULE.hour}:00 UTC), social ${RATE_CARD.social.cents} cents once; and ` +
              "whether it fits the budget when one is given. A digest with no edition in the campaign is 400 types: " +
              "no_digest_edition. Buying also leaves out editions after the event ends.",
            tags: ["Promotions"],
            body: {
              schema: "PromotionQuoteInput",
              example: { types: ["homepage", "search"], days: 7, budgetCents: 500_00 },
            },
          },
          { description: "The price, line by line.", schema: "PromotionQuoteResponse" },
          {
            "400": error("The body is not valid (code invalid); fields names each bad field with a stable word.", {
              invalid_body: {
                summary: "Bad fields",
                value: problem("invalid", "The promotion request is not valid.", {
                  days: "days_out_of_range",
                  types: "types_required",
                }),
              },
              no_digest_edition: {
                summary: "No digest while it runs",
                value: problem(
                  "invalid",
                  "No weekly digest goes out while this campaign runs and its event is to come: run it longer or " +
                    "leave the digest out.",
                  { types: "no_digest_edition" },
                ),
              },
            }),
          },
        ),
      },
      "/promotions": {
        get: privateOperation(
          {
            operationId: "listMyPromotions",
            summary: "List my promotions",
            description:
              "The signed-in person's paid promotion campaigns, newest first, each scheduled, active or ended.",
            tags: ["Promotions"],
          },
          { description: "The campaigns.", schema: "PromotionCampaignList" },
        ),
        post: privateOperation(
          {
            operationId: "purchasePromotion",
            summary: "Buy a promotion",
            description:
              "Buys a promotion campaign for a published event that has not started; its organizer and its " +
              "co-organizers may (anyone else gets 404), and the campaign is the buyer's. The price from the rate " +
              "card must be within the budget when one is given (400 budgetCents: below_price); without one the quoted " +
              "price is the price paid, and the campaign's budget is that price. The digest is charged per edition " +
              "sent while the campaign runs and before the event ends, and needs one (400 types: " +
              "no_digest_edition) and a public event (400 types: digest_private_event). With the sandbox provider " +
              "the card is charged at once and the placements start: homepage puts the event first in Featured " +
              "Events, search ranks it first in matching searches with a Promoted label, and every digest edition " +
              "while it runs lists it among its promoted events; the campaign ends by itself at its end. A " +
              "declined card is 400 payment.card with the reason, and nothing is charged or created. With Stripe, " +
              `payment.outcome is redirect: the webhook places the campaign once paid. ${IDEMPOTENCY_KEY_HEADER} ` +
              "as for POST /orders.",
            tags: ["Promotions"],
            body: {
              schema: "PromotionPurchaseInput",
              example: {
                eventId: 5,
                types: ["homepage", "search"],
                days: 7,
                budgetCents: 500_00,
                payment: { card: { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2030, cvc: "123" } },
              },
            },
            replayedStatuses: ["201", "400", "404"],
          },
          { status: "201", description: "The campaign and how paying went.", schema: "PromotionPurchase" },
          {
            "400": error(
              "Not valid (code invalid): bad fields, eventId: not_promotable, budgetCents: below_price, types: " +
                "no_digest_edition | digest_private_event, or a declined card (payment.card: the reason).",
              {
                below_price: {
                  summary: "Budget below the price",
                  value: problem("invalid", "The price, 28000 cents, is above the budget of 10000.", {
                    budgetCents: "below_price",
                  }),
                },
                declined: {
                  summary: "Card declined",
                  value: problem("invalid", "The card was declined: nothing was charged.", {
                    "payment.card": "card_declined",
                  }),
                },
              },
            ),
            "404": error("No such event, or one you neither organize nor co-organize (code not_found).", {
              not_found: { summary: "No such event", value: problem("not_found", "No event 999999.") },
            }),
            "409": error(
              "An Idempotency-Key that bought a campaign more than 24 hours ago (code conflict): it is not " +
                "bought again.",
              {
                already_used: {
                  summary: "Key used before",
                  value: problem(
                    "conflict",
                    "This Idempotency-Key already bought campaign 5f0c3b1e-8a2d-4c7e-9b1a-2d3e4f5a6b7c.",
                    { "Idempotency-Key": "already_used" },
                  ),
                },
              },
            ),
          },
        ),
      },
      "/promotions/{id}": {
        get: privateOperation(
          {
            operationId: "getMyPromotion",
            summary: "Get a promotion",
            description:
              "One of your campaigns with its placements. Anyone else's answers 404, as one that does not exist.",
            tags: ["Promotions"],
            parameters: [
              {
                name: "id",
                in: "path",
                required: true,
                description: "The campaign's id, a UUID (data.id of the answer to POST /promotions).",
                schema: { type: "string", format: "uuid" },
                example: "00000000-0000-4000-8000-000000000000",
              },
            ],
          },
          { description: "The campaign.", schema: "PromotionCampaignResponse" },
          {
            "404": error("No such campaign, or not yours (code not_found).", {
              not_found: {
                summary: "No such campaign",
                value: problem("not_found", "No such promotion campaign, or it is not yours."),
              },
            }),
          },
        ),
      },
      "/payments/stripe/webhook": {
        post: privateOperation(
          {
            operationId: "receiveStripeWebhook",
            summary: "Stripe's webhook",
            description:
              "For Stripe only: the events it posts about payments, signed with the endpoint's secret. " +
              "checkout.session.completed confirms the order and issues its tickets (a payment that completes " +
              "after the order's hold ended is refunded instead); other events are acknowledged and ignored. " +
              "A repeated event changes nothing more. Stripe retries anything but a 2xx.",
            tags: ["Payments"],
            access: "none",
            parameters: [stripeSignature],
            body: {
              schema: "StripeEvent",
              example: {
                id: "evt_1PzQ8kLkdIwHu7ix0Xp3GQ2b",
                object: "event",
                type: "checkout.session.completed",
                data: {
                  object: {
                    id: "cs_test_a1B2c3D4e5F6g7H8",
                    object: "checkout.session",
                    client_reference_id: "00000000-0000-4000-8000-000000000000",
                    payment_status: "paid",
                  },
                },
              },
            },
          },
          {
            description: "The event was taken (or ignored): Stripe need not send it again.",
            schema: "WebhookReceived",
            cacheControl: NO_STORE_HEADER,
          },
          {
            "400": error("The signature does not match the body, or the body is not a Stripe event (code invalid).", {
              bad_signature: {
                summary: "Bad signature",
                value: problem("invalid", "The Stripe-Signature header does not match this body and secret.", {
                  "Stripe-Signature": "invalid",
                }),
              },
            }),
            "404": error("This site does not take payments through Stripe (code not_found).", {
              not_stripe: {
                summary: "Payments do not go through Stripe",
                value: problem("not_found", "Payments on this site do not go through Stripe."),
              },
            }),
          },
        ),
      },
    },
    components: { schemas: componentSchemas(), securitySchemes: SECURITY_SCHEMES },
  };
}

const documents = new Map<string, OpenApiDocument>();

/** The document for a site at `publicUrl` (PUBLIC_URL); built once, as it only changes with the code. */
export function openApiDocument(publicUrl: string): OpenApiDocument {
  let document = documents.get(publicUrl);
  if (!document) {
    document = buildDocument(publicUrl);
    documents.set(publicUrl, document);
  }
  return document;
}

/**
 * The example request of an operation, relative to the server URL: path parameters and the query
 * parameters that have an example filled in. The docs page shows it; the tests send it.
 */
export function exampleRequestPath(path: string, operation: OpenApiOperation): string {
  let filled = path;
  const query = new URLSearchParams();
  for (const parameter of operation.parameters) {
    if (parameter.example === undefined) continue;
    if (parameter.in === "path") filled = filled.replace(`{${parameter.name}}`, String(parameter.example));
    if (parameter.in === "query") query.set(parameter.name, String(parameter.example));
  }
  const search = query.toString();
  return search ? `${filled}?${search}` : filled;
}

/**
 * The example request as a curl command: the method when it is not GET, a placeholder access token
 * for the operations that need a signed-in person, the header parameters that have an example, and
 * the example body.
 */
export function exampleCurlCommand(baseUrl: string, path: string, method: HttpMethod, operation: OpenApiOperation) {
  const parts = ["curl"];
  if (method !== "get") parts.push(`-X ${method.toUpperCase()}`);
  if (operationAccess(operation) === "signedIn") parts.push('-H "Authorization: Bearer $ACCESS_TOKEN"');
  for (const parameter of operation.parameters) {
    if (parameter.in === "header" && parameter.example !== undefined) {
      parts.push(`-H "${parameter.name}: ${parameter.example}"`);
    }
  }
  const body = operation.requestBody?.content["application/json"]?.example;
  if (body !== undefined) parts.push(`-H "Content-Type: application/json" -d '${JSON.stringify(body)}'`);
  const form = operation.requestBody?.content["multipart/form-data"]?.schema.properties as object | undefined;
  for (const name of Object.keys(form ?? {})) parts.push(name === "file" ? `-F "file=@picture.jpg"` : `-F "${name}=…"`);
  parts.push(`"${baseUrl}${exampleRequestPath(path, operation)}"`);
  return parts.join(" ");
}

/** `/api/v1/openapi.json`. */
export function createOpenApiApi() {
  const api = new Hono<AppEnv>();
  api.use(etag({ weak: true }));
  api.get("/", (c) => {
    c.header("Cache-Control", DOCUMENT_CACHE);
    return c.json(openApiDocument(c.get("config").publicUrl));
  });
  return api;
}
