import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { connectBrowser, expectCleanConsole, expectNoAxeViolations, waitForHydration } from "#tests/support/browser";

const { openPage, siteUrl } = connectBrowser();

type TestPage = Awaited<ReturnType<typeof openPage>>;

/** The site sends one e-mail a minute to an address (decision 007 §9's limits); a test waits out the rest. */
const EMAIL_INTERVAL_MS = 61_000;
/** Journeys that wait out that minute, and the axe sweeps over many pages, get more than the default minute. */
const LONG_TEST_MS = 150_000;

interface Account {
  name: string;
  email: string;
  password: string;
  /** How many e-mails the address has received, and when the last one was asked for. */
  emails: number;
  lastEmailAt: number;
}

const newAddress = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

const visible = (page: Page, text: string) => page.getByText(text, { exact: true }).first().isVisible();

/**
 * The newest message to `email` in the development mailbox, once the jobs worker has delivered
 * message number `count`; returns its account link as a path on the site under test (the e-mail
 * names PUBLIC_URL, which here is another spelling of the same local server).
 */
async function linkFromMailbox(page: Page, email: string, count: number): Promise<string> {
  const messages = page.locator("section[aria-labelledby=mailbox-messages] ol > li a");
  await expect
    .poll(async () => {
      await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
      return messages.count();
    })
    .toBe(count);
  await messages.first().click();
  await page.waitForURL(/\/dev\/mailbox\/\d+$/);
  const href = await page
    .locator("section[aria-labelledby=mailbox-links] a", { hasText: "/auth/confirm" })
    .first()
    .getAttribute("href");
  const url = new URL(href!);
  expect(url.pathname).toBe("/auth/confirm");
  return `${url.pathname}${url.search}`;
}

/** What the e-mailed link's page asks the person to press, by the kind of link. */
const CONFIRM_BUTTONS = { signup: "Confirm my account", magiclink: "Sign in", recovery: "Reset my password" } as const;

/**
 * Opens an e-mailed link as its reader does: the page only asks (opening it changes nothing), and
 * pressing its button uses the link.
 */
async function followEmailLink(page: Page, link: string, kind: keyof typeof CONFIRM_BUTTONS) {
  await page.goto(link);
  await page.getByRole("button", { name: CONFIRM_BUTTONS[kind], exact: true }).click();
}

/** Signs up through the form and follows the confirmation link from the mailbox: a confirmed account. */
async function signUpAndConfirm(page: TestPage, account: Omit<Account, "emails" | "lastEmailAt">): Promise<Account> {
  await page.goto("/signup");
  await waitForHydration(page);
  await page.getByLabel("Full name").fill(account.name);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  const lastEmailAt = Date.now();
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(/\/signup-success$/);
  await followEmailLink(page, await linkFromMailbox(page, account.email, 1), "signup");
  await page.waitForURL(/\/dashboard$/);
  return { ...account, emails: 1, lastEmailAt };
}

let sharedAccount: Promise<Account> | null = null;

/** One confirmed account for the journeys that only need to sign in (made once per run). */
function existingAccount(): Promise<Account> {
  sharedAccount ??= (async () => {
    const page = await openPage();
    return signUpAndConfirm(page, { name: "Selam Bekele", email: newAddress("selam"), password: "tibeb-Harar-2031" });
  })();
  return sharedAccount;
}

