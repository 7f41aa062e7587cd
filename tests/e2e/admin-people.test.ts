import { describe, expect, it } from "vitest";
import { connectBrowser, expectAccessiblePages, expectCleanConsole, waitForHydration } from "#tests/support/browser";
import { signUpInBrowser, type StorageState } from "#tests/support/browser-accounts";
import { signInAsSampleStaff } from "#tests/support/staff-browser";

const { openPage } = connectBrowser();

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

let staffState: StorageState | null = null;
let personPath = "/admin/people";

describe("people in the staff console", () => {
  it("lets staff find a person, suspend them (they are signed out and cannot sign in), restore them and make them staff, all in the audit log", async () => {
    const personPage = await openPage({ viewport: DESKTOP });
    const person = await signUpInBrowser(personPage, "Tigist Alemu");

    const staff = await openPage({ viewport: DESKTOP });
    staffState = await signInAsSampleStaff(staff);
    await staff.goto("/admin/people");
    await waitForHydration(staff);
    await staff.getByLabel("Name or e-mail").fill(person.email);
    await staff.getByRole("button", { name: "Search", exact: true }).click();
    await staff.waitForURL(/\/admin\/people\?q=/);
    await staff.getByRole("link", { name: "Tigist Alemu" }).click();
    await staff.waitForURL(/\/admin\/people\/[0-9a-f-]{36}$/);
    personPath = new URL(staff.url()).pathname;
    await expect.poll(() => staff.getByRole("heading", { level: 1 }).textContent()).toBe("Tigist Alemu");
    expect(await staff.locator("main").textContent()).toContain(person.email);
    expect(await staff.locator("main").textContent()).not.toMatch(/argon2|\$2[aby]\$/);

    // Suspend: the reason is asked for; the person's open session ends and they cannot sign in.
    await staff.getByLabel("Reason (required)").fill("Sold tickets to an event that did not exist");
    await staff.getByRole("button", { name: "Suspend account" }).click();
    await staff.waitForURL(/\?done=suspended$/);
    await expect
      .poll(() => staff.getByRole("status").filter({ hasText: "signed out everywhere" }).isVisible())
      .toBe(true);
    expect(await staff.locator("main").textContent()).toContain("Sold tickets to an event that did not exist");

    await personPage.goto("/dashboard");
    await personPage.waitForURL(/\/signin\?next=%2Fdashboard$/);
    await waitForHydration(personPage);
    await personPage.getByLabel("Email").fill(person.email);
    await personPage.getByLabel("Password", { exact: true }).fill(person.password);
    await personPage.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect.poll(() => personPage.getByRole("alert").first().textContent()).toContain("User is banned");

    // Restore: they can sign in again.
    await staff.getByRole("button", { name: "Restore account" }).click();
    await staff.waitForURL(/\?done=restored$/);
    await personPage.getByRole("button", { name: "Sign In", exact: true }).click();
    await personPage.waitForURL(/\/dashboard$/);

    // Grant staff, with a reason.
    await waitForHydration(staff);
    await staff.getByLabel("Reason (optional)").fill("Joins the support team");
    await staff.getByRole("button", { name: "Make staff" }).click();
    await staff.waitForURL(/\?done=staff_granted$/);
    await expect
      .poll(() => staff.getByRole("status").filter({ hasText: "This person is now staff." }).isVisible())
      .toBe(true);

    // The audit log shows the three actions, newest first, with their reasons and author.
    await staff.getByRole("link", { name: "This account in the audit log" }).click();
    await staff.waitForURL(/\/admin\/audit\?subjectType=user&subjectId=/);
    const entries = staff.getByRole("list", { name: "Staff actions, newest first" }).locator("> li");
    await expect.poll(() => entries.count()).toBe(3);
    expect(await entries.nth(0).textContent()).toContain("Made staff");
    expect(await entries.nth(0).textContent()).toContain("Joins the support team");
    expect(await entries.nth(1).textContent()).toContain("Restored an account");
    expect(await entries.nth(2).textContent()).toContain("Suspended an account");
    expect(await entries.nth(2).textContent()).toContain("Sold tickets to an event that did not exist");
    expect(await entries.nth(2).getByRole("link", { name: "Hana Bekele" }).getAttribute("href")).toMatch(
      /^\/admin\/people\/[0-9a-f-]{36}$/,
    );
    expectCleanConsole(staff);
  }, 120_000);

  it.each([
    ["en", DESKTOP],
    ["ar", PHONE],
  ] as const)(
    "has no axe violations in %s, light and dark, at %o, and nothing wider than the screen",
    async (language, viewport) => {
      expect(staffState).not.toBeNull();
      // A sample organizer who also bought tickets: her page has both tables, each a scrolling region.
      const lookup = await openPage({ storageState: staffState! });
      await lookup.goto("/admin/people?q=danielle");
      const organizerPath = await lookup.getByRole("link", { name: "Danielle Brooks" }).getAttribute("href");
      for (const colorScheme of ["light", "dark"] as const) {
        const page = await openPage({ colorScheme, viewport, storageState: staffState! });
        await expectAccessiblePages(page, ["/admin/people", personPath, organizerPath!, "/admin/audit"], language);
        expectCleanConsole(page);
      }
    },
  );
});
