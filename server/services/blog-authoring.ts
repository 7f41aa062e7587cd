import { and, asc, desc, eq, like, ne } from "drizzle-orm";
import {
  blogPostInputSchema,
  blogVersionInputSchema,
  BLOG_COVER_ALT_MAX,
  slugify,
  uniqueSlug,
  type BlogPostInput,
  type BlogVersionInput,
} from "#domain/blog";
import { isLanguage, type Language } from "#domain/language";
import type { Database } from "#server/db/client";
import { blogPosts, blogPostVersions } from "#server/db/schema";
import { AppError } from "#server/errors";
import { deleteEventImageFiles, encodeEventImage, storeEventImage } from "#server/images/event-images";
import type { Actor } from "./actor";
import { recordStaffAction } from "./staff-actions";
import { requireStaff } from "./staff";

/*
 * Staff writing the blog: a post's settings and its original words, more languages, a cover picture
 * (checked and re-encoded as event pictures are, before any transaction, so a refused file changes
 * nothing), and publishing now, later or not at all. Every write is audited in its own transaction.
 */

export const BLOG_SUBJECT = "blog_post";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** A picture as the form or the API hands it over, checked here. */
export interface CoverUpload {
  bytes: Uint8Array;
}

/** What the console saves for a post: its settings and the original language's words. */
export interface BlogPostDraft {
  slug: string;
  originalLanguage: string;
  tags: string[];
  coverAlt: string;
  title: string;
  summary: string;
  body: string;
  cover?: CoverUpload | null;
  /** Take the cover away (ignored when a new one is uploaded). */
  removeCover?: boolean;
}

export interface StaffPostRow {
  id: number;
  slug: string;
  title: string;
  status: "draft" | "published";
  publishAt: Date | null;
  originalLanguage: Language;
  languages: Language[];
  updatedAt: Date;
}

export interface StaffPost {
  id: number;
  slug: string;
  status: "draft" | "published";
  publishAt: Date | null;
  originalLanguage: Language;
  tags: string[];
  cover: { storageKey: string; widths: number[]; alt: string } | null;
  authorId: string | null;
  versions: { language: Language; title: string; summary: string; body: string }[];
  updatedAt: Date;
}

/** Every post, newest change first, for the console's list. */
export async function listStaffPosts(db: Database, actor: Actor): Promise<StaffPostRow[]> {
  await requireStaff(db, actor);
  const [posts, versions] = await Promise.all([
    db.select().from(blogPosts).orderBy(desc(blogPosts.updatedAt), desc(blogPosts.id)),
    db
      .select({ postId: blogPostVersions.postId, language: blogPostVersions.language, title: blogPostVersions.title })
      .from(blogPostVersions)
      .orderBy(asc(blogPostVersions.postId)),
  ]);
  return posts.map((post) => {
    const own = versions.filter((version) => version.postId === post.id);
    const original = own.find((version) => version.language === post.originalLanguage) ?? own[0];
    return {
      id: post.id,
      slug: post.slug,
      title: original?.title ?? post.slug,
      status: post.status,
      publishAt: post.publishAt,
      originalLanguage: post.originalLanguage,
      languages: own.map((version) => version.language),
      updatedAt: post.updatedAt,
    };
  });
}

export async function getStaffPost(db: Database, actor: Actor, id: number): Promise<StaffPost | null> {
  await requireStaff(db, actor);
  return readPost(db, id);
}

async function readPost(db: Pick<Database, "select">, id: number): Promise<StaffPost | null> {
  const [post] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
  if (!post) return null;
  const versions = await db
    .select({
      language: blogPostVersions.language,
      title: blogPostVersions.title,
      summary: blogPostVersions.summary,
      body: blogPostVersions.body,
    })
    .from(blogPostVersions)
    .where(eq(blogPostVersions.postId, id));
  return {
    id: post.id,
    slug: post.slug,
    status: post.status,
    publishAt: post.publishAt,
    originalLanguage: post.originalLanguage,
    tags: post.tags,
    cover:
      post.coverStorageKey && post.coverWidths
        ? { storageKey: post.coverStorageKey, widths: post.coverWidths, alt: post.coverAlt ?? "" }
        : null,
    authorId: post.authorId,
    versions,
    updatedAt: post.updatedAt,
  };
}

