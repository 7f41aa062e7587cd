import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from "react-router";
import { LANGUAGES } from "#domain/language";
import { loadMessages } from "#app/i18n/messages";
import { NonceContext } from "#app/components/nonce";
import { hydrateAfterFirstPaint } from "#app/hydrate-after-first-paint";

export const streamTimeout = 5_000;

// Every language's messages stay in memory on the server; loading them is a one-time cost.
const messagesReady = Promise.all(LANGUAGES.map((language) => loadMessages(language)));

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  await messagesReady;
  const nonce = loadContext.cspNonce;
  // Crawlers and no-JS clients get the whole document at once; browsers get it streamed.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          // The page paints first, then loads its modules (see hydrate-after-first-paint.ts).
          const html = body.pipe(hydrateAfterFirstPaint());
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(html), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          // The visitor went away and the render was stopped for it (below): nothing went wrong here.
          if (request.signal.aborted) return;
          responseStatusCode = 500;
          // Errors after the shell are reported to the error boundary; log them so they are not lost.
          if (shellRendered) logError(loadContext, error);
        },
      },
    );
    // Stop rendering for a visitor who went away, rather than finishing a page nobody will read.
    request.signal.addEventListener("abort", () => abort(request.signal.reason), { once: true });
    setTimeout(abort, streamTimeout + 1_000);
  });
}

/**
 * A loader's or action's unexpected error (not the 404s and 400s they answer on purpose), logged once
 * through the server's logger, which keeps a failed query's values out of the log. A visitor who went
 * away is no error of ours.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  logError(context, error);
};

function logError(context: AppLoadContext, error: unknown) {
  if (context.logError) context.logError(error);
  else console.error(error);
}
