import { randomUUID } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as editPage from "#app/routes/admin-blog-edit";
import * as listPage from "#app/routes/admin-blog";
import * as newPage from "#app/routes/admin-blog-new";
import type { OpenApiDocument } from "#server/api/openapi-document-shape";
import { createApp, type App } from "#server/app";
import type { DatabaseHandle } from "#server/db/client";
import { blogPosts, blogPostVersions, staffActions, users } from "#server/db/schema";
import { seedSampleData } from "#server/db/seed/seed";
import { readConfig } from "#server/env";
import type { Viewer } from "#server/http/app-env";
import { MAX_EVENT_IMAGE_BYTES } from "#server/images/event-images";
import { createLogger } from "#server/logger";
import { getPublicPost, listPublicPosts } from "#server/services/blog";
import { createPost } from "#server/services/blog-authoring";
import { createTestSession, type TestSession } from "#tests/support/auth-session";
import { expectDocumented } from "#tests/support/openapi-answers";
import { makeStaff } from "#tests/support/staff";
import { openTestDatabase } from "#tests/support/test-database";

/**
 * Staff writing the blog: the console's pages and actions (only staff get past the door; bad input
 * is refused with the field's problem and changes nothing; every write is audited), the publishing
 * operations of /api/v1/staff/blog, and the sample posts.
 */
const HOUR = 60 * 60_000;
let handle: DatabaseHandle;
let app: App;
let uploadsDir: string;
let config: ReturnType<typeof readConfig>;
let document: OpenApiDocument;
let staff: TestSession;
let member: TestSession;

beforeAll(async () => {
  handle = await openTestDatabase();
  await seedSampleData(handle.db, { now: new Date() });
  uploadsDir = await mkdtemp(path.join(tmpdir(), "staff-blog-"));
  config = { ...readConfig({ NODE_ENV: "test" }), uploadsDir };
  app = createApp({ db: handle.db, config, logger: createLogger(config) });
  document = await (await app.request("/api/v1/openapi.json")).json();
  [staff, member] = await Promise.all([createTestSession(handle.db, config), createTestSession(handle.db, config)]);
  await makeStaff(handle.db, staff.userId);
});
afterAll(async () => {
  await handle?.close();
  if (uploadsDir) await rm(uploadsDir, { recursive: true, force: true });
});

const viewerOf = (person: TestSession, isStaff: boolean): Viewer => ({
  userId: person.userId,
  sessionId: randomUUID(),
  email: person.email,
  name: "Staff",
  profileImage: null,
  isStaff,
});

function contextOf(viewer: Viewer | null): AppLoadContext {
  return { db: handle.db, config, viewer, cspNonce: "", requestId: randomUUID() } as unknown as AppLoadContext;
}

/** What a loader or action answered or threw: its status, data and Location. */
async function outcome(run: () => Promise<unknown>) {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    return { status: result.status, data: null as never, location: result.headers.get("Location") };
  }
  const withInit = result as { type?: string; data?: unknown; init?: { status?: number } | null };
  if (withInit?.type === "DataWithResponseInit") {
    return { status: withInit.init?.status ?? 200, data: withInit.data as never, location: null };
  }
  return { status: 200, data: result as never, location: null };
}

function multipart(fields: Record<string, string | Blob>): Request {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return new Request(`${config.publicUrl}/admin/blog`, { method: "POST", body: form });
}

const POST_FIELDS = {
  slug: "",
  originalLanguage: "en",
  tags: "guides, music",
  coverAlt: "",
  title: "Spring concerts in the DMV",
  summary: "Where to hear live music this spring.",
  body: "## Outdoors\n\nThe season opens on the Mall.",
};

const createAs = (viewer: Viewer | null, fields: Record<string, string | Blob>) =>
  outcome(() => newPage.action({ request: multipart(fields), params: {}, context: contextOf(viewer) } as never));
const editAs = (viewer: Viewer | null, id: number, fields: Record<string, string | Blob>) =>
  outcome(() =>
    editPage.action({ request: multipart(fields), params: { id: String(id) }, context: contextOf(viewer) } as never),
  );

