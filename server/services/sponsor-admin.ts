import { and, asc, count, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { SponsorInput, SponsorTier } from "#domain/sponsor";
import { parseSponsorInput } from "#domain/sponsor";
import type { Database } from "#server/db/client";
import { events, eventSponsors, profiles, sponsorAccounts, sponsors, users } from "#server/db/schema";
import { AppError } from "#server/errors";
import { encodeSponsorLogo, storeSponsorLogo } from "#server/images/sponsor-logos";
import type { Actor } from "./actor";
import { requireStaff } from "./staff";
import { recordStaffAction } from "./staff-actions";
import { staffSearchText } from "#domain/staff-console";

/*
 * Sponsors as staff run them (/admin/sponsors, /api/v1/staff/sponsors): the list, one sponsor with the
 * events waiting for its approval, and creating and editing one (logo and linked account included).
 * Every write is checked in full before anything is stored, and audited in its own transaction.
 */

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface StaffSponsorFilter {
  q?: string;
  tier?: SponsorTier | null;
}

export interface StaffSponsorRow {
  id: number;
  name: string;
  tier: SponsorTier;
  logo: string;
  website: string;
  accountEmail: string | null;
  pending: number;
}

/** The most sponsors the console lists at once (the site has a handful; search narrows it). */
const STAFF_SPONSOR_LIST_LIMIT = 200;

/** Sponsors by name, with how many events wait for their approval; a search matches name or website. */
export async function listSponsorsForStaff(
  db: Database,
  actor: Actor,
  { q, tier }: StaffSponsorFilter = {},
): Promise<StaffSponsorRow[]> {
  await requireStaff(db, actor);
  const conditions: SQL[] = [];
  const term = staffSearchText(q);
  if (term) {
    const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(sponsors.name, pattern), ilike(sponsors.website, pattern))!);
  }
  if (tier) conditions.push(eq(sponsors.tier, tier));
  const pending = db
    .select({ sponsorId: eventSponsors.sponsorId, pending: count().as("pending") })
    .from(eventSponsors)
    .where(eq(eventSponsors.status, "pending"))
    .groupBy(eventSponsors.sponsorId)
    .as("pending");
  const rows = await db
    .select({
      id: sponsors.id,
      name: sponsors.name,
      tier: sponsors.tier,
      logo: sponsors.logo,
      website: sponsors.website,
      accountEmail: users.email,
      pending: sql<number>`coalesce(${pending.pending}, 0)::int`,
    })
    .from(sponsors)
    .leftJoin(sponsorAccounts, eq(sponsorAccounts.sponsorId, sponsors.id))
    .leftJoin(users, eq(users.id, sponsorAccounts.userId))
    .leftJoin(pending, eq(pending.sponsorId, sponsors.id))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(sponsors.name), asc(sponsors.id))
    .limit(STAFF_SPONSOR_LIST_LIMIT);
  return rows;
}

export interface SponsorAppearance {
  sponsorId: number;
  sponsorName: string;
  eventId: number;
  title: string;
  startsAt: Date;
  timeZone: string;
  organizerName: string | null;
  status: "pending" | "approved" | "declined";
  requestedAt: Date;
  decidedAt: Date | null;
}

export type StaffSponsor = typeof sponsors.$inferSelect & { accountEmail: string | null };

/** One sponsor as the console edits it, with the events that asked for it (pending first). */
export async function getSponsorForStaff(
  db: Database,
  actor: Actor,
  sponsorId: number,
): Promise<{ sponsor: StaffSponsor; appearances: SponsorAppearance[] } | null> {
  await requireStaff(db, actor);
  const sponsor = await readSponsor(db, sponsorId);
  if (!sponsor) return null;
  return { sponsor, appearances: await appearancesOf(db, [sponsorId]) };
}

/** The events that chose these sponsors, pending first, then by when they asked. */
export async function appearancesOf(
  db: Pick<Database, "select">,
  sponsorIds: number[],
  { pendingOnly = false } = {},
): Promise<SponsorAppearance[]> {
  if (sponsorIds.length === 0) return [];
  const conditions: SQL[] = [sql`${eventSponsors.sponsorId} in ${sponsorIds}`];
  if (pendingOnly) conditions.push(eq(eventSponsors.status, "pending"));
  return db
    .select({
      sponsorId: eventSponsors.sponsorId,
      sponsorName: sponsors.name,
      eventId: events.id,
      title: events.title,
      startsAt: events.startsAt,
      timeZone: events.timeZone,
      organizerName: profiles.name,
      status: eventSponsors.status,
      requestedAt: eventSponsors.requestedAt,
      decidedAt: eventSponsors.decidedAt,
    })
    .from(eventSponsors)
    .innerJoin(events, eq(events.id, eventSponsors.eventId))
    .innerJoin(sponsors, eq(sponsors.id, eventSponsors.sponsorId))
    .leftJoin(profiles, eq(profiles.userId, events.organizerId))
    .where(and(...conditions))
    .orderBy(
      sql`case ${eventSponsors.status} when 'pending' then 0 else 1 end`,
      asc(eventSponsors.requestedAt),
      asc(events.id),
    )
    .limit(200);
}

async function readSponsor(db: Pick<Database, "select">, sponsorId: number): Promise<StaffSponsor | null> {
  const [row] = await db
    .select({ sponsor: sponsors, accountEmail: users.email })
    .from(sponsors)
    .leftJoin(sponsorAccounts, eq(sponsorAccounts.sponsorId, sponsors.id))
    .leftJoin(users, eq(users.id, sponsorAccounts.userId))
    .where(eq(sponsors.id, sponsorId));
  return row ? { ...row.sponsor, accountEmail: row.accountEmail } : null;
}

