import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { users } from "./auth";

// The blog: posts staff write in the console, each in one or more languages (issue 18).

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: serial("id").primaryKey(),
    /** The post's address, /blog/{slug}: lowercase ASCII words joined by hyphens (domain/blog.ts). */
    slug: text("slug").notNull().unique(),
    /** The language the post was written in: shown, with a badge, to readers of a language it lacks. */
    originalLanguage: text("original_language", { enum: ["en", "fr", "ar", "am"] }).notNull(),
    /** The cover picture, stored as event pictures are (`${key}-${width}.webp` under the uploads folder). */
    coverStorageKey: text("cover_storage_key"),
    coverWidths: integer("cover_widths").array(),
    coverAlt: text("cover_alt"),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The staff member who wrote it; a deleted account leaves the post without a byline. */
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: ["draft", "published"] })
      .notNull()
      .default("draft"),
    /** When a published post becomes public: now, or later for a scheduled one. */
    publishAt: timestamp("publish_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("blog_posts_status_check", sql`${t.status} in ('draft', 'published')`),
    check("blog_posts_language_check", sql`${t.originalLanguage} in ('en', 'fr', 'ar', 'am')`),
    check("blog_posts_published_check", sql`${t.status} = 'draft' or ${t.publishAt} is not null`),
    index("blog_posts_public_idx").on(t.status, t.publishAt),
    index("blog_posts_tags_idx").using("gin", t.tags),
  ],
);

/** A post's words in one language; the original language's version always exists. */
export const blogPostVersions = pgTable(
  "blog_post_versions",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    language: text("language", { enum: ["en", "fr", "ar", "am"] }).notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    /** Markdown, rendered on the server (server/services/markdown.ts). */
    body: text("body").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.language] }),
    check("blog_post_versions_language_check", sql`${t.language} in ('en', 'fr', 'ar', 'am')`),
  ],
);
