import { describe, expect, it } from "vitest";
import {
  ACCOUNT_LINKS,
  EVENTS_MENU_LINKS,
  FIND_MY_TICKET,
  FOOTER_COLUMNS,
  OTHER_LINKS,
  primaryLinks,
  SECONDARY_LINKS,
  SIGN_IN,
  SIGN_UP,
} from "#app/components/navigation-links";
import { LANGUAGE_COOKIE } from "#app/i18n/preferences";
import { LANGUAGES } from "#domain/language";
import { connectBrowser, waitForHydration } from "#tests/support/browser";
import { confirmationLinkFromMailbox } from "#tests/support/browser-accounts";
import { crawlSite, routeOf, type CrawlStart } from "#tests/support/link-crawl";

/**
 * Issue 18: no link of ours leads to a missing page. From the home page, the dashboard and every link of
 * the header, the phone's menu and the footer (the menu's sheet is rendered only once opened, so its links
 * are taken from where they are defined), every internal link is followed, in each language, by a visitor
 * and by a signed-in organizer (whose dashboard links to their events' pages).
 */
const { openPage, siteUrl } = connectBrowser();

/** A sample organizer no other journey uses: their dashboard lists events with their management pages. */
const ORGANIZER_EMAIL = "olivia.chen@example.com";

function startsFor(signedIn: boolean): CrawlStart[] {
  const navigation = [
    ...EVENTS_MENU_LINKS,
    ...primaryLinks(signedIn),
    ...SECONDARY_LINKS,
    ...OTHER_LINKS,
    FIND_MY_TICKET,
    ...(signedIn ? ACCOUNT_LINKS : [SIGN_IN, SIGN_UP]),
    ...FOOTER_COLUMNS.flatMap((column) => column.links),
  ];
  return [
    { path: "/", linkedFrom: "(start)" },
    { path: "/dashboard", linkedFrom: "(start)" },
    ...navigation.map((link) => ({ path: link.to, linkedFrom: `the menus (navigation-links.ts: ${link.labelKey})` })),
  ];
}

/** The organizer's session cookie, signed in by an e-mailed magic link as they would. */
async function organizerSessionCookie(): Promise<string> {
  const page = await openPage();
  await page.goto("/signin");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(ORGANIZER_EMAIL);
  await page.getByRole("button", { name: "Email me a magic link" }).click();
  await page.getByRole("status").filter({ hasText: "Check your email" }).waitFor();
  await page.goto(await confirmationLinkFromMailbox(page, ORGANIZER_EMAIL));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(/\/dashboard$/);
  const cookies = await page.context().cookies();
  // The crawl sets the language itself.
  return cookies
    .filter((cookie) => cookie.name !== LANGUAGE_COOKIE)
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join("; ");
}

/** The kinds of page a crawl must reach, or it did not see the site a visitor or an organizer sees. */
const VISITOR_ROUTES = [
  "/",
  "/events",
  "/events/:id",
  "/events/:id/calendar.ics",
  "/events/featured",
  "/vip-events",
  "/micro-events",
  "/categories",
  "/users/:id",
  "/community",
  "/sponsors/:id",
  "/pricing",
  "/newsletter",
  "/find-my-ticket",
  "/signin",
  "/api/docs",
];
const ORGANIZER_ROUTES = [
  "/dashboard/profile",
  "/events/:id/edit",
  "/events/:id/orders",
  "/events/:id/check-in",
  "/events/:id/sales.csv",
];

async function crawlInEveryLanguage(signedIn: boolean, sessionCookie: string | null) {
  for (const language of LANGUAGES) {
    const cookie = [`${LANGUAGE_COOKIE}=${language}`, sessionCookie].filter(Boolean).join("; ");
    const home = await (await fetch(siteUrl, { headers: { Cookie: cookie } })).text();
    expect(home, "the language cookie chooses the page's language").toContain(`<html lang="${language}"`);

    const { statuses, broken } = await crawlSite(siteUrl, startsFor(signedIn), { Cookie: cookie });
    expect(
      broken.map((link) => `${link.status} ${link.path}, linked from ${link.linkedFrom}`),
      `${language}, ${signedIn ? "signed in" : "signed out"}`,
    ).toEqual([]);
    // The crawl saw the site as meant: the dashboard is the organizer's, or sends a visitor to sign in.
    expect(statuses.get("/dashboard")).toBe(signedIn ? 200 : 302);
    const routes = new Set([...statuses.keys()].map(routeOf));
    const expected = signedIn
      ? [...VISITOR_ROUTES.filter((route) => route !== "/signin"), ...ORGANIZER_ROUTES]
      : VISITOR_ROUTES;
    expect(expected.filter((route) => !routes.has(route))).toEqual([]);
  }
}

describe("every internal link", () => {
  it("leads to a page, for a visitor in each language", async () => {
    await crawlInEveryLanguage(false, null);
  });

  it("leads to a page, for a signed-in organizer in each language", async () => {
    await crawlInEveryLanguage(true, await organizerSessionCookie());
  });
});
