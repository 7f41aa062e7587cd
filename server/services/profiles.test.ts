import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client";
import { profiles } from "#server/db/schema";
import { seedSampleData } from "#server/db/seed/seed";
import { MAX_PROFILE_IMAGE_BYTES } from "#domain/profile";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { getMyProfile, getPublicProfile, updateMyProfile } from "./profiles";

let handle: DatabaseHandle;
let uploadsDir: string;
let person: { userId: string };

beforeAll(async () => {
  handle = await openTestDatabase();
  await seedSampleData(handle.db, { now: new Date("2026-11-22T19:00:00Z") });
  const [first] = await handle.db.select({ userId: profiles.userId }).from(profiles).limit(1);
  person = first!;
  uploadsDir = await mkdtemp(path.join(tmpdir(), "profile-uploads-"));
});
afterAll(async () => {
  await handle?.close();
  if (uploadsDir) await rm(uploadsDir, { recursive: true, force: true });
});

const edit = {
  name: "Selam Tesfaye",
  bio: "Coffee ceremonies and jazz.",
  organization: "Ethiopian Community Center",
  location: "Silver Spring, MD",
  preferredLanguage: "am",
  socialLinks: { github: "https://github.com/selam", twitter: "" },
};

/** A photo as a phone makes one: JPEG with EXIF (camera, orientation) and a comment. */
function photo(width = 640, height = 480) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .withMetadata({ exif: { IFD0: { Make: "PhoneMaker", Model: "Secret Phone", Copyright: "GPS 38.9,-77.0" } } })
    .jpeg()
    .toBuffer();
}

async function storedFiles(): Promise<string[]> {
  return (await readdir(path.join(uploadsDir, "profiles", person.userId)).catch(() => [] as string[])).sort();
}

describe(`editing one's own profile on the ${testDatabaseKind()} database`, () => {
  it("replaces the fields, clears the ones left empty, and shows them on the public profile", async () => {
    const updated = await updateMyProfile(handle.db, person, { profile: edit }, { uploadsDir });
    expect(updated).toMatchObject({
      name: "Selam Tesfaye",
      preferredLanguage: "am",
      socialLinks: { github: "https://github.com/selam" },
    });
    expect(await getPublicProfile(handle.db, person.userId)).toMatchObject({
      name: "Selam Tesfaye",
      bio: "Coffee ceremonies and jazz.",
      organization: "Ethiopian Community Center",
      location: "Silver Spring, MD",
      socialLinks: { github: "https://github.com/selam" },
    });
    await updateMyProfile(handle.db, person, { profile: { ...edit, bio: "", organization: " " } }, { uploadsDir });
    expect(await getPublicProfile(handle.db, person.userId)).toMatchObject({ bio: null, organization: null });
  });

  it("stores an uploaded picture as square WebP files without the original's metadata", async () => {
    const updated = await updateMyProfile(handle.db, person, { profile: edit, image: await photo() }, { uploadsDir });
    expect(updated.profileImage).toMatch(new RegExp(`^/uploads/profiles/${person.userId}/[0-9a-f]{24}-192\\.webp$`));
    const files = await storedFiles();
    expect(files).toHaveLength(2);
    for (const file of files) {
      const bytes = await readFile(path.join(uploadsDir, "profiles", person.userId, file));
      const metadata = await sharp(bytes).metadata();
      expect(metadata.format).toBe("webp");
      expect(metadata.width).toBe(metadata.height);
      expect(metadata.exif).toBeUndefined();
      expect(bytes.includes(Buffer.from("Secret Phone"))).toBe(false);
    }
    expect((await getPublicProfile(handle.db, person.userId))?.profileImage).toBe(updated.profileImage);
  });

  it("deletes the files of the picture it replaces", async () => {
    const before = await storedFiles();
    const updated = await updateMyProfile(
      handle.db,
      person,
      { profile: edit, image: await photo(300, 900) },
      { uploadsDir },
    );
    const after = await storedFiles();
    expect(after).toHaveLength(2);
    expect(after.some((file) => before.includes(file))).toBe(false);
    expect(updated.profileImage?.endsWith(after.find((file) => file.endsWith("-192.webp"))!)).toBe(true);
  });

  it("keeps the files of the picture it shows when two uploads race", async () => {
    for (let round = 0; round < 3; round += 1) {
      const [first, second] = await Promise.all([photo(400, 400), photo(500, 300)]);
      await Promise.all([
        updateMyProfile(handle.db, person, { profile: edit, image: first }, { uploadsDir }),
        updateMyProfile(handle.db, person, { profile: edit, image: second }, { uploadsDir }),
      ]);
      const saved = (await getMyProfile(handle.db, person))!.profileImage!;
      const stem = /\/([0-9a-f]+)-\d+\.webp$/.exec(saved)![1]!;
      // The saved picture's two files, and nothing of the one that lost the race.
      expect(await storedFiles()).toEqual([`${stem}-192.webp`, `${stem}-96.webp`].sort());
    }
  });

  it("refuses files that are not pictures, or too large, and then changes nothing", async () => {
    const before = await getMyProfile(handle.db, person);
    const files = await storedFiles();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect/></svg>');
    const truncated = (await photo()).subarray(0, 400);
    const cases: [Uint8Array, string][] = [
      [Buffer.from("just some text, named photo.jpg"), "image_type"],
      [svg, "image_type"],
      [truncated, "image_type"],
      [Buffer.alloc(MAX_PROFILE_IMAGE_BYTES + 1), "image_too_large"],
    ];
    for (const [image, problem] of cases) {
      await expect(
        updateMyProfile(handle.db, person, { profile: { ...edit, name: "Changed" }, image }, { uploadsDir }),
        problem,
      ).rejects.toMatchObject({ code: "invalid", fields: { profileImage: problem } });
    }
    expect(await getMyProfile(handle.db, person)).toEqual(before);
    expect(await storedFiles()).toEqual(files);
  });

  it("refuses bad fields before storing a picture", async () => {
    const files = await storedFiles();
    const attempts = [
      { ...edit, name: "" },
      { ...edit, preferredLanguage: "de" },
      { ...edit, socialLinks: { website: "javascript:alert(1)" } },
    ];
    for (const profile of attempts) {
      await expect(
        updateMyProfile(handle.db, person, { profile, image: await photo() }, { uploadsDir }),
      ).rejects.toMatchObject({ code: "invalid" });
    }
    expect(await storedFiles()).toEqual(files);
    expect((await getMyProfile(handle.db, person))?.name).toBe("Selam Tesfaye");
  });
});
