import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SAMPLE_EVENTS } from "#server/db/seed/sample-data";
import type { StorageState } from "#tests/support/browser-accounts";
import { connectBrowser, expectAccessiblePages, expectCleanConsole, waitForHydration } from "#tests/support/browser";
import { signInAsSampleStaff } from "#tests/support/staff-browser";

const { openPage } = connectBrowser();

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const DETAILS = "This review advertises a ticket resale site.";
const REASON = "Advertising in a review, which our community guidelines forbid.";

/** The sample events that have ended, the longest ago first: the other journeys review the recent ones. */
const ENDED_EVENT_IDS = SAMPLE_EVENTS.map((event, index) => ({ id: index + 1, dayOffset: event.dayOffset }))
  .filter((event) => event.dayOffset < 0)
  .toSorted((a, b) => a.dayOffset - b.dayOffset)
  .map((event) => event.id);

interface Review {
  id: number;
  eventId: number;
  body: string | null;
}

/** A sample review with words in it, shown on its event's page (newest first), of an event ended long ago. */
async function reviewToReport(page: Page): Promise<Review & { body: string }> {
  for (const eventId of ENDED_EVENT_IDS) {
    const answer = await page.request.get(`/api/v1/events/${eventId}/reviews`);
    if (!answer.ok()) continue;
    const { data } = (await answer.json()) as { data: Review[] };
    const withWords = data.find((review) => review.body !== null);
    if (withWords) return { ...withWords, body: withWords.body! };
  }
  throw new Error("The sample data has no review with words on an ended event.");
}

/** A sample gallery photo's number, read from its event's gallery page. */
async function photoToReport(page: Page): Promise<number> {
  for (const eventId of ENDED_EVENT_IDS) {
    const html = await (await page.request.get(`/events/${eventId}/photos`)).text();
    const found = new RegExp(`/events/${eventId}/photos/(\\d+)`).exec(html);
    if (found) return Number(found[1]);
  }
  throw new Error("The sample data has no gallery photo on an ended event.");
}

let staffState: StorageState | null = null;

async function openStaffPage(viewport: { width: number; height: number }): Promise<Page & { consoleErrors: string[] }> {
  if (staffState) return openPage({ viewport, storageState: staffState });
  const page = await openPage({ viewport });
  staffState = await signInAsSampleStaff(page);
  return page;
}

describe("reviews and photos reported to staff", () => {
  it("a visitor reports a review, staff open it from the queue, hide it with a reason and restore it", async () => {
    const visitor = await openPage({ viewport: DESKTOP });
    const review = await reviewToReport(visitor);

    // Reported from its place on the event page.
    await visitor.goto(`/events/${review.eventId}`);
    await waitForHydration(visitor);
    const item = visitor.getByRole("listitem").filter({ hasText: review.body });
    await item.getByRole("link", { name: "Report this review" }).click();
    await visitor.waitForURL(new RegExp(`/reviews/${review.id}/report$`));
    await visitor.getByRole("heading", { level: 1, name: "Report this review" }).waitFor();
    await visitor.getByRole("radio", { name: "Spam" }).check();
    await visitor.getByLabel("Details (optional)").fill(DETAILS);
    await visitor.getByRole("button", { name: "Send report" }).click();
    const thanks = visitor.getByRole("status").filter({ hasText: "Thank you, we received your report" }).first();
    await thanks.waitFor();
    // It speaks of what was reported, not of an event.
    await expect(thanks.textContent()).resolves.toContain("Anything that breaks our community guidelines");

    // Staff find it in the queue and open its page.
    const staff = await openStaffPage(DESKTOP);
    await staff.goto("/admin/reports?status=open");
    await waitForHydration(staff);
    await staff.locator(`a[href="/admin/reports/review/${review.id}"]`).first().click();
    await staff.waitForURL(new RegExp(`/admin/reports/review/${review.id}$`));
    await staff.getByRole("heading", { level: 1, name: "Reported review" }).waitFor();
    const reports = staff.getByRole("region", { name: "Reports about this review" });
    await reports.getByText(DETAILS).waitFor();
    await expect(reports.getByText("Spam").count()).resolves.toBeGreaterThan(0);

    await staff.getByLabel(/Why hide it\?/).fill(REASON);
    await staff.getByRole("button", { name: "Hide review" }).click();
    await staff.getByRole("status").filter({ hasText: "Hidden: it no longer shows anywhere public" }).waitFor();
    try {
      // Gone at once from its event page for a visitor (whose page may come from the response cache).
      const stranger = await openPage({ viewport: DESKTOP });
      await stranger.goto(`/events/${review.eventId}`);
      await waitForHydration(stranger);
      await expect(stranger.getByText(review.body).count()).resolves.toBe(0);
      const listed = (await (await stranger.request.get(`/api/v1/events/${review.eventId}/reviews`)).json()) as {
        data: Review[];
      };
      expect(listed.data.map((shown) => shown.id)).not.toContain(review.id);
      expectCleanConsole(stranger);
    } finally {
      // Restored whatever happened above: the journeys after this one share the site.
      await staff.getByRole("button", { name: "Restore review" }).click();
      await staff.getByRole("status").filter({ hasText: "Restored: it shows again." }).waitFor();
    }
    await visitor.goto(`/events/${review.eventId}`);
    await visitor.getByText(review.body).first().waitFor();
    for (const page of [visitor, staff]) expectCleanConsole(page);
  });

  it.each([
    ["en", DESKTOP],
    ["ar", PHONE],
  ] as const)(
    "the report forms and the staff pages of a review and a photo have no axe violations in %s, light and dark",
    async (language, viewport) => {
      const staff = await openStaffPage(viewport);
      const review = await reviewToReport(staff);
      const photoId = await photoToReport(staff);
      for (const colorScheme of ["light", "dark"] as const) {
        await staff.emulateMedia({ colorScheme });
        await expectAccessiblePages(
          staff,
          [
            `/reviews/${review.id}/report`,
            `/photos/${photoId}/report`,
            `/admin/reports/review/${review.id}`,
            `/admin/reports/photo/${photoId}`,
          ],
          language,
        );
      }
      expectCleanConsole(staff);
    },
  );
});
