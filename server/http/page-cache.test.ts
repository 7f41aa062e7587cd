import { describe, expect, it } from "vitest";
import type { PageContext } from "#server/app";
import { cachePages, PAGE_CACHE_TTL_MS } from "./page-cache";

function context(nonce: string): PageContext {
  return { cspNonce: nonce } as PageContext;
}

/** A page renderer that counts its renders and writes its nonce into the page, as the real one does. */
function countingRenderer(
  response: (nonce: string) => { status?: number; headers?: Record<string, string> } = () => ({}),
) {
  const state = { renders: 0 };
  const render = async (_request: Request, { cspNonce }: PageContext) => {
    state.renders += 1;
    const { status = 200, headers = { "Content-Type": "text/html; charset=utf-8" } } = response(cspNonce);
    return new Response(`<script nonce="${cspNonce}">render ${state.renders}</script>`, { status, headers });
  };
  return { state, render };
}

describe("the page cache", () => {
  it("reuses a page for a few seconds, with each request's own script nonce", async () => {
    let now = 0;
    const { state, render } = countingRenderer();
    const cached = cachePages(render, () => now);
    const first = await cached(new Request("http://site/"), context("AAA"));
    const second = await cached(new Request("http://site/"), context("BBB"));
    expect(await first.text()).toBe('<script nonce="AAA">render 1</script>');
    expect(await second.text()).toBe('<script nonce="BBB">render 1</script>');
    now = PAGE_CACHE_TTL_MS;
    expect(await (await cached(new Request("http://site/"), context("CCC"))).text()).toBe(
      '<script nonce="CCC">render 2</script>',
    );
    expect(state.renders).toBe(2);
  });

  it("keeps pages apart by address, cookies and language preference", async () => {
    const { state, render } = countingRenderer();
    const cached = cachePages(render, () => 0);
    await cached(new Request("http://site/"), context("A"));
    await cached(new Request("http://site/?lang=fr"), context("A"));
    await cached(new Request("http://site/", { headers: { Cookie: "lang=ar" } }), context("A"));
    await cached(new Request("http://site/", { headers: { "Accept-Language": "am" } }), context("A"));
    expect(state.renders).toBe(4);
  });

  it("shares one render among visitors asking at the same moment", async () => {
    const { state, render } = countingRenderer();
    const cached = cachePages(render, () => 0);
    const bodies = await Promise.all(
      ["N1", "N2", "N3"].map(async (nonce) => (await cached(new Request("http://site/x"), context(nonce))).text()),
    );
    expect(state.renders).toBe(1);
    expect(bodies).toEqual([
      '<script nonce="N1">render 1</script>',
      '<script nonce="N2">render 1</script>',
      '<script nonce="N3">render 1</script>',
    ]);
  });

  it("never keeps errors, pages that set cookies, or anything but GET", async () => {
    for (const response of [
      () => ({ status: 404 }),
      () => ({ headers: { "Content-Type": "text/html", "Set-Cookie": "lang=fr" } }),
      () => ({ headers: { "Content-Type": "application/json" } }),
    ]) {
      const { state, render } = countingRenderer(response);
      const cached = cachePages(render, () => 0);
      await cached(new Request("http://site/"), context("A"));
      await cached(new Request("http://site/"), context("B"));
      expect(state.renders).toBe(2);
    }
    const { state, render } = countingRenderer();
    const cached = cachePages(render, () => 0);
    await cached(new Request("http://site/", { method: "POST" }), context("A"));
    await cached(new Request("http://site/", { method: "POST" }), context("A"));
    expect(state.renders).toBe(2);
  });
});
