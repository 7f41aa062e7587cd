import { afterAll, beforeAll, describe, expect, it } from "vitest";
import frPages from "#app/i18n/locales/pages/fr.json";
import { connectBrowser, expectNoAxeViolations, waitForHydration } from "#tests/support/browser";
import { FAKE_ANSWERS, startFakeLlmServer, type FakeLlmServer } from "#tests/support/fake-llm-server";
import { removeDataDir, startSiteServer, type SiteServer } from "#tests/support/site-server";

/*
 * The planner's AI assistant in a browser, on a site started with LLM_* pointing at a local chat-completions
 * server (never a real model): on a French planner page the answer streams in, in French, a suggestion is added to
 * the plan, and once the model's server is stopped the page says the assistant is unavailable while the plan
 * stays. axe finds nothing in the panel, light and dark, in French and in Arabic.
 */

const { openPage } = connectBrowser();
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const TIMEOUT_MS = 240_000;

let fake: FakeLlmServer;
let site: SiteServer;

beforeAll(async () => {
  // Slow enough that the page shows part of the answer before the rest arrives.
  fake = await startFakeLlmServer({ chunkDelayMs: 150 });
  site = await startSiteServer({
    env: { DEV_MAILBOX: "true", LLM_BASE_URL: fake.baseUrl, LLM_MODEL: "tiny-planner" },
    // A first start seeds the sample data; on a busy machine that takes a while.
    timeoutMs: 180_000,
  });
}, TIMEOUT_MS);
afterAll(async () => {
  await fake?.stop();
  await site?.stop();
  if (site) removeDataDir(site.dataDir);
});

/** A 150-person conference in Arlington about three months out, asked in `language`. */
function plannerPath(language: string): string {
  const date = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
  const query = new URLSearchParams({
    lang: language,
    eventType: "conference",
    attendance: "150",
    date,
    budget: "30000",
    setting: "indoor",
    language,
    area: "va",
    title: "Sommet des villes durables",
    description: "Une journée de conférences sur les villes durables, avec un déjeuner végétarien.",
  });
  return `/event-planning/planner?${query.toString()}`;
}

/** Browsers log a 503 answer as a console error; the panel's "unavailable" answer is one. */
const isExpected503 = (message: string) => message.includes("503");

describe("the planner's AI assistant", () => {
  it(
    "streams an answer in French for a French page, adds a valid suggestion to the plan, and says it is unavailable once the model is stopped while the plan stays",
    async () => {
      const page = await openPage({ baseURL: site.url, viewport: DESKTOP });
      await page.goto(plannerPath("fr"));
      await waitForHydration(page);
      const panel = page.getByRole("region", { name: "Assistant de planification" });
      await panel.getByRole("button", { name: "Rédiger une synthèse de mon événement" }).waitFor();

      await panel.getByLabel("Posez une question sur votre plan").fill("Que dois-je réserver en premier ?");
      await panel.getByRole("button", { name: "Demander" }).click();
      const answer = panel.getByTestId("assistant-answer").last();
      // Part of the answer is on the page before the model has finished writing it.
      await page.waitForFunction(
        () => (document.querySelector("[data-testid=assistant-answer]")?.textContent ?? "").length > 0,
      );
      const partial = (await answer.textContent()) ?? "";
      expect(partial.length).toBeGreaterThan(0);
      expect(partial.length).toBeLessThan(FAKE_ANSWERS.French!.length);
      expect(FAKE_ANSWERS.French!.startsWith(partial)).toBe(true);
      await page.waitForFunction(
        (full) => document.querySelector("[data-testid=assistant-answer]")?.textContent?.trim() === full,
        FAKE_ANSWERS.French,
      );
      const [asked] = fake.requests;
      expect(asked?.body.messages?.[0]?.content).toContain("Answer in French");
      expect(asked?.body.messages?.[0]?.content).toContain("Sommet des villes durables");
      expect(asked?.body.messages?.at(-1)).toEqual({ role: "user", content: "Que dois-je réserver en premier ?" });

      // The brief, with one valid suggestion and one the site must drop; the follow-up carries the first turn.
      const insurance = frPages.eventTypes.checklist["get-insurance"];
      const plan = page.getByRole("main");
      fake.behave({
        chunkDelayMs: 10,
        suffix:
          "\n```json\n" +
          JSON.stringify([
            { kind: "task", item: "get-insurance", phase: "venue-and-permits", owner: "organizer", daysBefore: 30 },
            {
              kind: "task",
              item: "<img src=x onerror=alert(1)>",
              phase: "foundations",
              owner: "organizer",
              daysBefore: 3,
            },
          ]) +
          "\n```",
      });
      await panel.getByRole("button", { name: "Rédiger une synthèse de mon événement" }).click();
      const suggestions = panel.getByRole("listitem");
      await suggestions.first().waitFor();
      expect(await suggestions.count()).toBe(1);
      await expect(suggestions.first().textContent()).resolves.toContain(insurance);
      expect(fake.requests[1]?.body.messages?.slice(1, 3).map((message) => message.role)).toEqual([
        "user",
        "assistant",
      ]);
      expect(await panel.getByText("```").count()).toBe(0);
      // The task is in the suggestion only, not yet in the plan.
      const insuranceBefore = await plan.getByText(insurance, { exact: false }).count();
      await suggestions.first().getByRole("button", { name: "Ajouter au plan" }).click();
      await suggestions.first().getByRole("button", { name: "Ajouté" }).waitFor();
      expect(await plan.getByText(insurance, { exact: false }).count()).toBeGreaterThan(insuranceBefore);
      expect(page.consoleErrors).toEqual([]);

      // The model's server goes away: the page says so, and the plan is still there.
      await fake.stop();
      await panel.getByLabel("Posez une question sur votre plan").fill("Et la sécurité ?");
      await panel.getByRole("button", { name: "Demander" }).click();
      await panel
        .getByRole("status")
        .filter({ hasText: "L’assistant est indisponible pour le moment ; votre plan fonctionne toujours." })
        .waitFor();
      expect(await plan.getByText(insurance, { exact: false }).count()).toBeGreaterThan(insuranceBefore);
      await expect(answer.textContent()).resolves.toContain("Bonjour");
      expect(page.consoleErrors.filter((message) => !isExpected503(message))).toEqual([]);
    },
    TIMEOUT_MS,
  );

  it.each([
    ["fr", DESKTOP],
    ["ar", PHONE],
  ] as const)(
    "has no axe violations in the panel in %s, light and dark, and nothing wider than the screen",
    async (language, viewport) => {
      await fake.stop();
      for (const colorScheme of ["light", "dark"] as const) {
        const page = await openPage({ baseURL: site.url, colorScheme, viewport });
        await page.goto(plannerPath(language));
        await waitForHydration(page);
        const ask = page.getByRole("button", { name: language === "ar" ? "اسأل" : "Demander" });
        await ask.waitFor();
        // With the model stopped the panel shows the question asked and the unavailable note.
        await page
          .getByRole("textbox", { name: language === "ar" ? "اسأل عن خطتك" : "Posez une question sur votre plan" })
          .fill("?");
        await ask.click();
        await page
          .getByRole("status")
          .filter({ hasText: language === "ar" ? "المساعد غير متاح" : "indisponible" })
          .waitFor();
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === "ar" ? "rtl" : "ltr");
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        await expectNoAxeViolations(page);
      }
    },
    TIMEOUT_MS,
  );
});
