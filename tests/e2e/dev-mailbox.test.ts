import { describe, expect, it } from "vitest";
import { renderEmail } from "#server/mail/render-email";
import { newAddress } from "#tests/support/browser-accounts";
import { connectBrowser, expectCleanConsole, expectNoAxeViolations, waitForHydration } from "#tests/support/browser";

const { openPage, siteUrl } = connectBrowser();

// A sample user (preferred language English) whom no other journey asks links for.
const ADDRESS = "rachel.goldberg@example.com";
const SUBJECT = "Your DMV Events sign-in link";

/** Asks the auth API for a magic link, as `supabase.auth.signInWithOtp({ email })` does. */
async function requestMagicLink(email: string) {
  const response = await fetch(`${siteUrl}/auth/v1/otp`, {
    method: "POST",
    headers: { "Content-Type": "application/json;charset=UTF-8", "X-Supabase-Api-Version": "2024-01-01" },
    body: JSON.stringify({ email, create_user: false, data: {}, gotrue_meta_security: {} }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** The mailbox page of the message sent to ADDRESS, once the jobs worker has delivered it. */
async function messagePath(): Promise<string> {
  const page = await openPage();
  const link = page.getByRole("link", { name: SUBJECT });
  await expect
    .poll(async () => {
      await page.goto(`/dev/mailbox?to=${encodeURIComponent(ADDRESS)}`);
      return link.count();
    })
    .toBeGreaterThan(0);
  return (await link.first().getAttribute("href"))!;
}

describe("the development mailbox", () => {
  it("lists nothing for an address no e-mail went to, and answers 404 for messages that do not exist", async () => {
    const page = await openPage();
    const answer = await page.goto("/dev/mailbox?to=nobody-at-all%40example.com");
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()["cache-control"]).toBe("no-store");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Development mailbox");
    await expect(page.getByText("No messages to this address.").count()).resolves.toBe(1);
    await expect(page.locator('meta[name="robots"]').getAttribute("content")).resolves.toBe("noindex, nofollow");
    for (const path of ["/dev/mailbox/999999", "/dev/mailbox/abc", "/dev/mailbox/0"]) {
      expect((await page.goto(path))?.status(), path).toBe(404);
    }
    // An address no database can search for (a NUL character) is refused plainly, not with a 500.
    const refused = await page.goto("/dev/mailbox?to=a%00b%40example.com");
    expect(refused?.status()).toBe(400);
    await expect(page.getByRole("alert").filter({ hasText: "cannot be searched" }).count()).resolves.toBe(1);
  });

  it("receives a magic link asked for over /auth/v1/otp: listed, opened, its link shown and its HTML rendered", async () => {
    await requestMagicLink(ADDRESS);
    const page = await openPage();
    await page.goto("/dev/mailbox");
    await waitForHydration(page);
    // Filtering by the address, with the form, as a developer would.
    await page.getByLabel("Show messages to this address").fill(ADDRESS);
    await page.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL(/\/dev\/mailbox\?to=/);
    await expect
      .poll(async () => {
        await page.reload();
        return page.getByRole("link", { name: SUBJECT }).count();
      })
      .toBeGreaterThan(0);
    expect(await page.locator("main ol li").first().textContent()).toContain(ADDRESS);

    await page.getByRole("link", { name: SUBJECT }).first().click();
    await page.waitForURL(/\/dev\/mailbox\/\d+$/);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(SUBJECT);
    await expect(page.locator("main dd").first().textContent()).resolves.toBe(ADDRESS);
    // A sign-in link is sent with no Reply-To: no such line.
    await expect(page.locator("main dt").allTextContents()).resolves.toEqual(["To", "Received"]);
    const links = await page.getByRole("region", { name: "Links in this message" }).getByRole("link").allTextContents();
    expect(
      links.some((link) => /\/auth\/(v1\/verify|confirm)\?.*type=magiclink/.test(link)),
      links.join(),
    ).toBe(true);
    await expect(page.locator("main pre").textContent()).resolves.toContain(
      "This link is valid for 15 minutes and works once.",
    );
    // The HTML version renders in its sandbox under the site's Content-Security-Policy.
    const html = page.frameLocator("iframe[title^='HTML version of the e-mail']");
    await expect.poll(() => html.getByRole("link", { name: "Sign in" }).count()).toBe(1);
    await expect(html.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Sign in to DMV Events");
    expectCleanConsole(page);
  });

  it("shows the Reply-To a message was sent with: the contact desk's copy to a visitor answers to the desk", async () => {
    const visitor = await openPage();
    const loadedAt = Date.now();
    await visitor.goto("/contact");
    await waitForHydration(visitor);
    const email = newAddress("Replyto");
    await visitor.getByLabel("Your name").fill("Selam Bekele");
    await visitor.getByLabel("Your e-mail address").fill(email);
    await visitor.getByLabel("Topic").selectOption({ label: "Report a problem" });
    await visitor.getByLabel("Message", { exact: true }).fill("Is the library hall step-free from the street?");
    // The spam trap refuses posts made within two seconds of the page.
    await visitor.waitForTimeout(Math.max(0, 2_200 - (Date.now() - loadedAt)));
    await visitor.getByRole("button", { name: "Send message" }).click();
    await visitor.getByRole("status").filter({ hasText: "Thank you, your message is on its way" }).waitFor();

    const message = visitor.getByRole("link", { name: /We received your message/ });
    await expect
      .poll(async () => {
        await visitor.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
        return message.count();
      })
      .toBe(1);
    const path = (await message.getAttribute("href"))!;
    for (const [query, label] of [
      ["", "Reply to"],
      ["?lang=ar", "الرد إلى"],
    ] as const) {
      await visitor.goto(`${path}${query}`);
      const terms = await visitor.locator("main dt").allTextContents();
      expect(terms, query).toContain(label);
      const replyTo = await visitor.locator("main dt", { hasText: label }).locator("+ dd").textContent();
      // The desk's own address (CONTACT_EMAIL, else MAIL_FROM's), never the visitor's.
      expect(replyTo, query).toMatch(/^[^@\s]+@[^@\s]+$/);
      expect(replyTo, query).not.toBe(email);
    }
  });

  it("shows the mailbox in Arabic, right to left", async () => {
    const page = await openPage();
    await page.goto(`${await messagePath()}?lang=ar`);
    await expect(page.locator("html").getAttribute("dir")).resolves.toBe("rtl");
    await expect(page.getByRole("heading", { name: "نسخة HTML" }).count()).resolves.toBe(1);
  });

  it.each([
    ["light", ""],
    ["dark", "?lang=ar"],
  ] as const)("has no accessibility violations in %s theme on the list page %s", async (colorScheme, query) => {
    const page = await openPage({ colorScheme });
    await page.goto(`/dev/mailbox${query}`);
    await waitForHydration(page);
    await expectNoAxeViolations(page);
  });

  it.each([
    ["dark", ""],
    ["light", "?lang=ar"],
  ] as const)(
    "has no accessibility violations in %s theme on a message page %s, nor in the e-mail itself",
    async (colorScheme, query) => {
      const path = await messagePath();
      const page = await openPage({ colorScheme });
      await page.goto(`${path}${query}`);
      await waitForHydration(page);
      await expectNoAxeViolations(page, { exclude: "iframe" });

      const email = await openPage({ colorScheme });
      await email.setContent((await page.locator("iframe").getAttribute("srcdoc"))!);
      await expectNoAxeViolations(email);
    },
  );

  it.each([
    ["ar", "signup"],
    ["ar", "magiclink"],
    ["ar", "recovery"],
    ["ar", "password_changed"],
    ["fr", "signup"],
    ["am", "recovery"],
    ["ar", "reauthentication"],
  ] as const)("renders the %s %s e-mail with no accessibility violations", async (language, kind) => {
    const link = `${siteUrl}/auth/confirm?token_hash=abc&type=${kind}`;
    // With the six-digit code that e-mails asked for through /auth/v1 carry.
    const { html } = renderEmail({ kind, to: "reader@example.com", language, link, code: "123456" }, siteUrl);
    const page = await openPage();
    await page.setContent(html);
    await expectNoAxeViolations(page);
  });
});
