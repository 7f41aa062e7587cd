import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SAMPLE_EVENTS, SAMPLE_USERS } from "#server/db/seed/sample-data";
import { connectBrowser, expectCleanConsole, expectNoAxeViolations, waitForHydration } from "#tests/support/browser";
import { signInWithMagicLink } from "#tests/support/staff-browser";

const { openPage } = connectBrowser();

/*
 * The sample data (server/db/seed/sample-reviews.ts) gives the first sample event that has ended five
 * guests with checked-in tickets, ordered by e-mail among the attendees: the first four reviewed it,
 * the fifth did not. The fifth reviews it here; its organizer answers; the first guest marks it helpful.
 */
const EVENT_INDEX = SAMPLE_EVENTS.findIndex((event) => event.dayOffset < 0 && event.dayOffset > -30);
const EVENT_ID = EVENT_INDEX + 1;
const PAST_EVENTS_BEFORE = SAMPLE_EVENTS.slice(0, EVENT_INDEX).filter((event) => event.dayOffset < 0).length;
const ATTENDEES = SAMPLE_USERS.filter((user) => user.role === "attendee")
  .map((user) => user.email)
  .toSorted();
const guest = (index: number) => ATTENDEES[(PAST_EVENTS_BEFORE * 3 + index) % ATTENDEES.length]!;
const ORGANIZER = SAMPLE_USERS[SAMPLE_EVENTS[EVENT_INDEX]!.organizerIndex]!.email;
const DESKTOP = { width: 1366, height: 900 };
const REVIEW_TEXT = `Checked in at the door, great evening ${Date.now()}.`;

async function signedIn(
  email: string,
  options: { colorScheme?: "light" | "dark" } = {},
): Promise<Page & { consoleErrors: string[] }> {
  const page = await openPage({ viewport: DESKTOP, ...options });
  await signInWithMagicLink(page, email);
  return page;
}

const reviews = (page: Page) => page.getByRole("region", { name: /^(Reviews|التقييمات)$/ });

describe("reviews on an event page", () => {
  it("a guest checked in at a past event reviews it, the organizer answers, another guest marks it helpful", async () => {
    // The guest: refused with a clear error without a rating, then posts the review.
    const reviewer = await signedIn(guest(4));
    await reviewer.goto(`/events/${EVENT_ID}`);
    await waitForHydration(reviewer);
    const section = reviews(reviewer);
    const form = section.getByRole("form", { name: "Review this event" });
    await form.waitFor();
    await expectNoAxeViolations(reviewer);
    await form.getByLabel("What did you think? (optional)").fill(REVIEW_TEXT);
    await form.getByRole("button", { name: "Publish review" }).click();
    await expect(form.getByRole("alert").textContent()).resolves.toBe("Choose a rating from 1 to 5 stars.");
    // The refusal is a 422, which the browser logs; it is the one expected.
    expect(reviewer.consoleErrors).toEqual([expect.stringContaining("422")]);
    reviewer.consoleErrors.length = 0;
    await form.getByRole("radio", { name: "4 out of 5" }).check();
    await form.getByRole("button", { name: "Publish review" }).click();
    await section.getByRole("form", { name: "Your review" }).waitFor();
    const mine = section.getByRole("listitem").filter({ hasText: REVIEW_TEXT });
    await mine.waitFor();
    await expect(mine.getByRole("img", { name: "4 out of 5" }).count()).resolves.toBe(1);
    // The author cannot mark their own review helpful.
    await expect(mine.getByRole("button", { name: "Helpful" }).count()).resolves.toBe(0);
    expectCleanConsole(reviewer);

    // The organizer answers it, once, in the dark theme.
    const organizer = await signedIn(ORGANIZER, { colorScheme: "dark" });
    await organizer.goto(`/events/${EVENT_ID}`);
    await waitForHydration(organizer);
    const toAnswer = reviews(organizer).getByRole("listitem").filter({ hasText: REVIEW_TEXT });
    await toAnswer.getByLabel("Answer publicly (once)").waitFor();
    await expectNoAxeViolations(organizer);
    await toAnswer.getByLabel("Answer publicly (once)").fill("Thank you, see you at the next one!");
    await toAnswer.getByRole("button", { name: "Publish answer" }).click();
    await toAnswer.getByText("Thank you, see you at the next one!", { exact: true }).waitFor();
    await expect(toAnswer.getByLabel("Answer publicly (once)").count()).resolves.toBe(0);
    expectCleanConsole(organizer);

    // Another guest marks it helpful, then reads the page in Arabic, light and dark.
    const helper = await signedIn(guest(0));
    await helper.goto(`/events/${EVENT_ID}`);
    await waitForHydration(helper);
    const toMark = reviews(helper).getByRole("listitem").filter({ hasText: REVIEW_TEXT });
    await toMark.getByText("Found helpful: 0").waitFor();
    await toMark.getByRole("button", { name: "Helpful" }).click();
    await toMark.getByText("Found helpful: 1").waitFor();
    await expect(
      toMark.getByRole("button", { name: "Marked helpful (undo)" }).getAttribute("aria-pressed"),
    ).resolves.toBe("true");
    expectCleanConsole(helper);

    for (const colorScheme of ["light", "dark"] as const) {
      await helper.emulateMedia({ colorScheme });
      await helper.context().addCookies([{ name: "theme", value: colorScheme, url: new URL(helper.url()).origin }]);
      await helper.goto(`/events/${EVENT_ID}?lang=ar#reviews`);
      await waitForHydration(helper);
      expect(await helper.evaluate(() => document.documentElement.dir)).toBe("rtl");
      await reviews(helper).getByText("وجده مفيدًا: 1").waitFor();
      await expectNoAxeViolations(helper);
    }
  });
});
