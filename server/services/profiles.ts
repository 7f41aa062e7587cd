import { isUuid } from "#server/auth/secrets";
import { and, asc, desc, eq, gt, lte, sql } from "drizzle-orm";
import type { SocialLinks } from "#domain/profile";
import { profileUpdateSchema } from "#domain/profile-schema";
import { bySponsorTier } from "#domain/sponsor";
import type { ReputationLevel } from "#domain/reputation";
import type { Database } from "#server/db/client";
import {
  badgeAwards,
  events,
  eventSponsors,
  notifications,
  organizerReputations,
  profiles,
  sponsors,
  staffMembers,
  users,
} from "#server/db/schema";
import { AppError } from "#server/errors";
import { deleteProfileImage, encodeProfileImage, storeProfileImage } from "#server/images/profile-images";
import type { Actor } from "./actor";
import { loadEventSummaries } from "./event-summaries";
import { publicEventCondition } from "./event-visibility";

const PAST_EVENTS_SHOWN = 12;
/** The header's unread count stops counting here: the bell shows "99+" for anything above 99. */
export const HEADER_UNREAD_CAP = 100;
const SPONSORED_EVENTS_SHOWN = 24;

/** A person's public profile: never their e-mail address. */
export interface PublicProfile {
  id: string;
  name: string;
  role: "organizer" | "attendee";
  organization: string | null;
  bio: string | null;
  location: string | null;
  profileImage: string | null;
  socialLinks: SocialLinks;
}

/** What anyone may see of a person: never the e-mail address. */
const PUBLIC_PROFILE_COLUMNS = {
  id: profiles.userId,
  name: profiles.name,
  role: profiles.role,
  organization: profiles.organization,
  bio: profiles.bio,
  location: profiles.location,
  profileImage: profiles.profileImage,
  socialLinks: profiles.socialLinks,
};

export async function getPublicProfile(db: Database, userId: string): Promise<PublicProfile | null> {
  if (!isUuid(userId)) return null;
  const [row] = await db.select(PUBLIC_PROFILE_COLUMNS).from(profiles).where(eq(profiles.userId, userId));
  return row ?? null;
}

/** An organizer's page: who they are, their reputation, and their upcoming and recent events. */
export async function getOrganizerPage(db: Database, userId: string, now: Date) {
  const profile = await getPublicProfile(db, userId);
  if (!profile) return null;
  const published = and(eq(events.organizerId, userId), publicEventCondition());
  const [reputation, upcomingIds, pastIds] = await Promise.all([
    db
      .select({ score: organizerReputations.score, level: organizerReputations.level })
      .from(organizerReputations)
      .where(eq(organizerReputations.organizerId, userId)),
    db
      .select({ id: events.id })
      .from(events)
      .where(and(published, gt(events.endsAt, now)))
      .orderBy(asc(events.startsAt)),
    db
      .select({ id: events.id })
      .from(events)
      .where(and(published, lte(events.endsAt, now)))
      .orderBy(desc(events.startsAt))
      .limit(PAST_EVENTS_SHOWN),
  ]);
  // An attendee who never organized anything has no organizer page.
  if (profile.role !== "organizer" && upcomingIds.length === 0 && pastIds.length === 0) return null;
  const [upcoming, past] = await Promise.all([
    loadEventSummaries(
      db,
      upcomingIds.map((row) => row.id),
      now,
    ),
    loadEventSummaries(
      db,
      pastIds.map((row) => row.id),
      now,
    ),
  ]);
  const level: ReputationLevel | null = reputation[0]?.level ?? null;
  return { profile, reputation: reputation[0] ? { score: reputation[0].score, level } : null, upcoming, past };
}

export async function listSponsors(db: Database) {
  return (await db.select().from(sponsors)).sort(bySponsorTier);
}

/** A sponsor and the upcoming events it supports. */
export async function getSponsorPage(db: Database, sponsorId: number, now: Date) {
  const [sponsor] = await db.select().from(sponsors).where(eq(sponsors.id, sponsorId));
  if (!sponsor) return null;
  const ids = await db
    .select({ id: events.id })
    .from(eventSponsors)
    .innerJoin(events, eq(events.id, eventSponsors.eventId))
    .where(
      and(
        eq(eventSponsors.sponsorId, sponsorId),
        eq(eventSponsors.status, "approved"),
        publicEventCondition(),
        gt(events.endsAt, now),
      ),
    )
    .orderBy(asc(events.startsAt))
    .limit(SPONSORED_EVENTS_SHOWN);
  return {
    sponsor,
    events: await loadEventSummaries(
      db,
      ids.map((row) => row.id),
      now,
    ),
  };
}