async function postRow(id: number) {
  const [post] = await handle.db.select().from(blogPosts).where(eq(blogPosts.id, id));
  const versions = await handle.db.select().from(blogPostVersions).where(eq(blogPostVersions.postId, id));
  return { post, versions: versions.map(({ language, title, summary, body }) => ({ language, title, summary, body })) };
}

async function actionsOn(id: number) {
  const rows = await handle.db
    .select({ action: staffActions.action, actorId: staffActions.actorId, subjectType: staffActions.subjectType })
    .from(staffActions)
    .where(eq(staffActions.subjectId, String(id)));
  return rows.filter((row) => row.subjectType === "blog_post").map((row) => `${row.action} by ${row.actorId}`);
}

async function pngBytes(): Promise<Uint8Array<ArrayBuffer>> {
  const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();
  const bytes = new Uint8Array(new ArrayBuffer(png.byteLength));
  bytes.set(png);
  return bytes;
}

describe("the sample posts", () => {
  it("are three public posts and one scheduled, signed by the seeded staff account, one in four languages", async () => {
    const now = new Date();
    const list = await listPublicPosts(handle.db, { language: "am" }, now);
    expect(list.posts.map((post) => post.slug)).toEqual([
      "winter-in-the-dmv-events-roundup",
      "first-time-organizer-guide",
      "four-languages-one-site",
    ]);
    expect(list.posts.map((post) => [post.translated, post.languages])).toEqual([
      [true, ["en", "fr", "ar", "am"]],
      [false, ["en", "fr"]],
      [false, ["en"]],
    ]);
    expect(await getPublicPost(handle.db, "organizer-spotlight-addis-dmv-cultural-collective", "en", now)).toBeNull();
    const later = await listPublicPosts(handle.db, { language: "en" }, new Date(now.getTime() + 5 * 24 * HOUR));
    expect(later.posts[0]?.slug).toBe("organizer-spotlight-addis-dmv-cultural-collective");
    const [admin] = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, "admin@example.com"));
    const authors = await handle.db.select({ authorId: blogPosts.authorId }).from(blogPosts);
    expect(authors.every((row) => row.authorId === admin?.id)).toBe(true);
    expect(list.posts[0]?.cover?.storageKey).toMatch(/^sample\/event\//);
    const cover = await app.request(`/uploads/${list.posts[0]!.cover!.storageKey}-480.webp`);
    expect(cover.status).toBe(200);
    expect(cover.headers.get("Content-Type")).toBe("image/webp");
  });
});

