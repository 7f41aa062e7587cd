import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, expect } from "vitest";
import { eventInputSchema, type EventInput } from "#domain/event-input";
import { selectRows, type DatabaseHandle } from "#server/db/client";
import { categories, sponsors, venues } from "#server/db/schema";
import { seedSampleData } from "#server/db/seed/seed";
import { AppError } from "#server/errors";
import { openTestDatabase } from "./test-database";
import { insertUser } from "./ticket-factories";

export const SITE_URL = "http://localhost:3000";
/** The suites' clock: the sample data is seeded relative to it. */
export const NOW = new Date("2026-11-22T15:00:00Z");
export const DAY = 24 * 60 * 60 * 1000;

type Person = { userId: string; email: string };
export interface AuthoringWorld {
  handle: DatabaseHandle;
  uploadsDir: string;
  categoryId: number;
  sponsorId: number;
  venueId: number;
  organizer: Person;
  helper: Person;
  stranger: Person;
}

/**
 * The event authoring suites' database (event-authoring, event-editing): the sample data, an uploads
 * folder, an organizer, a helper (invited as co-organizer by `input()`) and a stranger, and the helpers
 * that build inputs and assert that a refused call changed nothing.
 */
export function setUpEventAuthoring() {
  let world: AuthoringWorld | undefined;
  beforeAll(async () => {
    const handle = await openTestDatabase();
    await seedSampleData(handle.db, { now: NOW });
    const uploadsDir = await mkdtemp(path.join(tmpdir(), "event-uploads-"));
    const db = handle.db;
    const [category] = await db.select({ id: categories.id }).from(categories).limit(1);
    const [sponsor] = await db.select({ id: sponsors.id }).from(sponsors).limit(1);
    const [venue] = await db.select({ id: venues.id }).from(venues).limit(1);
    world = {
      handle,
      uploadsDir,
      categoryId: category!.id,
      sponsorId: sponsor!.id,
      venueId: venue!.id,
      organizer: await insertUser(db, { name: "Olu Organizer" }),
      helper: await insertUser(db, { name: "Hana Helper" }),
      stranger: await insertUser(db, { name: "Sam Stranger" }),
    };
  });
  afterAll(async () => {
    await world?.handle.close();
    if (world?.uploadsDir) await rm(world.uploadsDir, { recursive: true, force: true });
  });
  const current = () => world!;

  function input(overrides: Partial<EventInput> = {}): EventInput {
    const { categoryId, venueId, sponsorId, helper } = current();
    return eventInputSchema.parse({
      title: "Jazz on the Wharf",
      description: "An evening of **jazz**.",
      categoryId,
      timeZone: "America/New_York",
      startsAt: new Date(NOW.getTime() + 10 * DAY),
      endsAt: new Date(NOW.getTime() + 10 * DAY + 3 * 60 * 60 * 1000),
      venue: { id: venueId },
      ticketTypes: [
        { name: "Free entry", priceCents: 0, quantity: 50 },
        { name: "General admission", priceCents: 2500, quantity: 100 },
      ],
      sponsorIds: [sponsorId],
      coOrganizerEmails: [helper.email],
      ...overrides,
    });
  }

  const context = (publish = false) => ({ now: NOW, uploadsDir: current().uploadsDir, publish, siteUrl: SITE_URL });
  const editContext = () => ({ now: NOW, uploadsDir: current().uploadsDir, siteUrl: SITE_URL });

  /** Every row of every table an authoring use case writes, so "nothing changed" can be asserted whole. */
  async function snapshot() {
    const tables = [
      "events",
      "ticket_types",
      "venues",
      "event_images",
      "event_sponsors",
      "event_co_organizers",
      "jobs",
      "profiles",
    ];
    const result: Record<string, unknown> = {};
    for (const table of tables) {
      result[table] = await selectRows(current().handle.db, sql`select * from ${sql.identifier(table)} order by 1, 2`);
    }
    result.files = await storedFiles();
    return JSON.parse(JSON.stringify(result));
  }

  async function storedFiles(): Promise<string[]> {
    return (await readdir(path.join(current().uploadsDir, "events")).catch(() => [] as string[])).sort();
  }

  async function expectRefusedWithoutChange(
    work: () => Promise<unknown>,
    code: string,
    fields?: Record<string, string>,
  ) {
    const before = await snapshot();
    const error = await failure(work());
    expect(error.code).toBe(code);
    if (fields) expect(error.fields).toEqual(fields);
    expect(await snapshot()).toEqual(before);
  }

  return { current, input, context, editContext, snapshot, storedFiles, expectRefusedWithoutChange };
}

/** A photo as a phone makes one: JPEG with EXIF (camera) that must not survive. */
export function photo(width = 1200, height = 900) {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .withMetadata({ exif: { IFD0: { Make: "PhoneMaker", Model: "Secret Phone" } } })
    .jpeg()
    .toBuffer();
}

/** The AppError a call fails with. */
export async function failure(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}
