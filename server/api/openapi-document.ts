import { etag } from "hono/etag";
import { z } from "zod";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "#server/http/app-env";
import { IDEMPOTENCY_KEY_HEADER } from "#server/http/idempotency";
import { DOCUMENT_CACHE } from "./cache-control";
import { BADGE_SCHEMAS } from "./badges";
import { CHECK_IN_REQUEST_BODIES } from "./check-ins";
import { CHECK_IN_SCHEMAS } from "./check-in-schemas";
import { COMMUNITY_SCHEMAS } from "./community-schemas";
import { componentSchemas } from "./component-schemas";
import { errorBody } from "./error-answers";
import { EVENT_SCHEMAS } from "./event-schemas";
import { GALLERY_SCHEMAS } from "./gallery";
import { ME_REQUEST_BODIES, ME_SCHEMAS } from "./me";
import { NOTIFICATION_REQUEST_BODIES, NOTIFICATION_SCHEMAS } from "./notifications";
import { MY_EVENT_INPUT_SCHEMAS, MY_EVENT_NAMED_SCHEMAS } from "./my-event-schemas";
import { NEWSLETTER_REQUEST_BODIES, NEWSLETTER_SCHEMAS } from "./newsletter";
import type { OpenApiDocument, OpenApiPathItem } from "./openapi-document-shape";
import { operationRoute } from "./operation-route";
import { ORDER_SCHEMAS } from "./order-schemas";
import { ORDER_REQUEST_BODIES, ORDER_TOKEN_HEADER } from "./orders";
import { PAYMENT_REQUEST_BODIES, PAYMENT_SCHEMAS } from "./payments";
import { PROMOTION_NAMED_SCHEMAS } from "./promotion-json";
import { PROMOTION_REQUEST_BODIES } from "./promotions";
import { REPORT_REQUEST_BODIES, REPORT_SCHEMAS } from "./reports";
import { REVIEW_REQUEST_BODIES, REVIEW_SCHEMAS } from "./reviews";
import { SAVES_FOLLOWS_SCHEMAS } from "./saves-follows";
import { PROMOTER_REQUEST_BODIES, PROMOTER_SCHEMAS } from "./promoters";
import { STAFF_MODERATION_REQUEST_BODIES, STAFF_MODERATION_SCHEMAS } from "./staff-moderation";
import { ok, publicRead } from "./public-read";
import { SECURITY_SCHEMES } from "./security";
import { STAFF_MESSAGE_REQUEST_BODIES, STAFF_MESSAGE_SCHEMAS } from "./staff-messages";
import { STAFF_EVENT_REQUEST_BODIES, STAFF_EVENT_SCHEMAS } from "./staff-events";
import { STAFF_PEOPLE_REQUEST_BODIES, STAFF_PEOPLE_SCHEMAS } from "./staff-people";
import { TICKET_LOOKUP_REQUEST_BODIES, TICKET_LOOKUP_SCHEMAS } from "./ticket-lookup";
import { STAFF_SPONSOR_REQUEST_BODIES, STAFF_SPONSOR_SCHEMAS } from "./staff-sponsors";
import { WAITLIST_REQUEST_BODIES } from "./waitlist";
import { WAITLIST_SCHEMAS } from "./waitlist-schemas";
import { STAFF_BLOG_REQUEST_BODIES, STAFF_BLOG_SCHEMAS } from "./staff-blog";

/*
 * The OpenAPI 3.1 document of /api/v1, served at /api/v1/openapi.json and rendered for people at
 * /api/docs. Each operation is declared once, beside its handler (server/api/*.ts, `app.openapi`); the
 * paths are generated from those declarations, and the named schemas they refer to are the zod
 * schemas the resources declare, as JSON Schema. tests/integration/openapi*.test.ts hold real answers
 * to them.
 */

/** The named schemas of the answers, as the API writes them. */
const ANSWER_SCHEMAS = {
  ...EVENT_SCHEMAS,
  ...COMMUNITY_SCHEMAS,
  ...ME_SCHEMAS,
  ...NOTIFICATION_SCHEMAS,
  OpenApiDocument: z
    .looseObject({ openapi: z.literal("3.1.0"), info: z.looseObject({ title: z.string() }), paths: z.looseObject({}) })
    .describe("This document."),
  ...ORDER_SCHEMAS,
  ...TICKET_LOOKUP_SCHEMAS,
  ...NEWSLETTER_SCHEMAS,
  ...CHECK_IN_SCHEMAS,
  ...WAITLIST_SCHEMAS,
  ...PAYMENT_SCHEMAS,
  ...PROMOTION_NAMED_SCHEMAS,
  ...MY_EVENT_NAMED_SCHEMAS,
  ...STAFF_MESSAGE_SCHEMAS,
  ...STAFF_BLOG_SCHEMAS,
  ...REPORT_SCHEMAS,
  ...GALLERY_SCHEMAS,
  ...SAVES_FOLLOWS_SCHEMAS,
  ...PROMOTER_SCHEMAS,
  ...STAFF_MODERATION_SCHEMAS,
  ...STAFF_EVENT_SCHEMAS,
  ...STAFF_PEOPLE_SCHEMAS,
  ...STAFF_SPONSOR_SCHEMAS,
  ...BADGE_SCHEMAS,
  ...REVIEW_SCHEMAS,
  Error: errorBody,
};