/**
 * Writes a post's change to the audit log, in the change's transaction, with the post before (null
 * when it is new) and as it is now; returns the post as it is now.
 */
async function recordPostAction(
  tx: Tx,
  actor: Actor,
  change: { action: string; id: number; before: StaffPost | null; reason?: string },
  now: Date,
): Promise<StaffPost> {
  const after = (await readPost(tx, change.id))!;
  await recordStaffAction(
    tx,
    {
      actorId: actor.userId,
      action: change.action,
      subjectType: BLOG_SUBJECT,
      subjectId: change.id,
      ...(change.reason ? { reason: change.reason } : {}),
      before: auditOf(change.before),
      after: auditOf(after),
    },
    now,
  );
  return after;
}

/** The record the audit log keeps of a post: its settings and languages, not whole bodies. */
function auditOf(post: StaffPost | null) {
  if (!post) return null;
  return {
    slug: post.slug,
    status: post.status,
    publishAt: post.publishAt?.toISOString() ?? null,
    originalLanguage: post.originalLanguage,
    tags: post.tags,
    cover: post.cover?.storageKey ?? null,
    titles: Object.fromEntries(post.versions.map((version) => [version.language, version.title])),
  };
}

interface CheckedDraft {
  post: BlogPostInput;
  version: BlogVersionInput;
  cover: { renditions: Map<number, Buffer> } | null;
}

/** Every field checked at once; problems are the words of BLOG_PROBLEMS, by field. */
async function checkDraft(draft: BlogPostDraft, hasCover: boolean): Promise<CheckedDraft> {
  const fields: Record<string, string> = {};
  const post = blogPostInputSchema.safeParse({
    slug: draft.slug,
    originalLanguage: draft.originalLanguage,
    tags: draft.tags,
    coverAlt: draft.coverAlt,
  });
  if (!post.success) for (const issue of post.error.issues) fields[String(issue.path[0])] ??= issue.message;
  const version = blogVersionInputSchema.safeParse({ title: draft.title, summary: draft.summary, body: draft.body });
  if (!version.success) for (const issue of version.error.issues) fields[String(issue.path[0])] ??= issue.message;
  let cover: CheckedDraft["cover"] = null;
  if (draft.cover && draft.cover.bytes.byteLength > 0) {
    const encoded = await encodeEventImage(draft.cover.bytes);
    if (encoded.ok) cover = { renditions: encoded.renditions };
    else fields.cover = encoded.problem;
  }
  // A picture needs words for people who cannot see it.
  const keepsCover = cover !== null || (hasCover && !draft.removeCover);
  if (post.success && keepsCover && post.data.coverAlt === "") fields.coverAlt ??= "required";
  if (post.success && post.data.coverAlt.length > BLOG_COVER_ALT_MAX) fields.coverAlt ??= "too_long";
  if (Object.keys(fields).length > 0 || !post.success || !version.success) {
    throw new AppError("invalid", "The post cannot be saved.", fields);
  }
  return { post: post.data, version: version.data, cover };
}

const isUniqueViolation = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { code?: string }).code === "23505";

