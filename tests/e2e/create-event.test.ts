import { randomUUID } from "node:crypto";
import sharp from "sharp";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpInBrowser, type StorageState } from "#tests/support/browser-accounts";
import { connectBrowser, expectCleanConsole, expectNoAxeViolations, waitForHydration } from "#tests/support/browser";

const { openPage } = connectBrowser();

/** Sign-up, the mailbox, two forms and an edit in one journey take longer than the default minute. */
const LONG_TEST_MS = 120_000;
const TITLE = `Harbor Lights Jazz Night ${randomUUID().slice(0, 6)}`;

/** A new account, signed up through the site's form and confirmed from the mailbox. */
async function signedInState(name: string): Promise<StorageState> {
  const page = await openPage();
  const { storageState } = await signUpInBrowser(page, name);
  await page.context().close();
  return storageState;
}

/** A small 4:3 PNG, which the server crops to 16:9 and re-encodes. */
function samplePng(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .png()
    .toBuffer();
}

/** How many events the signed-in person has, by the API (same cookie). */
async function myEventCount(page: Page): Promise<number> {
  const response = await page.request.get("/api/v1/my/events");
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: unknown[] }).data.length;
}

const ticketField = (page: Page, row: number, label: string) =>
  page.getByRole("group", { name: `Ticket type ${row}`, exact: true }).getByLabel(label, { exact: true });

/** Title, description, category and start: what every event needs beside its venue and tickets. */
async function fillBasics(page: Page, title: string) {
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Description", { exact: true }).fill("An evening of **live jazz** by the water.");
  await page.getByLabel("Category", { exact: true }).selectOption({ label: "Music" });
  await page.getByLabel("Starts", { exact: true }).fill("2027-06-12T19:30");
}

async function expectAxeInEveryLook(page: Page, path: string) {
  for (const [colorScheme, language] of [
    ["light", "en"],
    ["dark", "en"],
    ["light", "ar"],
    ["dark", "ar"],
  ] as const) {
    await page.emulateMedia({ colorScheme });
    if (language === "ar") {
      await page.goto(`${path}${path.includes("?") ? "&" : "?"}lang=ar`);
      await waitForHydration(page);
      expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    }
    await expectNoAxeViolations(page);
  }
  await page.goto(`${path}${path.includes("?") ? "&" : "?"}lang=en`);
}

