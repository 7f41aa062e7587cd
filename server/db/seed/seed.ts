import { count, sql } from "drizzle-orm";
import { CATEGORIES, INTERESTS, TOP_CATEGORY_COUNT } from "#domain/catalog";
import { defaultEndsAt } from "#domain/event";
import { reputationLevel, reputationScore } from "#domain/reputation";
import { zonedDayAt } from "#domain/time";
import type { Database } from "#server/db/client";
import * as schema from "#server/db/schema";
import { EVENT_IMAGE_WIDTHS } from "#server/images/sample-images";
import {
  SAMPLE_EVENTS,
  SAMPLE_PROMOTIONS,
  SAMPLE_SPONSORS,
  SAMPLE_TEASERS,
  SAMPLE_USERS,
  SAMPLE_VENUES,
} from "./sample-data";
import { sampleAvatarUrl, sampleEventImageKey, sampleSponsorLogoUrl, uploadUrl } from "./sample-image-files";
import { seedSampleBlog } from "./sample-blog";
import { seedSampleBadges } from "./sample-badges";
import { seedSampleGallery } from "./sample-gallery";
import { seedSampleMatchmakerAnswers } from "./sample-matchmaker";
import { seedSampleSavesAndFollows } from "./sample-community-follows";
import { seedSamplePromoters } from "./sample-promoters";
import { seedSampleEventPlans } from "./sample-event-plans";
import { sampleOrganizerActivity } from "./sample-reputations";
import { seedSampleStaff } from "./sample-staff";
import { seedSampleNotifications } from "./sample-notifications";
import { seedSampleReviews } from "./sample-reviews";
import { sampleTicketTypes } from "./sample-tickets";

/** Sample events happen in the DMV, so their wall-clock times are Eastern. */
const SAMPLE_TIME_ZONE = "America/New_York";

export interface SeedSummary {
  categories: number;
  interests: number;
  users: number;
  venues: number;
  sponsors: number;
  events: number;
  ticketTypes: number;
}

/** True when nothing has been stored yet (the categories are the first thing any seed writes). */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ value: count() }).from(schema.categories);
  return (row?.value ?? 0) === 0;
}

/**
 * Writes the spec's sample set. Deterministic: the same `now` gives the same rows, and dates are
 * placed relative to `now` so the site always looks alive. Runs in one transaction: all or nothing.
 */