/** The slug asked for (refused when another post has it), or one made from the title, made unique. */
async function slugFor(tx: Tx, asked: string, title: string, exceptId: number | null): Promise<string> {
  const others = (column: typeof blogPosts.slug, value: string) =>
    exceptId === null ? like(column, value) : and(like(column, value), ne(blogPosts.id, exceptId));
  if (asked !== "") {
    const [taken] = await tx
      .select({ id: blogPosts.id })
      .from(blogPosts)
      .where(
        exceptId === null ? eq(blogPosts.slug, asked) : and(eq(blogPosts.slug, asked), ne(blogPosts.id, exceptId)),
      );
    if (taken) throw new AppError("invalid", "Another post has this address.", { slug: "slug_taken" });
    return asked;
  }
  const base = slugify(title) || "post";
  const rows = await tx
    .select({ slug: blogPosts.slug })
    .from(blogPosts)
    .where(others(blogPosts.slug, `${base}%`));
  return uniqueSlug(base, new Set(rows.map((row) => row.slug)));
}

async function storeCover(uploadsDir: string, cover: CheckedDraft["cover"]) {
  return cover ? storeEventImage(uploadsDir, cover.renditions) : null;
}

/** Writes a new draft post written by `actor`; returns its id. */
export async function createPost(
  db: Database,
  actor: Actor,
  draft: BlogPostDraft,
  { uploadsDir, now }: { uploadsDir: string; now: Date },
): Promise<{ id: number; slug: string }> {
  await requireStaff(db, actor);
  const checked = await checkDraft(draft, false);
  const stored = await storeCover(uploadsDir, checked.cover);
  try {
    return await db.transaction(async (tx) => {
      const slug = await slugFor(tx, checked.post.slug, checked.version.title, null);
      const [row] = await tx
        .insert(blogPosts)
        .values({
          slug,
          originalLanguage: checked.post.originalLanguage,
          tags: checked.post.tags,
          coverStorageKey: stored?.storageKey ?? null,
          coverWidths: stored?.widths ?? null,
          coverAlt: stored ? checked.post.coverAlt : null,
          authorId: actor.userId,
          status: "draft",
          publishAt: null,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: blogPosts.id });
      const id = row!.id;
      await tx.insert(blogPostVersions).values({
        postId: id,
        language: checked.post.originalLanguage,
        ...checked.version,
        createdAt: now,
        updatedAt: now,
      });
      await recordPostAction(tx, actor, { action: "blog.create", id, before: null }, now);
      return { id, slug };
    });
  } catch (error) {
    if (stored) await deleteEventImageFiles(uploadsDir, stored.storageKey, stored.widths);
    if (isUniqueViolation(error))
      throw new AppError("invalid", "Another post has this address.", { slug: "slug_taken" });
    throw error;
  }
}

/** Saves a post's settings, cover and original words. */
export async function updatePost(
  db: Database,
  actor: Actor,
  id: number,
  draft: BlogPostDraft,
  { uploadsDir, now }: { uploadsDir: string; now: Date },
): Promise<{ id: number; slug: string }> {
  await requireStaff(db, actor);
  const current = await readPost(db, id);
  if (!current) throw new AppError("not_found", "No such post");
  const checked = await checkDraft(draft, current.cover !== null);
  const stored = await storeCover(uploadsDir, checked.cover);
  const dropsCover = stored !== null || draft.removeCover === true;
  try {
    const result = await db.transaction(async (tx) => {
      const slug = await slugFor(tx, checked.post.slug || current.slug, checked.version.title, id);
      const cover = stored ?? (dropsCover ? null : current.cover);
      await tx
        .update(blogPosts)
        .set({
          slug,
          originalLanguage: checked.post.originalLanguage,
          tags: checked.post.tags,
          coverStorageKey: cover?.storageKey ?? null,
          coverWidths: cover?.widths ?? null,
          coverAlt: cover ? checked.post.coverAlt : null,
          updatedAt: now,
        })
        .where(eq(blogPosts.id, id));
      await upsertVersion(tx, id, checked.post.originalLanguage, checked.version, now);
      await recordPostAction(tx, actor, { action: "blog.update", id, before: current }, now);
      return { id, slug };
    });
    if (dropsCover && current.cover) {
      await deleteEventImageFiles(uploadsDir, current.cover.storageKey, current.cover.widths);
    }
    return result;
  } catch (error) {
    if (stored) await deleteEventImageFiles(uploadsDir, stored.storageKey, stored.widths);
    if (isUniqueViolation(error))
      throw new AppError("invalid", "Another post has this address.", { slug: "slug_taken" });
    throw error;
  }
}

