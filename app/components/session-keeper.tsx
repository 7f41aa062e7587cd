import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { useRootData } from "#app/root-data";

/** Spec §4: the client checks every 30 s; the server says when a renewal is due (90 s before expiry). */
const CHECK_EVERY_MS = 30_000;
/** Spec §9: retry backoff 200 ms × 2ⁿ, within 30 s. */
const FIRST_RETRY_MS = 200;
const MAX_RETRY_MS = 30_000;

/**
 * Keeps a web session alive while the page is open: shortly before the access token ends it asks the
 * server (`POST /session/refresh`), which renews the tokens in the cookie. The tokens never reach
 * this script (the cookie is HttpOnly); it only learns when to ask again. A refusal (401: the session
 * was revoked or expired) reloads the page's data, which then shows the person signed out; a network
 * or server failure is retried with backoff. Checked on a 30 s tick and when the tab comes back, since
 * timers sleep in background tabs.
 */
export function SessionKeeper() {
  const { viewer } = useRootData();
  const refreshInSeconds = viewer?.refreshInSeconds ?? null;
  // Stable for the router's life, so the schedule is not restarted on every render.
  const { revalidate } = useRevalidator();

  useEffect(() => {
    if (refreshInSeconds === null) return;
    let dueAt = Date.now() + refreshInSeconds * 1000;
    let failures = 0;
    let isBusy = false;
    let isStopped = false;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;

    const retryLater = () => {
      failures += 1;
      dueAt = Date.now() + Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** failures);
      retryTimer = setTimeout(check, dueAt - Date.now());
    };

    async function check() {
      if (isBusy || isStopped || Date.now() < dueAt) return;
      isBusy = true;
      try {
        const response = await fetch("/session/refresh", {
          method: "POST",
          credentials: "same-origin",
          headers: { Accept: "application/json" },
        });
        if (response.ok) {
          const body = (await response.json()) as { refreshInSeconds: number };
          dueAt = Date.now() + body.refreshInSeconds * 1000;
          failures = 0;
        } else if (response.status === 401 || response.status === 403) {
          isStopped = true;
          void revalidate();
        } else {
          retryLater();
        }
      } catch {
        retryLater();
      } finally {
        isBusy = false;
      }
    }

    const onVisible = () => document.visibilityState === "visible" && void check();
    const tick = setInterval(() => void check(), CHECK_EVERY_MS);
    const due = setTimeout(() => void check(), Math.max(0, dueAt - Date.now()));
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      isStopped = true;
      clearInterval(tick);
      clearTimeout(due);
      clearTimeout(retryTimer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [refreshInSeconds, revalidate]);

  return null;
}
