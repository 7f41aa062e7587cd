import { describe, expect, it } from "vitest";
import {
  PLAN_AREAS,
  PLAN_PHASES,
  PLAN_SETTINGS,
  planInputSchema,
  SITE_ACTIONS,
  type PlanInput,
} from "./event-plan-input";
import {
  addDays,
  applicablePermits,
  buildPlan,
  daysBetween,
  isPlanDatePast,
  planPhases,
  PERMIT_LEAD_WEEKS,
} from "./event-plan";
import { EVENT_TYPES } from "./event-types";

const TODAY = "2026-11-27";

function planInput(fields: Partial<PlanInput> = {}): PlanInput {
  return planInputSchema.parse({
    eventType: "conference",
    attendance: 150,
    date: "2027-11-27",
    budgetCents: null,
    setting: "indoor",
    language: "en",
    area: "va",
    ...fields,
  });
}

/** Days from each task's due day to the event day, by key. */
function leadDaysByKey(input: PlanInput, today = TODAY): Record<string, number> {
  return Object.fromEntries(buildPlan(input, today).map((task) => [task.key, daysBetween(task.dueOn, input.date)]));
}

describe("calendar days", () => {
  it("count across months, leap days and years", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2027-03-01", -1)).toBe("2027-02-28");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(daysBetween("2026-11-27", "2027-11-27")).toBe(365);
    expect(daysBetween("2026-11-28", "2026-11-27")).toBe(-1);
    expect(isPlanDatePast("2026-11-26", TODAY)).toBe(true);
    expect(isPlanDatePast(TODAY, TODAY)).toBe(false);
  });
});