async function upsertVersion(tx: Tx, postId: number, language: Language, version: BlogVersionInput, now: Date) {
  await tx
    .insert(blogPostVersions)
    .values({ postId, language, ...version, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [blogPostVersions.postId, blogPostVersions.language],
      set: { ...version, updatedAt: now },
    });
}

/** Adds or edits the post's words in one more language. */
export async function savePostVersion(
  db: Database,
  actor: Actor,
  id: number,
  language: string,
  words: { title: string; summary: string; body: string },
  now: Date,
): Promise<void> {
  await requireStaff(db, actor);
  const fields: Record<string, string> = {};
  if (!["en", "fr", "ar", "am"].includes(language)) fields.language = "invalid";
  const version = blogVersionInputSchema.safeParse(words);
  if (!version.success) for (const issue of version.error.issues) fields[String(issue.path[0])] ??= issue.message;
  if (Object.keys(fields).length > 0 || !version.success)
    throw new AppError("invalid", "The words cannot be saved.", fields);
  await db.transaction(async (tx) => {
    const before = await readPost(tx, id);
    if (!before) throw new AppError("not_found", "No such post");
    await upsertVersion(tx, id, language as Language, version.data, now);
    await tx.update(blogPosts).set({ updatedAt: now }).where(eq(blogPosts.id, id));
    await recordPostAction(tx, actor, { action: "blog.save_language", id, before, reason: language }, now);
  });
}

/**
 * Takes the post's words in one language away (readers of that language get the original again). The
 * original language's cannot go: the post is written in it.
 */
export async function removePostVersion(
  db: Database,
  actor: Actor,
  id: number,
  language: string,
  now: Date,
): Promise<void> {
  await requireStaff(db, actor);
  if (!isLanguage(language)) throw new AppError("invalid", "No such language.", { language: "invalid" });
  await db.transaction(async (tx) => {
    const before = await readPost(tx, id);
    if (!before) throw new AppError("not_found", "No such post");
    if (language === before.originalLanguage) {
      throw new AppError("invalid", "The original language cannot be removed.", { form: "original_language" });
    }
    const removed = await tx
      .delete(blogPostVersions)
      .where(and(eq(blogPostVersions.postId, id), eq(blogPostVersions.language, language)))
      .returning({ language: blogPostVersions.language });
    if (removed.length === 0) {
      throw new AppError("invalid", "The post has no words in this language.", { form: "no_version" });
    }
    await tx.update(blogPosts).set({ updatedAt: now }).where(eq(blogPosts.id, id));
    await recordPostAction(tx, actor, { action: "blog.remove_language", id, before, reason: language }, now);
  });
}

/**
 * Publishes a post now (`at` null) or schedules it for `at`; a post already live keeps its date when
 * published again. Unpublishing makes it a draft again: gone from the blog, the feeds and the sitemap.
 */
export async function setPostPublication(
  db: Database,
  actor: Actor,
  id: number,
  change: { publish: true; at: Date | null } | { publish: false },
  now: Date,
): Promise<StaffPost> {
  await requireStaff(db, actor);
  return db.transaction(async (tx) => {
    const before = await readPost(tx, id);
    if (!before) throw new AppError("not_found", "No such post");
    const publishAt = change.publish
      ? (change.at ??
        (before.status === "published" && before.publishAt && before.publishAt <= now ? before.publishAt : now))
      : null;
    await tx
      .update(blogPosts)
      .set({ status: change.publish ? "published" : "draft", publishAt, updatedAt: now })
      .where(eq(blogPosts.id, id));
    const action = !change.publish ? "blog.unpublish" : change.at && change.at > now ? "blog.schedule" : "blog.publish";
    return recordPostAction(tx, actor, { action, id, before }, now);
  });
}
