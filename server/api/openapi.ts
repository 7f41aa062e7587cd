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
import { LANGUAGES } from "#domain/language";
import { ROLES } from "#domain/profile";
import { socialLinksSchema } from "#domain/profile-schema";
import { REPUTATION_LEVELS } from "#domain/reputation";
import { SPONSOR_TIERS } from "#domain/sponsor";
import { interestInputSchema } from "#domain/interest-schema";
import { ERROR_CODES } from "#server/errors";
import type { AppEnv } from "#server/http/app-env";
import { COUNT_CAP } from "#server/services/event-search";
import { PRIVATE_CACHE } from "./me";

/*
 * The OpenAPI 3.1 document of /api/v1, served at /api/v1/openapi.json and rendered for people at
 * /api/docs. The search parameters are generated from the one zod schema the API parses them with
 * (domain/event-search.ts), so they cannot drift; the response schemas are written here in zod
 * beside the code they describe, and tests/integration/openapi.test.ts validates real responses
 * against them.
 */

/** A JSON Schema (2020-12, which OpenAPI 3.1 uses) as plain data. */
export type JsonSchema = { [keyword: string]: unknown };

export interface OpenApiParameter {
  name: string;
  in: "query" | "path" | "header";
  required: boolean;
  description: string;
  schema: JsonSchema;
  /** A value that works against the sample data; example requests are made from these. */
  example?: string | number;
}

export interface OpenApiResponse {
  description: string;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
  content?: { "application/json": { schema: JsonSchema } };
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  parameters: OpenApiParameter[];
  /** Operations about the signed-in person name the schemes that identify them; public reads have none. */
  security?: Record<string, string[]>[];
  requestBody?: {
    required: boolean;
    content: { "application/json": { schema: JsonSchema; example: unknown } };
  };
  responses: Record<string, OpenApiResponse>;
}

export const HTTP_METHODS = ["get", "post", "delete"] as const;
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
        .describe("With code 'invalid': what is wrong with each bad parameter, by name."),
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
  InterestInput: interestInputSchema.describe("One of the 24 interests, by key."),
  RecommendationList: z
    .object({ data: z.array(eventSummary) })
    .describe("Upcoming events matching the saved interests, soonest first, at most six."),
  OpenApiDocument: z
    .looseObject({ openapi: z.literal("3.1.0"), info: z.looseObject({ title: z.string() }), paths: z.looseObject({}) })
    .describe("This document."),
  Error: errorBody,
} satisfies Record<string, z.ZodType>;

type SchemaName = keyof typeof NAMED_SCHEMAS;

/** components.schemas, where a named schema used inside another becomes a $ref to it. */
function componentSchemas(): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [name, schema] of Object.entries(NAMED_SCHEMAS)) registry.add(schema, { id: name });
  const { schemas } = z.toJSONSchema(registry, {
    uri: (name) => `#/components/schemas/${name}`,
    override: ({ jsonSchema }) => {
      // z.int() states JavaScript's safe-integer range; that is noise to a reader, not a rule of ours.
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    },
  });
  // Each one comes with its own $schema and $id; inside an OpenAPI document they only get in the way.
  return Object.fromEntries(
    Object.entries(schemas).map(([name, { $schema: _dialect, $id: _id, ...schema }]) => [name, schema]),
  );
}

const ref = (name: SchemaName): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

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