async function signIn(page: TestPage, account: Pick<Account, "email" | "password">, path = "/signin") {
  await page.goto(path);
  await waitForHydration(page);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

const accountMenu = (page: Page) => page.getByRole("button", { name: "Account menu" });

describe("signing up", () => {
  it("confirms the address from the dev mailbox and lands on the dashboard signed in", async () => {
    const page = await openPage();
    const email = newAddress("abebe");
    await page.goto("/signup");
    await waitForHydration(page);
    await page.getByLabel("Full name").fill("Abebe Kebede");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("Entoto-sunrise-88");
    await page.getByRole("button", { name: "Create account" }).click();

    await page.waitForURL(/\/signup-success$/);
    await expect.poll(() => visible(page, "Account Created")).toBe(true);
    expect(await visible(page, "Check your email to verify your account.")).toBe(true);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Check your email");

    await followEmailLink(page, await linkFromMailbox(page, email, 1), "signup");
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => visible(page, "Signed in successfully")).toBe(true);
    // No picture yet: the avatar shows the first letter of the name.
    expect(await accountMenu(page).textContent()).toBe("A");
    await accountMenu(page).click();
    expect(await visible(page, "Abebe Kebede")).toBe(true);
    expect(await visible(page, email)).toBe(true);
    // The site header (the banner), not the dashboard's own tabs.
    const menuLinks = page.getByRole("banner").getByRole("link", { name: /^(Profile|Dashboard)$/ });
    expect(await menuLinks.evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual([
      "/dashboard/profile",
      "/dashboard",
    ]);
    expect(await page.locator("header").getByRole("link", { name: "Promote" }).isVisible()).toBe(true);
    expectCleanConsole(page);
  });

  it("refuses a common password and keeps what was typed", async () => {
    const page = await openPage();
    await page.goto("/signup");
    await waitForHydration(page);
    await page.getByLabel("Full name").fill("Hanna Girma");
    await page.getByLabel("Email").fill("hanna@example.com");
    await page.getByLabel("Password", { exact: true }).fill("password123");
    await page.getByRole("button", { name: "Create account" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "too common" });
    await expect.poll(() => alert.isVisible()).toBe(true);
    expect(await page.getByLabel("Full name").inputValue()).toBe("Hanna Girma");
    expect(await page.getByLabel("Email").inputValue()).toBe("hanna@example.com");
    const password = page.getByLabel("Password", { exact: true });
    expect(await password.getAttribute("aria-invalid")).toBe("true");
    expect(await password.getAttribute("aria-describedby")).toContain("sign-up-problem");
  });
});

describe("signing in and out", () => {
  it("shows the error for a wrong password, then signs in, then logs out to the home page", async () => {
    const account = await existingAccount();
    const page = await openPage();
    await signIn(page, { email: account.email, password: "not-the-password" });
    await expect.poll(() => page.getByRole("alert").first().textContent()).toContain("Invalid login credentials");
    expect(await page.getByLabel("Email").inputValue()).toBe(account.email);

    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => visible(page, "Signed in successfully")).toBe(true);

    await accountMenu(page).click();
    await page.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => visible(page, "Signed out successfully")).toBe(true);
    expect(await page.locator("header").getByRole("link", { name: "Sign In" }).isVisible()).toBe(true);
    expect(await page.locator("header").getByRole("link", { name: "Promote" }).count()).toBe(0);
    // The session ended on the server too: the old page data no longer knows the person.
    await page.reload();
    expect(await accountMenu(page).count()).toBe(0);
    // The refused password came back as 400, which the browser reports; nothing else went wrong.
    expect(page.consoleErrors).toEqual([
      "Failed to load resource: the server responded with a status of 400 (Bad Request)",
    ]);
  });

  it("draws the signed-in header in the first HTML, with no signed-out flash", async () => {
    const account = await existingAccount();
    const page = await openPage();
    await signIn(page, account);
    await page.waitForURL(/\/dashboard$/);
    const html = await (await page.request.get("/events")).text();
    expect(html).toContain('aria-label="Account menu"');
    expect(html).not.toContain(">Sign In<");

    const withoutScripts = await openPage({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    await withoutScripts.goto("/");
    expect(await accountMenu(withoutScripts).isVisible()).toBe(true);
    expect(await withoutScripts.locator("header").getByRole("link", { name: "Sign In" }).count()).toBe(0);
  });

  it("shows the name and e-mail in the mobile sheet, and closes it after logging out", async () => {
    const account = await existingAccount();
    const page = await openPage({ viewport: { width: 390, height: 844 } });
    await signIn(page, account);
    await page.waitForURL(/\/dashboard$/);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    const sheet = page.getByRole("dialog", { name: "Menu" });
    await expect.poll(() => sheet.isVisible()).toBe(true);
    expect(await sheet.getByText(account.name, { exact: true }).isVisible()).toBe(true);
    expect(await sheet.getByText(account.email, { exact: true }).isVisible()).toBe(true);
    expect(await sheet.getByRole("link", { name: "Promote" }).isVisible()).toBe(true);
    expect(await sheet.getByRole("link", { name: "Dashboard" }).getAttribute("href")).toBe("/dashboard");
    await sheet.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => sheet.isVisible()).toBe(false);
    await expect.poll(() => visible(page, "Signed out successfully")).toBe(true);
  });

  it("sends a visitor from a page that needs an account to sign in, and back", async () => {
    const account = await existingAccount();
    const page = await openPage();
    await page.goto("/dashboard");
    await page.waitForURL(/\/signin\?next=%2Fdashboard$/);
    await waitForHydration(page);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => accountMenu(page).isVisible()).toBe(true);
  });

  it("works before JavaScript loads: errors keep the address, success follows `next`", async () => {
    const account = await existingAccount();
    const page = await openPage({ javaScriptEnabled: false });
    await page.goto("/signin?next=%2Fevents%3Fq%3Djazz");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill("wrong-password-1");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByRole("alert").first().waitFor();
    expect(await page.getByRole("alert").first().textContent()).toContain("Invalid login credentials");
    expect(await page.getByLabel("Email").inputValue()).toBe(account.email);

    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL(/\/events\?q=jazz$/);
    await expect.poll(() => accountMenu(page).isVisible()).toBe(true);
  });

  it("refreshes the session shortly before it ends, and shows the signed-out page when it cannot", async () => {
    const account = await existingAccount();
    const page = await openPage();
    await page.clock.install();
    // Listening from the start: the renewal must be seen whenever the page's timer fires it.
    let refreshed = page.waitForResponse((response) => response.url().endsWith("/session/refresh"));
    await signIn(page, account);
    await page.waitForURL(/\/dashboard$/);
    await waitForHydration(page);
    // The page has rendered signed in (and so started its renewal timer) before the clock jumps.
    await expect.poll(() => accountMenu(page).isVisible()).toBe(true);

    // 59 minutes on: within 90 s of the hour the access token lasts.
    await page.clock.fastForward("59:00");
    expect((await refreshed).status()).toBe(200);
    expect(await accountMenu(page).isVisible()).toBe(true);

    // The same session signed out from elsewhere: the next renewal is refused for good.
    const elsewhere = await openPage({ storageState: await page.context().storageState() });
    await elsewhere.goto("/");
    await waitForHydration(elsewhere);
    await accountMenu(elsewhere).click();
    await elsewhere.getByRole("button", { name: "Log out" }).click();
    // Already on "/": wait for the signed-out header, not the address, so the sign-out has finished.
    await expect.poll(() => elsewhere.locator("header").getByRole("link", { name: "Sign In" }).isVisible()).toBe(true);

    refreshed = page.waitForResponse((response) => response.url().endsWith("/session/refresh"));
    await page.clock.fastForward("59:00");
    expect((await refreshed).status()).toBe(401);
    await expect.poll(() => page.locator("header").getByRole("link", { name: "Sign In" }).isVisible()).toBe(true);
  });
});