describe("the plan", () => {
  it("is made for every event type, area and setting, with every item of its checklist and the site's steps", () => {
    for (const type of EVENT_TYPES) {
      for (const area of PLAN_AREAS) {
        for (const setting of PLAN_SETTINGS) {
          const input = planInput({ eventType: type.slug, area, setting, attendance: type.size.min });
          const plan = buildPlan(input, TODAY);
          const where = `${type.slug} ${area} ${setting}`;
          const keys = plan.map((task) => task.key);
          expect(new Set(keys).size, where).toBe(keys.length);
          // The site's own steps are in every plan, keyed by their action.
          for (const action of SITE_ACTIONS) {
            expect(plan.find((task) => task.key === action)?.siteAction, `${where}: ${action}`).toBe(action);
          }
          // Every checklist item is planned: as itself, as the site's step or as its permits.
          for (const item of type.checklist) {
            expect(
              plan.some((task) => task.item === item),
              `${where}: ${item}`,
            ).toBe(true);
          }
          for (const task of plan) {
            expect(PLAN_PHASES, where).toContain(task.phase);
            expect(task.permit === null || task.item === "check-permits", `${where}: ${task.key}`).toBe(true);
          }
        }
      }
    }
  });

  it("never falls due after the event nor before today, and is sorted by due day", () => {
    const eventDays = [
      addDays(TODAY, 400), // further out than any lead time
      addDays(TODAY, 90), // three months
      addDays(TODAY, 7), // next week
      addDays(TODAY, 1), // tomorrow
      TODAY, // today
    ];
    for (const type of EVENT_TYPES) {
      for (const date of eventDays) {
        for (const setting of PLAN_SETTINGS) {
          const input = planInput({ eventType: type.slug, date, setting, area: "dc", attendance: type.size.max });
          const plan = buildPlan(input, TODAY);
          const dues = plan.map((task) => task.dueOn);
          for (const due of dues) {
            expect(due >= TODAY, `${type.slug} on ${date}: ${due}`).toBe(true);
            expect(due <= date, `${type.slug} on ${date}: ${due}`).toBe(true);
          }
          expect(dues, `${type.slug} on ${date}`).toEqual([...dues].sort());
        }
      }
    }
  });

  it("counts back from the event day: venue about 16 weeks before a conference, reminders 2 days, check-in and follow-up on the day", () => {
    const days = leadDaysByKey(planInput({ eventType: "conference", date: "2027-11-27" }));
    // A conference's lead time is 26 weeks (182 days); the venue is booked at 60 % of it.
    expect(days["define-goals"]).toBe(182);
    expect(days["book-venue"]).toBe(109);
    expect(days["tickets-on-sale"]).toBe(82);
    expect(days["reminders"]).toBe(2);
    expect(days["check-in"]).toBe(0);
    expect(days["follow-up"]).toBe(0);
  });

  it("squeezes a plan for next week or tomorrow into the days left, keeping the order of the tasks", () => {
    const farInput = planInput({ eventType: "festival", setting: "outdoor", area: "dc", attendance: 3_000 });
    const order = buildPlan(farInput, TODAY).map((task) => task.key);

    const nextWeek = planInput({ ...farInput, date: addDays(TODAY, 7) });
    const squeezed = buildPlan(nextWeek, TODAY);
    expect(squeezed.map((task) => task.key)).toEqual(order);
    expect(squeezed[0]?.dueOn).toBe(TODAY);
    const byKey = Object.fromEntries(squeezed.map((task) => [task.key, task.dueOn]));
    expect(byKey["reminders"]).toBe(addDays(TODAY, 5));
    expect(byKey["check-in"]).toBe(nextWeek.date);

    const tomorrow = planInput({ ...farInput, date: addDays(TODAY, 1) });
    const rushed = buildPlan(tomorrow, TODAY);
    expect(rushed.map((task) => task.key)).toEqual(order);
    expect(rushed.filter((task) => task.dueOn === tomorrow.date).map((task) => task.key)).toEqual([
      "check-in",
      "follow-up",
    ]);
    expect(rushed.filter((task) => task.dueOn !== tomorrow.date).every((task) => task.dueOn === TODAY)).toBe(true);

    // A month out, the preparation spreads over the days left rather than piling up today.
    const monthOut = buildPlan(planInput({ ...farInput, date: addDays(TODAY, 30) }), TODAY);
    expect(new Set(monthOut.map((task) => task.dueOn)).size).toBeGreaterThan(5);
  });

  it("puts every task on the event day when that day has passed (the pages refuse it)", () => {
    const input = planInput({ date: addDays(TODAY, -3) });
    expect(new Set(buildPlan(input, TODAY).map((task) => task.dueOn))).toEqual(new Set([input.date]));
  });

  it("keeps the same keys for the same answers, whatever the day it is planned", () => {
    const input = planInput({ eventType: "fundraiser", area: "md" });
    const keys = buildPlan(input, TODAY).map((task) => task.key);
    expect(buildPlan(input, TODAY).map((task) => task.key)).toEqual(keys);
    expect(new Set(buildPlan(input, addDays(input.date, -10)).map((task) => task.key))).toEqual(new Set(keys));
    expect(keys).toEqual(expect.arrayContaining(["book-venue", "permit-alcohol", "permit-charitable-gaming"]));
  });

  it("gives each task an owner: the venue its occupancy, the caterer food service, the site its own steps", () => {
    const byKey = (input: PlanInput) => Object.fromEntries(buildPlan(input, TODAY).map((task) => [task.key, task]));
    const concert = byKey(planInput({ eventType: "concert", setting: "indoor" }));
    expect(concert["permit-occupancy"]?.owner).toBe("venue");
    expect(concert["book-venue"]?.owner).toBe("organizer");
    expect(concert["sound-and-stage"]?.owner).toBe("vendors");
    expect(concert["recruit-staff"]?.owner).toBe("volunteers");
    expect(concert["tickets-on-sale"]?.owner).toBe("site");
    expect(concert["reminders"]?.owner).toBe("site");
    const tasting = byKey(planInput({ eventType: "tasting" }));
    expect(tasting["permit-food-service"]?.owner).toBe("vendors");
  });
});

