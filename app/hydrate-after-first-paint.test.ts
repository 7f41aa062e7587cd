import { describe, expect, it } from "vitest";
import { createFirstPaintRewriter } from "./hydrate-after-first-paint";

const HEAD =
  '<html><head><link rel="stylesheet" href="/assets/app.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n0nce"/>' +
  '<link rel="modulepreload" href="/assets/react-B.js" nonce="n0nce"/></head><body><main>Event</main>';
const SCRIPTS =
  '<script nonce="n0nce">window.__reactRouterContext = {};</script>' +
  '<script nonce="n0nce" type="module" async="">import * as route0 from "/assets/root-C.js";\nimport("/assets/entry.client-A.js");</script>' +
  '<script nonce="n0nce">window.__reactRouterContext.streamController.close();</script></body></html>';

function rewriteInChunks(html: string, size: number): string {
  const rewriter = createFirstPaintRewriter();
  let out = "";
  for (let start = 0; start < html.length; start += size) out += rewriter.push(html.slice(start, start + size));
  return out + rewriter.end();
}

describe("hydrating after the first paint", () => {
  it("takes the module preloads out of the head so the first paint does not wait for them", () => {
    const html = rewriteInChunks(HEAD + SCRIPTS, 10_000);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(html).toContain("<main>Event</main>");
  });

  it("parks the route modules script and adds a loader that starts it with the preloads after painting", () => {
    const html = rewriteInChunks(HEAD + SCRIPTS, 10_000);
    expect(html).toContain(
      '<script nonce="n0nce" type="text/x-route-modules">import * as route0 from "/assets/root-C.js";',
    );
    expect(html).not.toContain('type="module" async=""');
    const loader = /<\/script><script nonce="n0nce">(.*?)<\/script>/.exec(html.slice(html.indexOf("x-route-modules")));
    expect(loader?.[1]).toContain('["/assets/entry.client-A.js","/assets/react-B.js"]');
    expect(loader?.[1]).toContain("requestAnimationFrame");
    expect(html.endsWith("streamController.close();</script></body></html>")).toBe(true);
  });

  it("gives the same document whatever the chunk boundaries, even through a tag", () => {
    const whole = rewriteInChunks(HEAD + SCRIPTS, 10_000);
    for (const size of [1, 7, 31, 64]) expect(rewriteInChunks(HEAD + SCRIPTS, size)).toBe(whole);
  });

  it("leaves a document without route modules as it was", () => {
    const html = "<html><body><p>Error &lt;500&gt;</p></body></html>";
    expect(rewriteInChunks(html, 5)).toBe(html);
  });
});
