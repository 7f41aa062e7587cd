import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { parsePublishAt, postState } from "#domain/blog";
import { LANGUAGES } from "#domain/language";
import { parseRecordId } from "#domain/record-id";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import { limitBody, readJsonBody } from "#server/http/json-body";
import type { AppEnv } from "#server/http/app-env";
import { setPostPublication, type StaffPost } from "#server/services/blog-authoring";
import { recordIdParameter } from "./common-parameters";
import { error, NOT_FOUND, problem } from "./error-answers";
import { operationRoute } from "./operation-route";
import { privateOperation } from "./private-operation";
import { requireStaffActor } from "./require-staff";

/*
 * Staff publishing the blog over the API: publish a post now, schedule it, or take it down. Writing
 * posts happens in the console (/admin/blog); these are the switches a script or another tool needs.
 */

const EXAMPLE_POST = {
  id: 1,
  slug: "winter-in-the-dmv-events-roundup",
  status: "published",
  state: "scheduled",
  publishAt: "2026-12-01T14:00:00.000Z",
  originalLanguage: "en",
  languages: ["en", "fr", "ar", "am"],
  tags: ["roundup", "music"],
  updatedAt: "2026-11-27T01:00:00.000Z",
} as const;

/** Named schemas of the answers: components.schemas of the document. */
export const STAFF_BLOG_SCHEMAS = {
  StaffBlogPostResponse: z
    .object({
      data: z.object({
        id: z.number().int(),
        slug: z.string(),
        status: z.enum(["draft", "published"]),
        state: z.enum(["draft", "scheduled", "published"]).describe("published: public now; scheduled: later."),
        publishAt: z.string().nullable().describe("When the post is (or goes) public; null for a draft."),
        originalLanguage: z.enum(LANGUAGES),
        languages: z.array(z.enum(LANGUAGES)),
        tags: z.array(z.string()),
        updatedAt: z.string(),
      }),
    })
    .meta({ description: "A blog post's publishing state.", examples: [{ data: EXAMPLE_POST }] }),
} satisfies Record<string, z.ZodType>;

const scheduleInputSchema = z.object({
  publishAt: z.string().describe("An ISO 8601 instant with its offset, e.g. 2026-12-01T09:00:00-05:00."),
});

export const STAFF_BLOG_REQUEST_BODIES = {
  ScheduleBlogPostInput: scheduleInputSchema,
} satisfies Record<string, z.ZodType>;

const tags = ["Staff"];
const withId = () => [recordIdParameter("The post's number (the console's /admin/blog/{id}).")];
const FORBIDDEN = {
  "403": error("Signed in, but not staff (code forbidden).", {
    forbidden: { summary: "Not staff", value: problem("forbidden", "Staff only") },
  }),
};
const POST_NOT_FOUND = NOT_FOUND("blog post");

const publishRoute = operationRoute(
  "post",
  "/posts/{id}/publish",
  privateOperation(
    {
      operationId: "publishBlogPost",
      summary: "Publish a blog post now",
      description:
        "Makes a post public on /blog, in the feeds and the sitemap at once (staff only). A post already " +
        "public keeps its date. Audited.",
      tags,
      parameters: withId(),
    },
    { description: "The post, published.", schema: "StaffBlogPostResponse" },
    { ...FORBIDDEN, ...POST_NOT_FOUND },
  ),
);

const scheduleRoute = operationRoute(
  "post",
  "/posts/{id}/schedule",
  privateOperation(
    {
      operationId: "scheduleBlogPost",
      summary: "Schedule a blog post",
      description:
        "Publishes a post at a set moment: it stays hidden until then, and appears by itself (staff only). Audited.",
      tags,
      parameters: withId(),
      body: { schema: "ScheduleBlogPostInput", example: { publishAt: "2026-12-01T09:00:00-05:00" } },
    },
    { description: "The post, scheduled.", schema: "StaffBlogPostResponse" },
    {
      "400": error("Not a moment (code invalid, fields.publishAt date_invalid).", {
        date_invalid: {
          summary: "Not a date",
          value: problem("invalid", "publishAt must be an ISO 8601 instant.", { publishAt: "date_invalid" }),
        },
      }),
      ...FORBIDDEN,
      ...POST_NOT_FOUND,
    },
  ),
);

const unpublishRoute = operationRoute(
  "post",
  "/posts/{id}/unpublish",
  privateOperation(
    {
      operationId: "unpublishBlogPost",
      summary: "Unpublish a blog post",
      description:
        "Makes a public or scheduled post a draft again: gone from /blog, the feeds and the sitemap (staff only). Audited.",
      tags,
      parameters: withId(),
    },
    { description: "The post, now a draft.", schema: "StaffBlogPostResponse" },
    { ...FORBIDDEN, ...POST_NOT_FOUND },
  ),
);

function postIdOf(c: { req: { param: (name: string) => string | undefined } }): number {
  const id = parseRecordId(c.req.param("id") ?? "");
  if (id === null) throw new AppError("not_found", "No such blog post.");
  return id;
}

function postJson(post: StaffPost, now: Date) {
  return {
    id: post.id,
    slug: post.slug,
    status: post.status,
    state: postState(post, now),
    publishAt: post.publishAt?.toISOString() ?? null,
    originalLanguage: post.originalLanguage,
    languages: post.versions.map((version) => version.language),
    tags: post.tags,
    updatedAt: post.updatedAt.toISOString(),
  };
}

/** `/api/v1/staff/blog`: publishing switches for staff (401 for visitors, 403 for everyone else). */
export function createStaffBlogApi() {
  const api = new OpenAPIHono<AppEnv>();
  api.use(async (c, next) => {
    await next();
    c.res.headers.set("Cache-Control", "private, no-store");
  });
  api.use(limitBody());

  api.openapi(publishRoute, async (c) => {
    const actor = requireStaffActor(c);
    const now = currentTime();
    const post = await setPostPublication(c.get("db"), actor, postIdOf(c), { publish: true, at: null }, now);
    return c.json({ data: postJson(post, now) });
  });

  api.openapi(scheduleRoute, async (c) => {
    const actor = requireStaffActor(c);
    const id = postIdOf(c);
    const body = await readJsonBody(c, 'The body must be JSON: {"publishAt": "2026-12-01T09:00:00-05:00"}.', {
      publishAt: "date_invalid",
    });
    const parsed = scheduleInputSchema.safeParse(body);
    const at = parsed.success ? parsePublishAt(parsed.data.publishAt) : null;
    if (!at) throw new AppError("invalid", "publishAt must be an ISO 8601 instant.", { publishAt: "date_invalid" });
    const now = currentTime();
    const post = await setPostPublication(c.get("db"), actor, id, { publish: true, at }, now);
    return c.json({ data: postJson(post, now) });
  });

  api.openapi(unpublishRoute, async (c) => {
    const actor = requireStaffActor(c);
    const now = currentTime();
    const post = await setPostPublication(c.get("db"), actor, postIdOf(c), { publish: false }, now);
    return c.json({ data: postJson(post, now) });
  });
  return api;
}