describe("magic links", () => {
  it("asks for the address first, then e-mails a link that signs in", async () => {
    const page = await openPage();
    await page.goto("/signin");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Email me a magic link" }).click();
    const alert = page.getByRole("alert").first();
    await expect.poll(() => alert.textContent()).toContain("Email is required for magic link");
    expect(await alert.textContent()).toContain("Please enter your email address to receive a magic link");

    const email = newAddress("meron");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Email me a magic link" }).click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Check your email" }).isVisible()).toBe(true);
    expect(await visible(page, "We sent you a magic link to sign in.")).toBe(true);

    const link = await linkFromMailbox(page, email, 1);

    // A mail scanner (or anyone) opening the link: a page that asks, nobody signed in, the link unspent.
    const scanner = await openPage();
    for (let visit = 0; visit < 2; visit += 1) {
      await scanner.goto(link);
      expect(await scanner.getByRole("heading", { level: 1 }).textContent()).toBe("Sign in from your email");
    }
    expect((await scanner.context().cookies()).map((cookie) => cookie.name)).not.toContain("session");
    await scanner.goto("/dashboard");
    await scanner.waitForURL(/\/signin\?next=%2Fdashboard$/);

    // Pressing the button, in a browser without JavaScript: the form posts and the link signs in.
    const withoutScripts = await openPage({ javaScriptEnabled: false });
    await followEmailLink(withoutScripts, link, "magiclink");
    await withoutScripts.waitForURL(/\/dashboard$/);
    expect(await accountMenu(withoutScripts).isVisible()).toBe(true);

    // Spent now: the same link, pressed again with scripts, explains itself.
    await followEmailLink(page, link, "magiclink");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("This link has expired");
    expect(await page.getByRole("link", { name: "Sign in or get a new magic link" }).getAttribute("href")).toBe(
      "/signin",
    );
  });
});

describe("providers", () => {
  it("says when a provider is not configured", async () => {
    const page = await openPage();
    await page.goto("/signin");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Continue with Google" }).click();
    const alert = page.getByRole("alert").first();
    await expect.poll(() => alert.textContent()).toContain("Provider Not Configured");
    expect(await alert.textContent()).toContain(
      "This login method is not enabled. Please use email/password or contact the administrator.",
    );
    expect(page.url()).toMatch(/\/signin$/);
  });
});

describe("what the account pages refuse", () => {
  it("answers a provider's error link with translated words only, never the link's own", async () => {
    const page = await openPage();
    await page.goto(
      "/auth/callback?error=access_denied&error_code=access_denied&error_description=Account+locked.+Call+555-0100",
    );
    await waitForHydration(page);
    const alert = page.getByRole("alert").first();
    expect(await alert.textContent()).toContain("Sign-in with this provider did not complete. Please try again.");
    // (The address itself is still in the page, in the language form's way back here.)
    expect(await page.locator("main").textContent()).not.toContain("555-0100");
    expect(await page.title()).not.toContain("555-0100");
  });

  it("refuses a sign-in form far over any real form's size with 413, not a 500", async () => {
    const response = await fetch(`${siteUrl}/signin`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: siteUrl },
      body: `intent=password&email=someone%40example.com&password=${"x".repeat(2 * 1024 * 1024)}`,
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("What was sent is far larger than this form accepts");
  });
});