const recordIdParameter = (description: string): OpenApiParameter => ({
  name: "id",
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

// ─── Responses ─────────────────────────────────────────────────────────────────────────────────

const ETAG_HEADER = {
  description: "A weak validator of the body; send it back in If-None-Match.",
  schema: { type: "string", pattern: '^W/".+"$' },
};

function ok(description: string, schema: SchemaName, cacheControl: string): OpenApiResponse {
  return {
    description,
    headers: {
      ETag: ETAG_HEADER,
      "Cache-Control": {
        description: "How long shared caches and browsers may keep the answer.",
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

const error = (description: string): OpenApiResponse => ({
  description,
  content: { "application/json": { schema: ref("Error") } },
});

// The Cache-Control values the handlers send (events.ts, site.ts and this file).
const EVENTS_CACHE = "public, max-age=30, stale-while-revalidate=60";
const DIRECTORY_CACHE = "public, max-age=60";
const STATS_CACHE = "public, max-age=2";
/** The document changes only with a deploy. */
const DOCUMENT_CACHE = "public, max-age=300";

function operation(
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
    description: "The session cookie this site's own pages use; requests that change data must come from them.",
  },
};

/** An operation about the signed-in person: never cached by anyone, 401 without a session. */
function privateOperation(
  fields: Omit<OpenApiOperation, "parameters" | "responses" | "security"> & { parameters?: OpenApiParameter[] },
  success: { description: string; schema: SchemaName },
  errors: Record<string, OpenApiResponse> = {},
): OpenApiOperation {
  return {
    ...fields,
    parameters: fields.parameters ?? [],
    security: [{ bearerAuth: [] }, { sessionCookie: [] }],
    responses: {
      "200": {
        description: success.description,
        headers: {
          "Cache-Control": {
            description: "About one person: no cache may keep it.",
            schema: { type: "string", const: PRIVATE_CACHE },
          },
        },
        content: { "application/json": { schema: ref(success.schema) } },
      },
      ...errors,
      "401": error("No signed-in session (code unauthenticated, message 'Must be logged in')."),
    },
  };
}

const INVALID_INTEREST = { "400": error("Not one of the 24 interests (code invalid); fields names interest.") };

function buildDocument(publicUrl: string): OpenApiDocument {
  return {
    openapi: "3.1.0",
    info: {
      title: "DMV Events API",
      version: "1.0.0",
      description:
        "JSON API of DMV Events: published events in Washington DC, Maryland, Virginia and beyond, with " +
        "their categories, venues, sponsors and organizers, readable by anyone with no key; and, under /me, " +
        "the signed-in person's interests and recommendations, which need an access token from /auth/v1.\n\n" +
        "Every error, including an unknown path (404), has one shape: " +
        '`{"error": {"code", "message", "requestId", "fields"}}`; `fields` comes with code `invalid` and ' +
        "names each bad parameter. Every response carries an `X-Request-Id` header.\n\n" +
        "Successful public reads carry an `ETag` and a `Cache-Control` header; send the ETag back in " +
        "`If-None-Match` to get `304 Not Modified` when nothing changed. Answers under /me are " +
        "`Cache-Control: private, no-store`.\n\n" +
        `Documentation for people: ${publicUrl}/api/docs`,
    },
    servers: [{ url: `${publicUrl}/api/v1`, description: "This site" }],
    tags: [
      { name: "Events", description: "Search and read published events." },
      { name: "Directory", description: "Categories, venues, sponsors and organizers." },
      { name: "Site", description: "Figures and this document." },
      { name: "Me", description: "The signed-in person's interests and recommendations." },
    ],
    paths: {
      "/events": operation(
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
      "/events/{id}": operation(
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
      "/categories": operation(
        {
          operationId: "listCategories",
          summary: "List categories",
          description: "All categories in their order, each with how many published events have not ended yet.",
          tags: ["Directory"],
        },
        ok("The categories.", "CategoryList", DIRECTORY_CACHE),
      ),
      "/venues": operation(
        {
          operationId: "listVenues",
          summary: "List venues",
          description: "All venues by name, with their address and coordinates.",
          tags: ["Directory"],
        },
        ok("The venues.", "VenueList", DIRECTORY_CACHE),
      ),
      "/sponsors": operation(
        {
          operationId: "listSponsors",
          summary: "List sponsors",
          description: "All sponsors, gold first, then silver and bronze, by name within a tier.",
          tags: ["Directory"],
        },
        ok("The sponsors.", "SponsorList", DIRECTORY_CACHE),
      ),
      "/sponsors/{id}": operation(
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
      "/organizers/{id}": operation(
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
      "/stats": operation(
        {
          operationId: "getStats",
          summary: "Site figures",
          description: "Live counts: upcoming published events, registered people and organizers.",
          tags: ["Site"],
        },
        ok("The figures.", "StatsResponse", STATS_CACHE),
      ),
      "/openapi.json": operation(
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
export function exampleRequestPath(path: string, get: OpenApiOperation): string {
  let filled = path;
  const query = new URLSearchParams();
  for (const parameter of get.parameters) {
    if (parameter.example === undefined) continue;
    if (parameter.in === "path") filled = filled.replace(`{${parameter.name}}`, String(parameter.example));
    if (parameter.in === "query") query.set(parameter.name, String(parameter.example));
  }
  const search = query.toString();
  return search ? `${filled}?${search}` : filled;
}

/**
 * The example request as a curl command: the method when it is not GET, a placeholder access token
 * for the operations about the signed-in person, and the example body.
 */
export function exampleCurlCommand(baseUrl: string, path: string, method: HttpMethod, operation: OpenApiOperation) {
  const parts = ["curl"];
  if (method !== "get") parts.push(`-X ${method.toUpperCase()}`);
  if (operation.security) parts.push('-H "Authorization: Bearer $ACCESS_TOKEN"');
  const body = operation.requestBody?.content["application/json"].example;
  if (body !== undefined) parts.push(`-H "Content-Type: application/json" -d '${JSON.stringify(body)}'`);
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
