import { describe, expect, it } from "vitest";
import { CATEGORIES } from "./catalog";
import {
  EVENT_TYPES,
  eventTypeBySlug,
  eventTypesOfCategory,
  PERMIT_TOPICS,
  PLANNING_ITEMS,
  type EventTypeGuide,
} from "./event-types";

const types: readonly EventTypeGuide[] = EVENT_TYPES;
const categoryKeys = CATEGORIES.map((category) => category.key as string);

describe("the event types", () => {
  it("have unique slugs fit for an address", () => {
    const slugs = types.map((type) => type.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it("include the kinds the issue names", () => {
    for (const slug of [
      "conference",
      "concert",
      "workshop",
      "meetup",
      "festival",
      "party",
      "fundraiser",
      "sports",
      "networking",
    ]) {
      expect(eventTypeBySlug(slug)?.slug).toBe(slug);
    }
    expect(eventTypeBySlug("rodeo")).toBeNull();
    expect(eventTypeBySlug("")).toBeNull();
  });

  it("each map to categories the seed writes, without repeats", () => {
    for (const type of types) {
      expect(type.categories.length, type.slug).toBeGreaterThan(0);
      expect(new Set(type.categories).size, type.slug).toBe(type.categories.length);
      for (const category of type.categories) expect(categoryKeys, `${type.slug}: ${category}`).toContain(category);
    }
  });

  it("leave no category without a guide", () => {
    for (const key of categoryKeys) expect(eventTypesOfCategory(key as never).length, key).toBeGreaterThan(0);
  });

  it("list the closest types of a category first", () => {
    const music = eventTypesOfCategory("music").map((type) => type.slug);
    expect(music[0]).toBe("concert");
    expect(music).toContain("festival");
    expect(music).not.toContain("workshop");
  });

  it("plan with known items, each once, and name only known permits", () => {
    for (const type of types) {
      expect(type.checklist.length, type.slug).toBeGreaterThanOrEqual(5);
      expect(new Set(type.checklist).size, type.slug).toBe(type.checklist.length);
      for (const item of type.checklist) expect(PLANNING_ITEMS, type.slug).toContain(item);
      expect(new Set(type.permits).size, type.slug).toBe(type.permits.length);
      for (const permit of type.permits) expect(PERMIT_TOPICS, type.slug).toContain(permit);
    }
  });

  it("use every planning item and permit topic somewhere (none is dead text)", () => {
    const items = new Set(types.flatMap((type) => type.checklist));
    const permits = new Set(types.flatMap((type) => type.permits));
    expect(PLANNING_ITEMS.filter((item) => !items.has(item))).toEqual([]);
    expect(PERMIT_TOPICS.filter((permit) => !permits.has(permit))).toEqual([]);
  });

  it("give a lead time in whole weeks and a size range that makes sense", () => {
    for (const type of types) {
      expect(Number.isInteger(type.leadTimeWeeks), type.slug).toBe(true);
      expect(type.leadTimeWeeks, type.slug).toBeGreaterThan(0);
      expect(type.leadTimeWeeks, type.slug).toBeLessThanOrEqual(52);
      expect(type.size.min, type.slug).toBeGreaterThan(0);
      expect(type.size.max, type.slug).toBeGreaterThan(type.size.min);
    }
    // A festival takes longer to plan and gathers more people than a meetup.
    const festival = eventTypeBySlug("festival")!;
    const meetup = eventTypeBySlug("meetup")!;
    expect(festival.leadTimeWeeks).toBeGreaterThan(meetup.leadTimeWeeks);
    expect(festival.size.max).toBeGreaterThan(meetup.size.max);
  });
});