describe("permits in the plan", () => {
  const permitKeys = (input: PlanInput) =>
    buildPlan(input, TODAY)
      .filter((task) => task.permit !== null)
      .map((task) => task.key)
      .sort();

  it("an outdoor festival in DC checks every permit of a festival, the street ones 15 weeks ahead (90+ days)", () => {
    const festival = planInput({ eventType: "festival", setting: "outdoor", area: "dc", attendance: 5_000 });
    expect(permitKeys(festival)).toEqual([
      "permit-alcohol",
      "permit-amplified-sound",
      "permit-food-service",
      "permit-public-space",
      "permit-street-closure",
      "permit-temporary-structures",
    ]);
    const days = leadDaysByKey(festival);
    expect(days["permit-public-space"]).toBe(105);
    expect(days["permit-street-closure"]).toBe(105);
    expect(days["permit-alcohol"]).toBe(PERMIT_LEAD_WEEKS.alcohol * 7);
    // The venue is booked before the permits are asked for it.
    expect(days["book-venue"]).toBeGreaterThan(105);
  });

  it("the same festival in Maryland or Virginia asks the county 12 weeks ahead", () => {
    for (const area of ["md", "va"] as const) {
      const days = leadDaysByKey(planInput({ eventType: "festival", setting: "outdoor", area, attendance: 5_000 }));
      expect(days["permit-public-space"], area).toBe(84);
      expect(days["permit-street-closure"], area).toBe(84);
    }
  });

  it("an indoor workshop needs none, and has no permit task", () => {
    const workshop = planInput({ eventType: "workshop", setting: "indoor", area: "dc", attendance: 20 });
    expect(permitKeys(workshop)).toEqual([]);
    expect(buildPlan(workshop, TODAY).some((task) => task.item === "check-permits")).toBe(false);
  });

  it("outdoors brings public space and sound permits; indoors the room's occupancy instead", () => {
    expect(applicablePermits({ eventType: "concert", setting: "outdoor" }).sort()).toEqual([
      "alcohol",
      "amplified-sound",
    ]);
    expect(applicablePermits({ eventType: "concert", setting: "indoor" }).sort()).toEqual(["alcohol", "occupancy"]);
    expect(applicablePermits({ eventType: "festival", setting: "indoor" }).sort()).toEqual(["alcohol", "food-service"]);
  });

  it("alcohol only for the types that list it", () => {
    for (const type of EVENT_TYPES) {
      for (const setting of PLAN_SETTINGS) {
        expect(applicablePermits({ eventType: type.slug, setting }).includes("alcohol"), type.slug).toBe(
          (type.permits as readonly string[]).includes("alcohol"),
        );
      }
    }
  });

  it("an indoor sports event still checks permits in general when none of its listed ones applies", () => {
    const plan = buildPlan(planInput({ eventType: "sports", setting: "indoor" }), TODAY);
    const check = plan.filter((task) => task.item === "check-permits");
    expect(check.map((task) => [task.key, task.permit])).toEqual([["check-permits", null]]);
  });
});

describe("the timeline", () => {
  it("groups the tasks by phase in the phases' order, leaving out empty phases", () => {
    const plan = buildPlan(planInput({ eventType: "festival", setting: "outdoor" }), TODAY);
    const phases = planPhases(plan);
    expect(phases.map((group) => group.phase)).toEqual([...PLAN_PHASES]);
    expect(phases.flatMap((group) => group.tasks).length).toBe(plan.length);
    for (const group of phases) {
      for (const task of group.tasks) expect(task.phase).toBe(group.phase);
      const dues = group.tasks.map((task) => task.dueOn);
      expect(dues).toEqual([...dues].sort());
    }

    // A wellness class has no foundations (neither goals nor budget in its checklist).
    const wellness = planPhases(buildPlan(planInput({ eventType: "wellness-class", attendance: 20 }), TODAY));
    expect(wellness.map((group) => group.phase)).not.toContain("foundations");
    expect(wellness.every((group) => group.tasks.length > 0)).toBe(true);
  });
});