/** What the dashboard edits: the public profile plus what only its owner sees. */
/**
 * What the header shows of the signed-in person, read on every signed-in request: two columns of the
 * profile, whether they are staff (the console's link), how many notifications they have not read (the
 * bell) and the badges they earned but have not seen (the badge notice), in one statement.
 */
export async function getHeaderProfile(db: Database, userId: string) {
  const [row] = await db
    .select({
      name: profiles.name,
      profileImage: profiles.profileImage,
      isStaff: sql<boolean>`exists (select 1 from ${staffMembers} where ${staffMembers.userId} = ${users.id})`,
      // Counted up to HEADER_UNREAD_CAP (the bell says "99+" beyond): the partial index answers it.
      unreadNotifications: sql<number>`(select count(*)::int from (select 1 from ${notifications} where ${notifications.userId} = ${users.id} and ${notifications.readAt} is null limit ${HEADER_UNREAD_CAP}) as unread)`,
      unseenBadges: sql<
        string[]
      >`array(select ${badgeAwards.badge} from ${badgeAwards} where ${badgeAwards.userId} = ${users.id} and ${badgeAwards.seenAt} is null order by ${badgeAwards.awardedAt}, ${badgeAwards.badge})`,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return row ?? null;
}

export interface MyProfile extends PublicProfile {
  preferredLanguage: "en" | "fr" | "ar" | "am";
}

/** The person's own profile; null only for an account whose profile was never written. */
export async function getMyProfile(db: Database, actor: Actor): Promise<MyProfile | null> {
  const [row] = await db
    .select({ ...PUBLIC_PROFILE_COLUMNS, preferredLanguage: profiles.preferredLanguage })
    .from(profiles)
    .where(eq(profiles.userId, actor.userId));
  return row ?? null;
}

/**
 * Replaces the editable fields of the person's own profile and, when a picture is given, stores it
 * re-encoded and shows it instead of the old one (whose files are deleted once the new one is saved).
 * Everything is checked before anything is written, so a refused picture or field changes nothing.
 */
export async function updateMyProfile(
  db: Database,
  actor: Actor,
  // Unknown: the fields come straight from a form or a request body and are checked here.
  input: { profile: unknown; image?: Uint8Array | null },
  storage: { uploadsDir: string },
): Promise<MyProfile> {
  const parsed = profileUpdateSchema.safeParse(input.profile);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[issue.path.join(".") || "_"] ??= issue.message;
    throw new AppError("invalid", "The profile is not valid.", fields);
  }
  const renditions = input.image && input.image.byteLength > 0 ? await encodeProfileImage(input.image) : null;
  const profileImage = renditions ? await storeProfileImage(storage.uploadsDir, actor.userId, renditions) : undefined;
  const changes = { ...parsed.data, ...(profileImage ? { profileImage } : {}), updatedAt: new Date() };
  let replacedImage: string | null;
  try {
    replacedImage = await db.transaction(async (tx) => {
      // The profile row may not exist yet for an account made before profiles were written.
      const inserted = await tx
        .insert(profiles)
        .values({ userId: actor.userId, ...changes })
        .onConflictDoNothing({ target: profiles.userId })
        .returning({ userId: profiles.userId });
      if (inserted.length > 0) return null;
      // The row is locked until the change is saved: two uploads at once each learn exactly which
      // picture they replaced, so neither deletes the files the other has just put in place.
      const [current] = await tx
        .select({ profileImage: profiles.profileImage })
        .from(profiles)
        .where(eq(profiles.userId, actor.userId))
        .for("update");
      await tx.update(profiles).set(changes).where(eq(profiles.userId, actor.userId));
      return current?.profileImage ?? null;
    });
  } catch (error) {
    if (profileImage) await deleteProfileImage(storage.uploadsDir, actor.userId, profileImage);
    throw error;
  }
  // Only once the new picture is saved are the files of the one it replaced deleted.
  if (profileImage && replacedImage !== profileImage) {
    await deleteProfileImage(storage.uploadsDir, actor.userId, replacedImage);
  }
  return (await getMyProfile(db, actor))!;
}
