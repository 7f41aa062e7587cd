import { asc, eq, inArray, or, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { blogPosts, contactEntries, contactThreads, reports, sponsorAccounts, sponsors } from "#server/db/schema";

/*
 * The parts of "Download my data" about what a person wrote to the site or did on it besides buying and
 * organizing: messages to staff and organizers, reports, the sponsors they speak for, blog posts (staff).
 * server/services/account-export.ts puts them in the file.
 */

/** Messages they sent through /contact or to an organizer (by account, or from the account's address), with every answer. */
export async function exportMessages(db: Database, userId: string, email: string) {
  const threads = await db
    .select({
      id: contactThreads.id,
      reference: contactThreads.reference,
      kind: contactThreads.kind,
      topic: contactThreads.topic,
      eventId: contactThreads.eventId,
      relatedReference: contactThreads.relatedReference,
      name: contactThreads.name,
      email: contactThreads.email,
      status: contactThreads.status,
      createdAt: contactThreads.createdAt,
    })
    .from(contactThreads)
    .where(or(eq(contactThreads.userId, userId), sql`lower(${contactThreads.email}) = ${email}`))
    .orderBy(asc(contactThreads.createdAt), asc(contactThreads.id));
  if (threads.length === 0) return [];
  const entries = await db
    .select({
      threadId: contactEntries.threadId,
      author: contactEntries.author,
      body: contactEntries.body,
      createdAt: contactEntries.createdAt,
    })
    .from(contactEntries)
    .where(
      inArray(
        contactEntries.threadId,
        threads.map((thread) => thread.id),
      ),
    )
    .orderBy(asc(contactEntries.createdAt), asc(contactEntries.id));
  return threads.map(({ id, ...thread }) => ({
    ...thread,
    messages: entries.filter((entry) => entry.threadId === id).map(({ threadId: _thread, ...entry }) => entry),
  }));
}

/** The reports they made (never the hashed address they came from). */
export async function exportReports(db: Database, userId: string) {
  return db
    .select({
      subjectType: reports.subjectType,
      subjectId: reports.subjectId,
      reason: reports.reason,
      details: reports.details,
      status: reports.status,
      createdAt: reports.createdAt,
    })
    .from(reports)
    .where(eq(reports.reporterId, userId))
    .orderBy(asc(reports.createdAt), asc(reports.id));
}

/** The sponsors whose appearances on events they approve. */
export async function exportSponsorships(db: Database, userId: string) {
  return db
    .select({ sponsor: { id: sponsors.id, name: sponsors.name }, linkedAt: sponsorAccounts.linkedAt })
    .from(sponsorAccounts)
    .innerJoin(sponsors, eq(sponsors.id, sponsorAccounts.sponsorId))
    .where(eq(sponsorAccounts.userId, userId))
    .orderBy(asc(sponsorAccounts.linkedAt));
}

/** Blog posts they wrote as staff. */
export async function exportBlogPosts(db: Database, userId: string) {
  return db
    .select({
      slug: blogPosts.slug,
      status: blogPosts.status,
      publishAt: blogPosts.publishAt,
      createdAt: blogPosts.createdAt,
    })
    .from(blogPosts)
    .where(eq(blogPosts.authorId, userId))
    .orderBy(asc(blogPosts.createdAt), asc(blogPosts.id));
}