describe("creating and editing an event", () => {
  it("sends visitors to sign in first, and back to /create after", async () => {
    const page = await openPage();
    await page.goto("/create");
    await page.waitForURL(/\/signin\?/);
    expect(new URL(page.url()).searchParams.get("next")).toBe("/create");
  });

  it("previews the description's Markdown as the event's page will show it, without what could run", async () => {
    const page = await openPage({ storageState: await signedInState("Liya Haile") });
    await page.goto("/create");
    await waitForHydration(page);
    const preview = page.getByRole("region", { name: "Preview", exact: true });
    expect(await preview.textContent()).toContain("The preview appears here as you write the description.");

    await page
      .getByLabel("Description", { exact: true })
      .fill(
        [
          "## Programme",
          "",
          "Doors at seven. **Bring a friend.** More at [the harbor's site](https://example.com/harbor).",
          "",
          `<img src="/no-such-picture.png" onerror="window.injected = 'img'"> <script>window.injected = "script"</script>`,
          `<a href="javascript:window.injected = 'link'">Click me</a>`,
        ].join("\n"),
      );
    // The heading, bold text and link show as such once the server has rendered them (as you type).
    const heading = preview.getByRole("heading", { level: 3, name: "Programme", exact: true });
    await heading.waitFor();
    expect(await heading.isVisible()).toBe(true);
    const bold = preview.getByText("Bring a friend.", { exact: true });
    expect(await bold.evaluate((element) => [element.tagName, Number(getComputedStyle(element).fontWeight)])).toEqual([
      "STRONG",
      700,
    ]);
    const link = preview.getByRole("link", { name: "the harbor's site", exact: true });
    expect(await link.getAttribute("href")).toBe("https://example.com/harbor");
    expect(await link.getAttribute("rel")).toBe("noopener nofollow ugc");
    // The picture, script and script link are gone (a link's text stays, without its address).
    expect(await preview.locator("script, img, [onerror], [href^='javascript']").count()).toBe(0);
    expect(await preview.textContent()).not.toContain("injected");
    expect(await preview.getByText("Click me").count()).toBe(1);
    expect(await page.evaluate(() => "injected" in window)).toBe(false);
    await expectNoAxeViolations(page);

    // Changing the text changes the preview; emptying it brings the hint back.
    await page.getByLabel("Description", { exact: true }).fill("Only *this* now.");
    await preview.locator("em", { hasText: "this" }).waitFor();
    expect(await heading.count()).toBe(0);
    await page.getByLabel("Description", { exact: true }).fill("");
    await preview.getByText("The preview appears here as you write the description.").waitFor();
    expectCleanConsole(page);
  });

  it(
    "saves a draft without JavaScript, with the preview and the venue search asked for by buttons",
    async () => {
      const page = await openPage({
        storageState: await signedInState("Hirut Alemayehu"),
        javaScriptEnabled: false,
      });
      const title = `${TITLE} (no script)`;
      await page.goto("/create");
      await fillBasics(page, title);
      // The Preview button (shown only without JavaScript) brings the page back with the preview.
      await page.getByRole("button", { name: "Show preview", exact: true }).click();
      await page.waitForLoadState();
      const preview = page.getByRole("region", { name: "Preview", exact: true });
      expect(await preview.locator("strong").textContent()).toBe("live jazz");
      expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe(title);

      // The venue search's button too; the venues found are offered to choose from.
      const venue = page.getByRole("group", { name: "Venue", exact: true });
      await venue.getByLabel("Search venues", { exact: true }).fill("Anthem");
      await venue.getByRole("button", { name: "Search", exact: true }).click();
      await page.waitForLoadState();
      await page.getByRole("radio", { name: /The Anthem/ }).check();
      expect(await page.getByLabel("Description", { exact: true }).inputValue()).toBe(
        "An evening of **live jazz** by the water.",
      );
      expect(await page.getByLabel("Starts", { exact: true }).inputValue()).toBe("2027-06-12T19:30");

      // No picture: a draft (and an event) may go without one.
      await ticketField(page, 1, "Name").fill("Early bird");
      await ticketField(page, 1, "Price (USD)").fill("15");
      await ticketField(page, 1, "Quantity").fill("60");
      await page.getByRole("button", { name: "Save as draft", exact: true }).click();
      await page.waitForURL(/\/events\/\d+\/edit\?saved=draft$/);
      expect(
        await page
          .getByRole("status")
          .filter({ hasText: "Your draft is saved. Publish it when you are ready." })
          .count(),
      ).toBe(1);
      expect(await page.getByText("Status: Draft", { exact: true }).isVisible()).toBe(true);
      expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe(title);
      expect(await page.getByRole("radio", { name: /The Anthem/ }).isChecked()).toBe(true);
      expect(await ticketField(page, 1, "Quantity").inputValue()).toBe("60");

      // My Events lists it as a draft, with nothing sold of its 60 tickets.
      await page.goto("/dashboard");
      const listed = page.getByRole("article", { name: title, exact: true });
      expect(await listed.getByText("Draft", { exact: true }).isVisible()).toBe(true);
      expect(await listed.getByText("0 / 60", { exact: true }).isVisible()).toBe(true);
      expect(await myEventCount(page)).toBe(1);
      expectCleanConsole(page);
    },
    LONG_TEST_MS,
  );

  it(
    "publishes an event with a picture and two ticket types, refuses bad input, and keeps quantities and prices above sales",
    async () => {
      const [organizer, someoneElse] = await Promise.all([
        signedInState("Selam Tesfaye"),
        signedInState("Abebe Kebede"),
      ]);
      const page = await openPage({ storageState: organizer });
      await page.goto("/create");
      await waitForHydration(page);
      // A new venue is placed on a map, loaded only once that part of the form shows.
      await page.getByLabel("A new venue", { exact: true }).check();
      await page.getByRole("button", { name: "Put the pin at the map's centre" }).click();
      expect(await page.getByLabel("Latitude", { exact: true }).inputValue()).toMatch(/^38\.\d+$/);
      await expectNoAxeViolations(page);
      await page.getByLabel("A venue already on the site", { exact: true }).check();
      await expectAxeInEveryLook(page, "/create");
      await waitForHydration(page);

      // Bad input, checked in the page with the action's own schema: nothing is sent or created.
      await fillBasics(page, `${TITLE} (refused)`);
      await page.getByLabel("Ends", { exact: true }).fill("2027-06-12T18:00");
      await ticketField(page, 1, "Name").fill("General");
      await ticketField(page, 1, "Price (USD)").fill("-5");
      await ticketField(page, 1, "Quantity").fill("10");
      await page.getByRole("button", { name: "Publish", exact: true }).click();
      const summary = page.getByRole("alert").filter({ hasText: "problems to fix" });
      await expect.poll(() => summary.isVisible()).toBe(true);
      expect(await summary.textContent()).toContain("Ends: The end must be after the start.");
      expect(await summary.textContent()).toContain("Ticket type 1: Price (USD): The price cannot be negative.");
      expect(await page.getByLabel("Ends", { exact: true }).getAttribute("aria-invalid")).toBe("true");
      expect(await ticketField(page, 1, "Price (USD)").getAttribute("aria-invalid")).toBe("true");
      // Focus moves to the first field in trouble, top to bottom.
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("event-endsAt");
      await expectNoAxeViolations(page);
      expect(new URL(page.url()).pathname).toBe("/create");
      expect(await myEventCount(page)).toBe(0);

      // The same refusal from the server, for a browser without JavaScript (the plain multipart post).
      const plain = await page
        .context()
        .browser()!
        .newContext({
          storageState: await page.context().storageState(),
          javaScriptEnabled: false,
          baseURL: new URL(page.url()).origin,
        });
      const noScript = await plain.newPage();
      await noScript.goto("/create");
      await fillBasics(noScript, `${TITLE} (refused)`);
      await noScript.getByLabel("Ends", { exact: true }).fill("2027-06-12T18:00");
      await noScript.getByLabel("Name", { exact: true }).fill("General");
      await noScript.getByLabel("Price (USD)", { exact: true }).fill("-5");
      await noScript.getByLabel("Quantity", { exact: true }).fill("10");
      await noScript.getByRole("button", { name: "Publish", exact: true }).click();
      await noScript.waitForLoadState();
      const serverSummary = await noScript.getByRole("alert").filter({ hasText: "to fix" }).textContent();
      expect(serverSummary).toContain("The end must be after the start.");
      expect(serverSummary).toContain("The price cannot be negative.");
      expect(serverSummary).toContain("Venue: This is required.");
      // What was typed comes back.
      expect(await noScript.getByLabel("Title", { exact: true }).inputValue()).toBe(`${TITLE} (refused)`);
      await plain.close();
      expect(await myEventCount(page)).toBe(0);

      // Now right: the end follows the start, a venue found by searching, a picture, two ticket types.
      await page.reload();
      await waitForHydration(page);
      await fillBasics(page, TITLE);
      expect(await page.getByLabel("Ends", { exact: true }).inputValue()).toBe("2027-06-12T22:30");
      await page.getByLabel("Search venues", { exact: true }).fill("Anthem");
      await page.getByRole("radio", { name: /The Anthem/ }).check();
      await page
        .getByLabel("File", { exact: true })
        .first()
        .setInputFiles({
          name: "harbor.png",
          mimeType: "image/png",
          buffer: await samplePng(),
        });
      await page.getByLabel("Alt text", { exact: true }).first().fill("A saxophonist on a lit stage by the harbor");
      await ticketField(page, 1, "Name").fill("General admission");
      await ticketField(page, 1, "Price (USD)").fill("25");
      await ticketField(page, 1, "Quantity").fill("100");
      await page.getByRole("button", { name: "Add a ticket type" }).click();
      await ticketField(page, 2, "Name").fill("VIP");
      await ticketField(page, 2, "Price (USD)").fill("80.50");
      await ticketField(page, 2, "Quantity").fill("10");
      await page.getByRole("button", { name: "Publish", exact: true }).click();
      await page.waitForURL(/\/events\/\d+$/);
      const eventId = Number(new URL(page.url()).pathname.split("/").pop());
      // The address changes before the client-side navigation renders the event's page.
      await page.getByRole("heading", { level: 1, name: TITLE }).waitFor();
      const tickets = page.locator("section#tickets");
      expect(await tickets.getByText("General admission").first().isVisible()).toBe(true);
      expect(await tickets.getByText("VIP").first().isVisible()).toBe(true);
      expect(await page.locator(`img[alt="A saxophonist on a lit stage by the harbor"]`).count()).toBeGreaterThan(0);
      expect(await myEventCount(page)).toBe(1);

      // Three VIP seats held by a guest's order not paid yet: not sold, but the VIP quantity cannot go below 3.
      const stored = await page.request.get(`/api/v1/my/events/${eventId}`);
      const vip = (
        (await stored.json()) as { data: { ticketTypes: { id: number; name: string }[] } }
      ).data.ticketTypes.find((type) => type.name === "VIP")!;
      const guest = await page
        .context()
        .browser()!
        .newContext({ baseURL: new URL(page.url()).origin });
      const order = await guest.request.post("/api/v1/orders", {
        data: {
          eventId,
          items: [{ ticketTypeId: vip.id, quantity: 3 }],
          buyer: { name: "Hana Girma", email: `hana-${randomUUID().slice(0, 8)}@example.com` },
        },
      });
      expect(order.status()).toBe(201);
      const placed = (await order.json()) as { data: { id: string }; accessToken: string };

      await page.goto(`/events/${eventId}/edit`);
      await waitForHydration(page);
      const vipRow = page.getByRole("group", { name: "Ticket type 2", exact: true });
      expect(await vipRow.getByText("3 tickets held by orders not paid yet").isVisible()).toBe(true);
      expect(
        await vipRow.getByText("At least 3: tickets already sold or held by orders not paid yet.").isVisible(),
      ).toBe(true);
      // As My Events and the sales page count them: a hold is not a sale.
      expect(await page.getByText("tickets sold").count()).toBe(0);
      await ticketField(page, 2, "Quantity").fill("2");
      await page.getByRole("button", { name: "Save changes" }).click();
      await expect
        .poll(() =>
          page
            .locator("#event-ticketTypes-1-quantity-problem")
            .textContent({ timeout: 1_000 })
            .catch(() => null),
        )
        .toBe("The quantity cannot be lower than the tickets already sold or held by orders not paid yet.");
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("event-ticketTypes-1-quantity");
      await ticketField(page, 2, "Quantity").fill("12");
      await page.getByRole("button", { name: "Save changes" }).click();
      await page.waitForURL(/\/edit\?saved=changes$/);
      // The address changes before the page is drawn again from the saved event.
      await page.getByRole("status").filter({ hasText: "Your changes are saved." }).waitFor();
      expect(await ticketField(page, 2, "Quantity").inputValue()).toBe("12");

      // Once the guest pays, the three are sold at $80.50 each: the VIP price cannot go below that.
      const paid = await guest.request.post(`/api/v1/orders/${placed.data.id}/payment`, {
        headers: { "X-Order-Token": placed.accessToken },
        data: {
          card: { number: "4242 4242 4242 4242", expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: "123" },
        },
      });
      expect(paid.status()).toBe(200);
      await guest.close();
      await page.goto(`/events/${eventId}/edit`);
      await waitForHydration(page);
      expect(await vipRow.getByText("3 tickets sold").isVisible()).toBe(true);
      expect(await vipRow.getByText("held by orders").count()).toBe(0);
      expect(
        await vipRow.getByText("At least $80.50: buyers already paid that much for this ticket.").isVisible(),
      ).toBe(true);
      await ticketField(page, 2, "Price (USD)").fill("60");
      await page.getByRole("button", { name: "Save changes" }).click();
      await expect
        .poll(() =>
          page
            .locator("#event-ticketTypes-1-price-problem")
            .textContent({ timeout: 1_000 })
            .catch(() => null),
        )
        .toBe("The price cannot be lower than what buyers already paid for this ticket.");
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("event-ticketTypes-1-price");
      // Raising it is fine.
      await ticketField(page, 2, "Price (USD)").fill("95");
      await page.getByRole("button", { name: "Save changes" }).click();
      await page.waitForURL(/\/edit\?saved=changes$/);
      await page.getByRole("status").filter({ hasText: "Your changes are saved." }).waitFor();
      expect(await ticketField(page, 2, "Price (USD)").inputValue()).toBe("95");
      await expectAxeInEveryLook(page, `/events/${eventId}/edit`);
      // The refused save answers 400 on purpose (the browser logs it); nothing else may go wrong.
      expectCleanConsole({ consoleErrors: page.consoleErrors.filter((error) => !error.includes("status of 400")) });

      // Duplicating (My Events' POST form) opens a draft copy, with no sales, to publish later.
      await page.evaluate((id) => {
        const form = document.createElement("form");
        form.method = "post";
        form.action = `/events/${id}/duplicate`;
        document.body.append(form);
        form.submit();
      }, eventId);
      await page.waitForURL(/\/events\/\d+\/edit\?saved=duplicated$/);
      expect(page.url()).not.toContain(`/events/${eventId}/`);
      await page.getByText("This is a draft copy of your event.", { exact: false }).waitFor();
      expect(await page.getByRole("button", { name: "Publish", exact: true }).isVisible()).toBe(true);
      expect(await page.getByText("tickets sold").count()).toBe(0);
      expect(await myEventCount(page)).toBe(2);

      // Someone else gets the same 404 as for an event that does not exist.
      const stranger = await openPage({ storageState: someoneElse });
      expect((await stranger.request.get(`/events/${eventId}/edit`)).status()).toBe(404);
      expect((await stranger.request.get(`/events/999999/edit`)).status()).toBe(404);
    },
    LONG_TEST_MS,
  );
});