/** What a sponsor write gets: raw fields (a form's or a JSON body's) and, maybe, a logo's bytes. */
export interface SponsorWrite {
  fields: Record<string, unknown>;
  logo: Uint8Array | null;
}

interface WriteContext {
  now: Date;
  uploadsDir: string;
}

/** Creates a sponsor (a logo is required); refuses bad fields, an unknown account or a bad logo, storing nothing. */
export async function createSponsor(db: Database, actor: Actor, write: SponsorWrite, context: WriteContext) {
  await requireStaff(db, actor);
  const parsed = parseSponsorInput(write.fields);
  const fields: Record<string, string> = parsed.ok ? {} : { ...parsed.fields };
  if (!write.logo) fields.logo = "logo_required";
  const accountId = parsed.ok ? await accountIdFor(db, parsed.value.accountEmail, fields) : null;
  if (!parsed.ok || Object.keys(fields).length > 0) throw invalid(fields);
  const logo = await storeSponsorLogo(context.uploadsDir, await encodeSponsorLogo(write.logo!));
  const { accountEmail: _email, ...columns } = parsed.value;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(sponsors)
      .values({ ...columns, logo })
      .returning();
    if (accountId)
      await tx.insert(sponsorAccounts).values({ sponsorId: row!.id, userId: accountId, linkedAt: context.now });
    const after = { ...row!, accountEmail: parsed.value.accountEmail };
    await recordStaffAction(
      tx,
      {
        actorId: actor.userId,
        action: "sponsor.create",
        subjectType: "sponsor",
        subjectId: row!.id,
        before: null,
        after,
      },
      context.now,
    );
    return after;
  });
}

/**
 * Changes a sponsor: the fields given (all of them from the console's form, some from the API), a new
 * logo when one is sent, and the linked account (an empty address unlinks it). Logged with before/after.
 */
export async function updateSponsor(
  db: Database,
  actor: Actor,
  sponsorId: number,
  write: SponsorWrite,
  context: WriteContext & { partial?: boolean },
) {
  await requireStaff(db, actor);
  const before = await readSponsor(db, sponsorId);
  if (!before) throw new AppError("not_found", "No such sponsor.");
  const parsed = context.partial ? parseSponsorInput(write.fields, true) : parseSponsorInput(write.fields);
  const fields: Record<string, string> = parsed.ok ? {} : { ...parsed.fields };
  const accountId =
    parsed.ok && parsed.value.accountEmail !== undefined
      ? await accountIdFor(db, parsed.value.accountEmail, fields)
      : undefined;
  if (!parsed.ok || Object.keys(fields).length > 0) throw invalid(fields);
  const logo = write.logo ? await storeSponsorLogo(context.uploadsDir, await encodeSponsorLogo(write.logo)) : undefined;
  const { accountEmail: _accountEmail, ...columns } = parsed.value as Partial<SponsorInput>;
  return db.transaction(async (tx) => {
    const changes = { ...columns, ...(logo ? { logo } : {}) };
    if (Object.keys(changes).length > 0) await tx.update(sponsors).set(changes).where(eq(sponsors.id, sponsorId));
    if (accountId !== undefined) await setAccount(tx, sponsorId, accountId, context.now);
    const after = (await readSponsor(tx, sponsorId))!;
    // A save that changes nothing is no action: the audit log would only show before = after.
    if (JSON.stringify(after) === JSON.stringify(before)) return after;
    await recordStaffAction(
      tx,
      { actorId: actor.userId, action: "sponsor.update", subjectType: "sponsor", subjectId: sponsorId, before, after },
      context.now,
    );
    return after;
  });
}

async function setAccount(tx: Tx, sponsorId: number, userId: string | null, now: Date) {
  if (userId === null) {
    await tx.delete(sponsorAccounts).where(eq(sponsorAccounts.sponsorId, sponsorId));
    return;
  }
  await tx
    .insert(sponsorAccounts)
    .values({ sponsorId, userId, linkedAt: now })
    .onConflictDoUpdate({
      target: sponsorAccounts.sponsorId,
      set: { userId, linkedAt: now },
      setWhere: sql`${sponsorAccounts.userId} <> ${userId}`,
    });
}

/** The id of the account with this address (null for none); an address no account has is a field problem. */
async function accountIdFor(
  db: Pick<Database, "select">,
  email: string | null | undefined,
  fields: Record<string, string>,
) {
  if (!email) return null;
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  if (!user) fields.accountEmail = "no_account";
  return user?.id ?? null;
}

function invalid(fields: Record<string, string>) {
  return new AppError("invalid", "The sponsor could not be saved: see the fields.", fields);
}

/** The text fields a sponsor form (the console's, the API's multipart body) may carry. */
export const SPONSOR_FORM_FIELDS = [
  "name",
  "description",
  "website",
  "tier",
  "industry",
  "contactEmail",
  "accountEmail",
] as const;

/**
 * A sponsor write from a form: its text fields as sent (a field given twice, or a file where text
 * belongs, is refused), and the logo's bytes when a file was chosen.
 */
export async function sponsorWriteOf(form: FormData): Promise<SponsorWrite> {
  const fields: Record<string, unknown> = {};
  for (const name of SPONSOR_FORM_FIELDS) {
    const values = form.getAll(name);
    if (values.length === 0) continue;
    fields[name] = values.length === 1 && typeof values[0] === "string" ? values[0] : 0;
  }
  const files = form.getAll("logo");
  if (files.length > 1 || files.some((file) => typeof file === "string" && file !== "")) {
    throw new AppError("invalid", "Send one logo file.", { logo: "logo_type" });
  }
  const file = files[0];
  const logo = file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
  return { fields, logo };
}