/** The named schemas of the request bodies, as the handlers parse them. */
const REQUEST_BODY_SCHEMAS = {
  ...MY_EVENT_INPUT_SCHEMAS,
  ...ME_REQUEST_BODIES,
  ...NOTIFICATION_REQUEST_BODIES,
  ...ORDER_REQUEST_BODIES,
  ...CHECK_IN_REQUEST_BODIES,
  ...WAITLIST_REQUEST_BODIES,
  ...TICKET_LOOKUP_REQUEST_BODIES,
  ...NEWSLETTER_REQUEST_BODIES,
  ...PROMOTION_REQUEST_BODIES,
  ...PAYMENT_REQUEST_BODIES,
  ...STAFF_MESSAGE_REQUEST_BODIES,
  ...STAFF_BLOG_REQUEST_BODIES,
  ...REPORT_REQUEST_BODIES,
  ...PROMOTER_REQUEST_BODIES,
  ...STAFF_MODERATION_REQUEST_BODIES,
  ...STAFF_EVENT_REQUEST_BODIES,
  ...STAFF_PEOPLE_REQUEST_BODIES,
  ...STAFF_SPONSOR_REQUEST_BODIES,
  ...REVIEW_REQUEST_BODIES,
};

/** What the document says besides its operations. */
function documentHeading(publicUrl: string) {
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
      { name: "Community", description: "Public profiles and what the community is doing." },
      { name: "Site", description: "Figures and this document." },
      { name: "Me", description: "The signed-in person's interests and recommendations." },
      { name: "Notifications", description: "The signed-in person's notifications and e-mail settings." },
      { name: "My events", description: "Creating, changing, publishing and cancelling one's own events." },
      { name: "Orders", description: "Ordering tickets, paying, cancelling and refunding." },
      { name: "Tickets", description: "Finding one's tickets again: signed in, or by e-mail." },
      { name: "Check-in", description: "Admitting tickets at an event's door, for its organizers." },
      { name: "Waitlist", description: "Lines for sold-out ticket types." },
      { name: "Payments", description: "What payment providers call." },
      { name: "Promotions", description: "Paid promotion campaigns of an organizer's events." },
      { name: "Newsletter", description: "The weekly e-mail digest of events." },
      { name: "Badges", description: "Badges earned from real activity, and the progress toward them." },
      { name: "Reviews", description: "Rating events one attended, the organizers' answers, helpful marks, reports." },
      { name: "Community", description: "Saving events and following organizers." },
      { name: "Staff", description: "Running the marketplace, for staff members only." },
      { name: "Promoters", description: "Share links, and promoters' tracked links with their figures." },
    ],
  };
}

/**
 * The paths grouped as the document's tags are listed (events first, payments last), each group in the
 * order its operations were declared, whatever the order the routers are mounted in: /api/docs lists them so.
 */
function inTagOrder(paths: OpenApiDocument["paths"], tags: { name: string }[]): OpenApiDocument["paths"] {
  const rank = (item: OpenApiPathItem) =>
    Math.min(
      ...Object.values(item).flatMap((operation) => operation.tags.map((tag) => tags.findIndex((t) => t.name === tag))),
    );
  return Object.fromEntries(Object.entries(paths).sort(([, a], [, b]) => rank(a) - rank(b)));
}

/** The document of `api`, a router with the resources mounted, for a site at `publicUrl` (PUBLIC_URL). */
export function buildOpenApiDocument(api: OpenAPIHono<AppEnv>, publicUrl: string): OpenApiDocument {
  const heading = documentHeading(publicUrl);
  const generated = api.getOpenAPI31Document(heading);
  return {
    ...heading,
    paths: inTagOrder(generated.paths as OpenApiDocument["paths"], heading.tags),
    components: {
      schemas: componentSchemas(ANSWER_SCHEMAS, REQUEST_BODY_SCHEMAS),
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}

const getOpenApiDocument = operationRoute(
  "get",
  "/",
  publicRead(
    {
      operationId: "getOpenApiDocument",
      summary: "This OpenAPI document",
      description: "The OpenAPI 3.1 description of this API, for code generators and API tools.",
      tags: ["Site"],
    },
    ok("This document.", "OpenApiDocument", DOCUMENT_CACHE),
  ),
);

/**
 * `/api/v1/openapi.json`: the document of `api`, the router it is mounted on, generated at the first
 * request (when every operation is declared) and then kept, as it only changes with the code.
 */
export function createOpenApiDocumentApi(api: OpenAPIHono<AppEnv>) {
  const documents = new Map<string, OpenApiDocument>();
  const app = new OpenAPIHono<AppEnv>();
  app.use(etag({ weak: true }));
  app.openapi(getOpenApiDocument, (c) => {
    const { publicUrl } = c.get("config");
    let document = documents.get(publicUrl);
    if (!document) {
      document = buildOpenApiDocument(api, publicUrl);
      documents.set(publicUrl, document);
    }
    c.header("Cache-Control", DOCUMENT_CACHE);
    return c.json(document);
  });
  return app;
}