export async function seedSampleData(
  db: Database,
  { now, log = () => {} }: { now: Date; log?: (message: string) => void },
): Promise<SeedSummary> {
  return db.transaction(async (tx) => {
    log(`Seeding ${CATEGORIES.length} categories and ${INTERESTS.length} interests`);
    const categoryRows = await tx
      .insert(schema.categories)
      .values(
        CATEGORIES.map((category, index) => ({
          key: category.key,
          name: category.name,
          icon: category.icon,
          topRank: index < TOP_CATEGORY_COUNT ? index + 1 : null,
          position: index,
        })),
      )
      .returning({ id: schema.categories.id, key: schema.categories.key });
    const categoryIdByKey = new Map(categoryRows.map((row) => [row.key, row.id]));
    await tx.insert(schema.interests).values(INTERESTS.map((interest, index) => ({ ...interest, position: index })));

    log(`Seeding ${SAMPLE_USERS.length} users`);
    const userRows = await tx
      .insert(schema.users)
      .values(SAMPLE_USERS.map((user) => ({ email: user.email, emailConfirmedAt: now })))
      .returning({ id: schema.users.id });
    const userIds = userRows.map((row) => row.id);
    // Sample people have no password; an e-mail identity lets them sign in by magic link.
    await tx.insert(schema.identities).values(
      SAMPLE_USERS.map((user, index) => ({
        userId: userIds[index]!,
        provider: "email",
        providerId: userIds[index]!,
        identityData: { sub: userIds[index]!, email: user.email, email_verified: true, phone_verified: false },
      })),
    );
    await tx.insert(schema.profiles).values(
      SAMPLE_USERS.map((user, index) => ({
        userId: userIds[index]!,
        name: user.name,
        role: user.role,
        preferredLanguage: user.preferredLanguage,
        organization: user.organization,
        bio: user.bio,
        location: user.location,
        profileImage: sampleAvatarUrl(index),
        socialLinks: user.socialLinks,
      })),
    );
    const organizers = SAMPLE_USERS.flatMap((user, index) => (user.role === "organizer" ? [index] : []));
    await tx.insert(schema.organizerReputations).values(
      organizers.map((index) => {
        const activity = sampleOrganizerActivity(index);
        const score = reputationScore(activity);
        return { organizerId: userIds[index]!, score, level: reputationLevel(score), ...activity, updatedAt: now };
      }),
    );

    log(`Seeding ${SAMPLE_VENUES.length} venues and ${SAMPLE_SPONSORS.length} sponsors`);
    const venueRows = await tx.insert(schema.venues).values(SAMPLE_VENUES).returning({ id: schema.venues.id });
    const sponsorRows = await tx
      .insert(schema.sponsors)
      .values(
        SAMPLE_SPONSORS.map((sponsor, index) => ({
          ...sponsor,
          logo: sampleSponsorLogoUrl(index),
        })),
      )
      .returning({ id: schema.sponsors.id });

    log(`Seeding ${SAMPLE_EVENTS.length} events with their tickets and images`);
    // Explicit ids: the spec names events by number (34 is sold out, 36 is invitation only).
    const eventRows = SAMPLE_EVENTS.map((event, index) => {
      const [hour, minute] = event.startTime.split(":").map(Number) as [number, number];
      const startsAt = zonedDayAt(now, event.dayOffset, hour, minute, SAMPLE_TIME_ZONE);
      return {
        id: index + 1,
        title: event.title,
        description: event.description,
        startsAt,
        endsAt: defaultEndsAt(startsAt),
        timeZone: SAMPLE_TIME_ZONE,
        venueId: venueRows[event.venueIndex]!.id,
        categoryId: categoryIdByKey.get(event.categoryKey)!,
        organizerId: userIds[event.organizerIndex]!,
        language: event.language,
        isPublic: event.isPublic,
        isFeatured: event.isFeatured,
        status: "published" as const,
        createdAt: now,
        updatedAt: now,
      };
    });
    await tx.insert(schema.events).values(eventRows);
    await tx.execute(sql`select setval(pg_get_serial_sequence('events', 'id'), (select max(id) from events))`);

    await tx.insert(schema.eventImages).values(
      SAMPLE_EVENTS.flatMap((event, index) =>
        event.imageAlts.map((alt, position) => ({
          eventId: index + 1,
          position,
          storageKey: sampleEventImageKey(index, position as 0 | 1 | 2),
          widths: [...EVENT_IMAGE_WIDTHS],
          alt,
        })),
      ),
    );
    const ticketRows = eventRows.flatMap((event) =>
      sampleTicketTypes(event.id).map((ticket, position) => ({ ...ticket, eventId: event.id, position })),
    );
    await tx.insert(schema.ticketTypes).values(ticketRows);

    const sponsorLinks = SAMPLE_EVENTS.flatMap((event, index) =>
      event.sponsorIndexes.map((sponsorIndex) => ({
        eventId: index + 1,
        sponsorId: sponsorRows[sponsorIndex]!.id,
        // The sample site's sponsors agreed to the events they appear on.
        status: "approved" as const,
      })),
    );
    if (sponsorLinks.length > 0) await tx.insert(schema.eventSponsors).values(sponsorLinks);
    const coOrganizerLinks = SAMPLE_EVENTS.flatMap((event, index) =>
      event.coOrganizerIndexes.map((userIndex) => ({ eventId: index + 1, userId: userIds[userIndex]! })),
    );
    if (coOrganizerLinks.length > 0) await tx.insert(schema.eventCoOrganizers).values(coOrganizerLinks);

    log(`Seeding ${SAMPLE_PROMOTIONS.length} promotions and ${SAMPLE_TEASERS.length} major events`);
    await tx.insert(schema.promotions).values(
      SAMPLE_PROMOTIONS.map((promotion) => {
        const eventId = promotion.eventIndex + 1;
        return {
          eventId,
          title: promotion.title,
          description: promotion.description,
          imageUrl: uploadUrl(sampleEventImageKey(promotion.eventIndex, 0), 960),
          linkUrl: `/events/${eventId}`,
          callToAction: promotion.callToAction,
          startsAt: zonedDayAt(now, promotion.startDayOffset, 0, 0, SAMPLE_TIME_ZONE),
          endsAt: zonedDayAt(now, promotion.endDayOffset, 23, 59, SAMPLE_TIME_ZONE),
          placement: promotion.placement,
          isActive: promotion.isActive,
        };
      }),
    );
    await tx.insert(schema.majorEventTeasers).values(
      SAMPLE_TEASERS.map((teaser, position) => ({
        eventId: teaser.eventIndex + 1,
        position,
        tagline: teaser.tagline,
        videoUrl: null,
      })),
    );

    log("Seeding the staff account admin@example.com");
    await seedSampleStaff(tx, now);
    log(`Seeding ${await seedSampleBlog(tx, now)} blog posts`);
    log(`Seeding ${await seedSampleNotifications(tx, now)} notifications`);
    log(`Seeding ${await seedSampleGallery(tx, { now, userIds })} gallery photos`);
    log(`Seeding ${await seedSampleReviews(tx, now)} reviews of past events`);
    await seedSampleSavesAndFollows(tx, { userIds, roles: SAMPLE_USERS.map((user) => user.role) }, eventRows, now);
    // Last: badges are earned from everything above (the same recompute as `npm run badges:recompute`).
    log(`Awarding ${await seedSampleBadges(tx, now)} badges earned by the sample activity`);
    log(`Seeding promoters and share links with ${await seedSamplePromoters(tx, now)} attributed orders`);
    log(`Seeding ${await seedSampleEventPlans(tx, now)} saved event plan`);
    log(`Seeding ${await seedSampleMatchmakerAnswers(tx, userIds)} kept matchmaker answers`);

    const summary: SeedSummary = {
      categories: CATEGORIES.length,
      interests: INTERESTS.length,
      users: SAMPLE_USERS.length + 1,
      venues: SAMPLE_VENUES.length,
      sponsors: SAMPLE_SPONSORS.length,
      events: SAMPLE_EVENTS.length,
      ticketTypes: ticketRows.length,
    };
    log(`Sample data ready: ${JSON.stringify(summary)}`);
    return summary;
  });
}
