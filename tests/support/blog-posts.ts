import type { Language } from "#domain/language";
import type { Database } from "#server/db/client";
import { blogPosts, blogPostVersions } from "#server/db/schema";

export interface BlogPostFields {
  slug: string;
  status?: "draft" | "published";
  publishAt?: Date | null;
  originalLanguage?: Language;
  tags?: string[];
  authorId?: string | null;
  cover?: { storageKey: string; widths: number[]; alt: string } | null;
  /** Words by language; the original language's at least. */
  versions?: Partial<Record<Language, { title: string; summary?: string; body?: string }>>;
  updatedAt?: Date;
}

/** A blog post written straight into the database (published an hour ago unless told otherwise). */
export async function insertBlogPost(db: Database, fields: BlogPostFields): Promise<number> {
  const originalLanguage = fields.originalLanguage ?? "en";
  const publishAt = fields.publishAt === undefined ? new Date(Date.now() - 60 * 60_000) : fields.publishAt;
  const updatedAt = fields.updatedAt ?? publishAt ?? new Date();
  const [row] = await db
    .insert(blogPosts)
    .values({
      slug: fields.slug,
      originalLanguage,
      status: fields.status ?? "published",
      publishAt,
      tags: fields.tags ?? [],
      authorId: fields.authorId ?? null,
      coverStorageKey: fields.cover?.storageKey ?? null,
      coverWidths: fields.cover?.widths ?? null,
      coverAlt: fields.cover?.alt ?? null,
      updatedAt,
    })
    .returning({ id: blogPosts.id });
  const versions = fields.versions ?? { [originalLanguage]: { title: `Post ${fields.slug}` } };
  await db.insert(blogPostVersions).values(
    Object.entries(versions).map(([language, version]) => ({
      postId: row!.id,
      language: language as Language,
      title: version.title,
      summary: version.summary ?? `Summary of ${version.title}`,
      body: version.body ?? `Body of ${version.title}.`,
      updatedAt,
    })),
  );
  return row!.id;
}
