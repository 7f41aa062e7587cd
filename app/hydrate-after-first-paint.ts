import { Transform } from "node:stream";

/**
 * Server-rendered pages work before JavaScript arrives (forms post, links navigate), so the browser's
 * first job is to paint them. React Router's <Scripts> asks for the route modules at once: module
 * preloads in <head> and an inline module script, about twenty files (~150 KB) that compete with the
 * stylesheet, the fonts and the main picture for a slow connection and hold back the first paint.
 *
 * This rewrites the streamed HTML so those requests start after the first frame is painted: the
 * `modulepreload` links are taken out of <head>, and the inline module script is parked as an inert
 * `<script type="text/x-route-modules">`; a short inline loader after it runs the parked script once
 * the page has painted (at once in a hidden tab, which paints nothing), and re-adds the preloads in a
 * task of its own: some twenty links take a phone tens of milliseconds, which would otherwise block
 * input in one long task together with the script's start.
 * The loader removes itself and the parked script is swapped for a real one, so hydration finds the
 * elements <Scripts> rendered. Should React Router ever render these tags differently, the rewrite
 * finds nothing to park and the page loads as before.
 */
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const ROUTE_MODULES_SCRIPT = /<script nonce="([^"]*)" type="module" async="">/;
const PARKED_TYPE = "text/x-route-modules";

function loaderScript(nonce: string, preloads: string[]): string {
  const code =
    `(function(){var hrefs=${JSON.stringify(preloads).replaceAll("<", "\\u003c")};` +
    `var self=document.currentScript;var parked=self.previousElementSibling;self.remove();var started=false;` +
    `function start(){if(started)return;started=true;` +
    `var script=document.createElement("script");script.type="module";script.async=true;script.nonce=parked.nonce;` +
    `script.textContent=parked.textContent;parked.replaceWith(script);` +
    `setTimeout(function(){hrefs.forEach(function(href){var link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.appendChild(link);});},0);}` +
    `if(document.visibilityState==="hidden"){start();}else{requestAnimationFrame(function(){setTimeout(start,0);});}})();`;
  return `<script nonce="${nonce}">${code}</script>`;
}

/** The stateful rewrite of one document, fed its HTML in order, chunk by chunk. */
export function createFirstPaintRewriter() {
  const preloads: string[] = [];
  let pending = "";
  let parkedNonce: string | null = null;
  let isDone = false;

  /** Rewrites what can be rewritten now; keeps back a tail that may be the start of a split tag. */
  function push(chunk: string, isLast = false): string {
    if (isDone) return chunk;
    let text = pending + chunk;
    text = text.replace(MODULE_PRELOAD, (_tag, href: string) => {
      preloads.push(href);
      return "";
    });
    if (parkedNonce === null) {
      const match = ROUTE_MODULES_SCRIPT.exec(text);
      if (match) {
        parkedNonce = match[1]!;
        text = text.replace(ROUTE_MODULES_SCRIPT, `<script nonce="${parkedNonce}" type="${PARKED_TYPE}">`);
      }
    }
    if (parkedNonce !== null) {
      const close = text.indexOf("</script>", text.indexOf(PARKED_TYPE));
      if (close !== -1) {
        const end = close + "</script>".length;
        isDone = true;
        pending = "";
        return text.slice(0, end) + loaderScript(parkedNonce, preloads) + text.slice(end);
      }
    }
    if (isLast) {
      pending = "";
      return text;
    }
    // A tag cut by the chunk boundary waits for the next chunk.
    const lastTagStart = text.lastIndexOf("<");
    const keep = lastTagStart !== -1 && text.indexOf(">", lastTagStart) === -1 ? text.length - lastTagStart : 0;
    const parkedOpen = parkedNonce !== null;
    // While the parked script is open, hold everything back until its end tag arrives.
    const cut = parkedOpen ? 0 : text.length - keep;
    pending = text.slice(cut);
    return text.slice(0, cut);
  }

  return { push, end: () => push("", true) };
}

/** The rewrite as a Node stream between React's renderer and the response body. */
export function hydrateAfterFirstPaint(): Transform {
  const rewriter = createFirstPaintRewriter();
  const decoder = new TextDecoder();
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      callback(null, rewriter.push(decoder.decode(chunk, { stream: true })));
    },
    flush(callback) {
      callback(null, rewriter.push(decoder.decode(), true));
    },
  });
}