describe("the account pages' accessibility", () => {
  const ACCOUNT_PAGES = [
    "/signin",
    "/signup",
    "/signup-success",
    "/forgot-password",
    "/reset-password",
    "/auth/confirm?token_hash=spent&type=magiclink",
    "/auth/confirm?token_hash=spent&type=signup",
    "/auth/confirm?token_hash=spent&type=recovery",
    "/auth/confirm?type=magiclink",
    "/auth/callback?error=access_denied&error_code=access_denied&error_description=Cancelled",
  ];

  it.each([
    ["light", "en"],
    ["dark", "en"],
    ["light", "ar"],
  ] as const)(
    "has no axe violations on any account page (%s theme, %s)",
    async (colorScheme, language) => {
      const page = await openPage({ colorScheme });
      for (const path of ACCOUNT_PAGES) {
        await page.goto(`${path}${path.includes("?") ? "&" : "?"}lang=${language}`);
        await waitForHydration(page);
        await expectNoAxeViolations(page);
      }
      // The sign-in form showing an error (and its toast), in the page's language.
      await page.goto(`/signin?lang=${language}`);
      await waitForHydration(page);
      await page.locator("button[value=google]").click();
      await expect.poll(() => page.getByRole("alert").count()).toBeGreaterThan(0);
      await expect.poll(() => page.locator("[data-sonner-toast]").count()).toBeGreaterThan(0);
      await expectNoAxeViolations(page);
      if (language === "ar") expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    },
    LONG_TEST_MS,
  );

  it(
    "has no axe violations in the signed-in header with the account menu open",
    async () => {
      const account = await existingAccount();
      for (const colorScheme of ["light", "dark"] as const) {
        const page = await openPage({ colorScheme });
        await signIn(page, account);
        await page.waitForURL(/\/dashboard$/);
        await page.goto("/events");
        await waitForHydration(page);
        await accountMenu(page).click();
        await expectNoAxeViolations(page);
      }
    },
    LONG_TEST_MS,
  );
});

describe("resetting a password", () => {
  it(
    "e-mails a reset link that leads to a new password, then to sign in with it",
    async () => {
      const account = await existingAccount();
      const page = await openPage();
      // One e-mail a minute per address: last in the file, the sign-up e-mail is long past by now.
      await page.waitForTimeout(Math.max(0, account.lastEmailAt + EMAIL_INTERVAL_MS - Date.now()));
      await page.goto("/forgot-password");
      await waitForHydration(page);
      await page.getByLabel("Email").fill(account.email);
      await page.getByRole("button", { name: "Send reset link" }).click();
      await expect
        .poll(() => page.getByRole("status").filter({ hasText: "Password Reset Email Sent" }).isVisible())
        .toBe(true);
      expect(await visible(page, "Check your email for a password reset link.")).toBe(true);

      const link = await linkFromMailbox(page, account.email, account.emails + 1);
      await followEmailLink(page, link, "recovery");
      await page.waitForURL(/\/reset-password$/);
      await waitForHydration(page);
      // A refused first try leaves an error toast; the success after it takes it away.
      await page.getByLabel("New password").fill("password123");
      await page.getByRole("button", { name: "Update password" }).click();
      const errorToast = page.locator("[data-sonner-toast][data-type=error]");
      await expect.poll(() => errorToast.count()).toBe(1);
      const newPassword = "Lalibela-rock-1187";
      await page.getByLabel("New password").fill(newPassword);
      await page.getByRole("button", { name: "Update password" }).click();
      await page.waitForURL(/\/signin$/);
      await expect.poll(() => visible(page, "Password Updated")).toBe(true);
      expect(await visible(page, "Your password has been updated successfully.")).toBe(true);
      // Gone by the time the success shows (an error toast alone would stay its 4 s).
      expect(await errorToast.and(page.locator(":not([data-removed=true])")).count()).toBe(0);
      account.password = newPassword;
      account.emails += 1;

      await signIn(page, account);
      await page.waitForURL(/\/dashboard$/);

      // The link worked once; a second use explains itself and offers a new one.
      const again = await openPage();
      await followEmailLink(again, link, "recovery");
      await expect.poll(() => again.getByRole("heading", { level: 1 }).textContent()).toBe("This link has expired");
      expect(await again.getByRole("link", { name: "Get a new password reset link" }).getAttribute("href")).toBe(
        "/forgot-password",
      );
    },
    LONG_TEST_MS,
  );
});
