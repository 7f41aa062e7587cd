import { describe, expect, it } from "vitest";
import { listOperations, type OpenApiDocument } from "#server/api/openapi-document-shape";
import { connectBrowser, expectCleanConsole, expectNoAxeViolations, waitForHydration } from "#tests/support/browser";

const { openPage } = connectBrowser();

/** How many operations the served document has: the page shows one section each. */
async function documentedCount(page: { request: { get(url: string): Promise<{ json(): Promise<unknown> }> } }) {
  const document = (await (await page.request.get("/api/v1/openapi.json")).json()) as { paths: object };
  return listOperations(document as OpenApiDocument).length;
}

describe("the API docs page", () => {
  it("lists every endpoint of the served document, and its JSON link serves that document", async () => {
    const page = await openPage();
    await page.goto("/api/docs");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Public API");

    const link = page.getByRole("link", { name: "OpenAPI 3.1 document (JSON)" });
    const [response] = await Promise.all([
      page.waitForResponse((answer) => answer.url().endsWith("/api/v1/openapi.json")),
      link.click(),
    ]);
    expect(response.status()).toBe(200);
    const document = (await response.json()) as OpenApiDocument;
    expect(document.openapi).toBe("3.1.0");

    await page.goBack();
    const listed = await page.getByRole("navigation", { name: "Endpoints" }).getByRole("link").allTextContents();
    const operations = listOperations(document);
    expect(listed).toHaveLength(operations.length);
    for (const { path, method } of operations)
      expect(
        listed.some((text) => text.endsWith(`${method.toUpperCase()} /api/v1${path}`)),
        `${method} ${path}`,
      ).toBe(true);

    // Each endpoint shows its parameters and a curl line that names it.
    const search = page.locator("article#listEvents");
    await expect(search.getByRole("heading", { level: 3 }).textContent()).resolves.toBe("Search events");
    const rows = await search.locator("tbody th code").allTextContents();
    expect(rows).toEqual(expect.arrayContaining(["q", "category", "near", "sort", "page", "limit"]));
    await expect(search.locator("pre").textContent()).resolves.toMatch(/^curl "http.+\/api\/v1\/events\?/);
    expectCleanConsole(page);
  });

  it("is reached from the footer, works without JavaScript and fits a phone's width", async () => {
    const page = await openPage();
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Developer API" }).click();
    await page.waitForURL(/\/api\/docs$/);
    const documented = await documentedCount(page);
    await expect.poll(() => page.locator("main article").count()).toBe(documented);

    const noScript = await openPage({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
    const answer = await noScript.goto("/api/docs");
    expect(answer?.status()).toBe(200);
    expect(await noScript.locator("main article").count()).toBe(documented);
    // Wide tables scroll inside their own region, so the content never needs sideways scrolling.
    const main = noScript.locator("main");
    const overflow = await main.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBe(0);
    await expect(main.evaluate((element) => element.clientWidth)).resolves.toBeLessThanOrEqual(360);
  });

  it("shows the same endpoints in Arabic, right to left, with translated summaries", async () => {
    const page = await openPage();
    await page.goto("/api/docs?lang=ar");
    await expect(page.locator("html").getAttribute("dir")).resolves.toBe("rtl");
    await expect(page.locator("article#listEvents h3").textContent()).resolves.toBe("البحث عن الفعاليات");
    await expect(page.locator("main article").count()).resolves.toBe(await documentedCount(page));
  });

  // One test each: axe takes several seconds on a page this long.
  it.each([
    ["light", "/api/docs"],
    ["dark", "/api/docs"],
    ["light", "/api/docs?lang=ar"],
    ["dark", "/api/docs?lang=am"],
  ] as const)("has no accessibility violations in %s theme at %s", async (colorScheme, path) => {
    const page = await openPage({ colorScheme });
    await page.goto(path);
    await waitForHydration(page);
    await expectNoAxeViolations(page);
  });
});