describe("the console's blog pages", () => {
  it("answer 404 to visitors and to people who are not staff, and write nothing for them", async () => {
    const before = await handle.db.select({ id: blogPosts.id }).from(blogPosts);
    for (const viewer of [null, viewerOf(member, false)]) {
      const context = contextOf(viewer);
      const request = new Request(`${config.publicUrl}/admin/blog`);
      expect((await outcome(() => listPage.loader({ request, params: {}, context } as never))).status).toBe(404);
      expect((await outcome(() => newPage.loader({ request, params: {}, context } as never))).status).toBe(404);
      expect(
        (await outcome(() => editPage.loader({ request, params: { id: String(before[0]!.id) }, context } as never)))
          .status,
      ).toBe(404);
      expect((await createAs(viewer, { ...POST_FIELDS, intent: "save" })).status).toBe(404);
      expect((await editAs(viewer, before[0]!.id, { intent: "unpublish" })).status).toBe(404);
    }
    expect(await handle.db.select({ id: blogPosts.id }).from(blogPosts)).toHaveLength(before.length);
    expect((await getPublicPost(handle.db, "four-languages-one-site", "en", new Date()))?.slug).toBe(
      "four-languages-one-site",
    );
  });

  it("list every post with its state for staff", async () => {
    const context = contextOf(viewerOf(staff, true));
    const request = new Request(`${config.publicUrl}/admin/blog`);
    const { data } = await outcome(() => listPage.loader({ request, params: {}, context } as never));
    const posts = (data as { posts: { slug: string; status: string; publishAt: Date | null }[] }).posts;
    const spotlight = posts.find((post) => post.slug === "organizer-spotlight-addis-dmv-cultural-collective");
    expect(spotlight?.status).toBe("published");
    expect(spotlight!.publishAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it("create a draft with a cover, publish it, schedule it and take it down, each audited", async () => {
    const viewer = viewerOf(staff, true);
    const preview = await createAs(viewer, { ...POST_FIELDS, intent: "preview" });
    expect(preview.status).toBe(200);
    expect((preview.data as { preview: string }).preview).toContain("<h2>Outdoors</h2>");

    const created = await createAs(viewer, {
      ...POST_FIELDS,
      coverAlt: "A brass band on the National Mall",
      cover: new File([await pngBytes()], "band.png", { type: "image/png" }),
      intent: "save",
    });
    expect(created.status).toBe(302);
    const id = Number(created.location?.match(/\/admin\/blog\/(\d+)\?done=saved$/)?.[1]);
    const { post } = await postRow(id);
    expect(post).toMatchObject({ slug: "spring-concerts-in-the-dmv", status: "draft", authorId: staff.userId });
    expect(post?.tags).toEqual(["guides", "music"]);
    const stored = await readdir(path.join(uploadsDir, "events"));
    expect(stored).toContain(`${post!.coverStorageKey!.slice("events/".length)}-960.webp`);
    expect(await getPublicPost(handle.db, "spring-concerts-in-the-dmv", "en", new Date())).toBeNull();

    expect((await editAs(viewer, id, { intent: "publish" })).location).toBe(`/admin/blog/${id}?done=published`);
    expect((await getPublicPost(handle.db, "spring-concerts-in-the-dmv", "en", new Date()))?.title).toBe(
      "Spring concerts in the DMV",
    );

    const saved = await editAs(viewer, id, {
      intent: "saveLanguage",
      language: "fr",
      title: "Les concerts du printemps",
      summary: "Où écouter de la musique.",
      body: "Texte.",
    });
    expect(saved.status).toBe(302);
    expect((await getPublicPost(handle.db, "spring-concerts-in-the-dmv", "fr", new Date()))?.title).toBe(
      "Les concerts du printemps",
    );

    expect((await editAs(viewer, id, { intent: "schedule", publishAt: "2099-06-01T09:00" })).location).toBe(
      `/admin/blog/${id}?done=scheduled`,
    );
    expect((await postRow(id)).post?.publishAt?.toISOString()).toBe("2099-06-01T13:00:00.000Z");
    expect(await getPublicPost(handle.db, "spring-concerts-in-the-dmv", "en", new Date())).toBeNull();

    expect((await editAs(viewer, id, { intent: "unpublish" })).location).toBe(`/admin/blog/${id}?done=unpublished`);
    expect((await postRow(id)).post).toMatchObject({ status: "draft", publishAt: null });
    expect(await actionsOn(id)).toEqual([
      `blog.create by ${staff.userId}`,
      `blog.publish by ${staff.userId}`,
      `blog.save_language by ${staff.userId}`,
      `blog.schedule by ${staff.userId}`,
      `blog.unpublish by ${staff.userId}`,
    ]);
  });

  it("refuse bad input with the field's problem and change nothing", async () => {
    const viewer = viewerOf(staff, true);
    const id = (
      await createPost(
        handle.db,
        staff,
        { ...POST_FIELDS, title: "Untouched", tags: [] },
        { uploadsDir, now: new Date() },
      )
    ).id;
    const before = await postRow(id);
    const auditBefore = await actionsOn(id);
    const cases: [Record<string, string | Blob>, Record<string, string>][] = [
      [{ ...POST_FIELDS, title: "  ", intent: "save" }, { title: "required" }],
      [{ ...POST_FIELDS, slug: "winter-in-the-dmv-events-roundup", intent: "save" }, { slug: "slug_taken" }],
      [{ ...POST_FIELDS, slug: "Not a slug!", intent: "save" }, { slug: "slug_invalid" }],
      [{ ...POST_FIELDS, tags: "a, b, c, d, e, f, g, h, i", intent: "save" }, { tags: "tags_limit" }],
      [
        {
          ...POST_FIELDS,
          coverAlt: "x",
          cover: new File(["not a picture"], "x.png", { type: "image/png" }),
          intent: "save",
        },
        { cover: "image_type" },
      ],
      [
        { ...POST_FIELDS, cover: new File([await pngBytes()], "x.png", { type: "image/png" }), intent: "save" },
        { coverAlt: "required" },
      ],
      [{ intent: "schedule", publishAt: "2026-02-30T10:00" }, { publishAt: "date_invalid" }],
      [{ intent: "schedule", publishAt: "soon" }, { publishAt: "date_invalid" }],
      [{ intent: "saveLanguage", language: "fr", title: "", summary: "s", body: "b" }, { title: "required" }],
      [{ intent: "saveLanguage", language: "de", title: "t", summary: "s", body: "b" }, { language: "invalid" }],
    ];
    for (const [fields, problems] of cases) {
      const answer = await editAs(viewer, id, fields);
      expect(answer.status, JSON.stringify(problems)).toBe(422);
      expect((answer.data as { problems: Record<string, string> }).problems).toMatchObject(problems);
    }
    const tooLarge = await editAs(viewer, id, {
      ...POST_FIELDS,
      cover: new File([new Uint8Array(MAX_EVENT_IMAGE_BYTES + 300 * 1024)], "big.png", { type: "image/png" }),
      intent: "save",
    });
    expect(tooLarge.status).toBe(413);
    expect((tooLarge.data as { problems: Record<string, string> }).problems).toEqual({ cover: "image_too_large" });
    expect(await postRow(id)).toEqual(before);
    expect(await actionsOn(id)).toEqual(auditBefore);
    const gone = await editAs(viewer, 999_999, { intent: "publish" });
    expect(gone.status).toBe(422);
    expect((gone.data as { problems: Record<string, string> }).problems).toEqual({ form: "not_found" });
  });
});

describe("removing a language of a post", () => {
  it("takes a translation off the post, audited; readers of it get the original; the original cannot go", async () => {
    const viewer = viewerOf(staff, true);
    const { id, slug } = await createPost(
      handle.db,
      staff,
      { ...POST_FIELDS, title: "Autumn markets", tags: [] },
      { uploadsDir, now: new Date() },
    );
    expect((await editAs(viewer, id, { intent: "publish" })).status).toBe(302);
    for (const language of ["fr", "ar"]) {
      const words = { title: `Marchés (${language})`, summary: "Résumé.", body: "Texte." };
      expect((await editAs(viewer, id, { intent: "saveLanguage", language, ...words })).status).toBe(302);
    }
    expect((await getPublicPost(handle.db, slug, "fr", new Date()))?.title).toBe("Marchés (fr)");

    // Refused, changing nothing: the original language, a language with no words, no language at all,
    // and someone who is not staff.
    const before = await postRow(id);
    const auditBefore = await actionsOn(id);
    const refused: [Record<string, string>, Record<string, string>][] = [
      [{ intent: "removeLanguage", language: "en" }, { form: "original_language" }],
      [{ intent: "removeLanguage", language: "am" }, { form: "no_version" }],
      [{ intent: "removeLanguage", language: "de" }, { language: "invalid" }],
      [{ intent: "removeLanguage" }, { language: "invalid" }],
    ];
    for (const [fields, problems] of refused) {
      const answer = await editAs(viewer, id, fields);
      expect(answer.status, JSON.stringify(fields)).toBe(422);
      expect((answer.data as { form: string; problems: Record<string, string> }).form).toBe("language");
      expect((answer.data as { problems: Record<string, string> }).problems).toEqual(problems);
    }
    expect((await editAs(viewerOf(member, false), id, { intent: "removeLanguage", language: "fr" })).status).toBe(404);
    expect(await postRow(id)).toEqual(before);
    expect(await actionsOn(id)).toEqual(auditBefore);

    const removed = await editAs(viewer, id, { intent: "removeLanguage", language: "fr" });
    expect(removed.location).toBe(`/admin/blog/${id}?done=languageRemoved&language=fr#languages`);
    expect((await postRow(id)).versions.map((version) => version.language).sort()).toEqual(["ar", "en"]);
    // A French reader now gets the original words; the Arabic version stays.
    const french = await getPublicPost(handle.db, slug, "fr", new Date());
    expect(french?.title).toBe("Autumn markets");
    expect((await getPublicPost(handle.db, slug, "ar", new Date()))?.title).toBe("Marchés (ar)");
    expect((await actionsOn(id)).at(-1)).toBe(`blog.remove_language by ${staff.userId}`);
    const [audit] = await handle.db
      .select({ reason: staffActions.reason, before: staffActions.before, after: staffActions.after })
      .from(staffActions)
      .where(eq(staffActions.action, "blog.remove_language"));
    expect(audit?.reason).toBe("fr");
    expect(Object.keys((audit?.before as { titles: object }).titles).sort()).toEqual(["ar", "en", "fr"]);
    expect(Object.keys((audit?.after as { titles: object }).titles).sort()).toEqual(["ar", "en"]);

    // The page shows the done message's key and the language, now unwritten, open again.
    const request = new Request(`${config.publicUrl}/admin/blog/${id}?done=languageRemoved&language=fr`);
    const page = await outcome(() =>
      editPage.loader({ request, params: { id: String(id) }, context: contextOf(viewer) } as never),
    );
    expect(page.data).toMatchObject({ done: "languageRemoved", language: "fr" });
  });
});

describe("/api/v1/staff/blog", () => {
  async function call(pathname: string, as: TestSession | null, body?: unknown) {
    const headers: Record<string, string> = as ? { Authorization: `Bearer ${as.session.access_token}` } : {};
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const response = await app.request(`/api/v1/staff/blog${pathname}`, {
      method: "POST",
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const json = await response.json();
    const template = pathname.replace(/\/posts\/[^/]+/, "/posts/{id}");
    expectDocumented(document, "post", `/staff/blog${template}`, response.status, json);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    return { status: response.status, body: json };
  }

  it("answers 401 to visitors and 403 to people who are not staff, for every operation, changing nothing", async () => {
    const [post] = await handle.db
      .select()
      .from(blogPosts)
      .where(inArray(blogPosts.slug, ["four-languages-one-site"]));
    for (const [pathname, body] of [
      [`/posts/${post!.id}/publish`, undefined],
      [`/posts/${post!.id}/schedule`, { publishAt: "2099-01-01T00:00:00Z" }],
      [`/posts/${post!.id}/unpublish`, undefined],
    ] as const) {
      expect((await call(pathname, null, body)).status).toBe(401);
      const refused = await call(pathname, member, body);
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe("forbidden");
    }
    expect((await postRow(post!.id)).post).toEqual(post);
  });

  it("lets staff schedule, unpublish and publish a post, audited, and refuses a bad date or an unknown post", async () => {
    const id = (
      await createPost(
        handle.db,
        staff,
        { ...POST_FIELDS, title: "By the API", tags: [] },
        { uploadsDir, now: new Date() },
      )
    ).id;
    const scheduled = await call(`/posts/${id}/schedule`, staff, { publishAt: "2099-01-01T09:00:00-05:00" });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body.data).toMatchObject({ id, state: "scheduled", publishAt: "2099-01-01T14:00:00.000Z" });
    expect((await call(`/posts/${id}/unpublish`, staff)).body.data).toMatchObject({ state: "draft", publishAt: null });
    const published = await call(`/posts/${id}/publish`, staff);
    expect(published.body.data).toMatchObject({ status: "published", state: "published" });
    expect(await getPublicPost(handle.db, "by-the-api", "en", new Date())).not.toBeNull();

    const badDate = await call(`/posts/${id}/schedule`, staff, { publishAt: "next tuesday" });
    expect(badDate.status).toBe(400);
    expect(badDate.body.error.fields).toEqual({ publishAt: "date_invalid" });
    expect((await call(`/posts/999999/publish`, staff)).status).toBe(404);
    expect(await actionsOn(id)).toEqual([
      `blog.create by ${staff.userId}`,
      `blog.schedule by ${staff.userId}`,
      `blog.unpublish by ${staff.userId}`,
      `blog.publish by ${staff.userId}`,
    ]);
  });
});
