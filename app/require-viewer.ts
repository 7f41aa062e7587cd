import { redirect, type AppLoadContext } from "react-router";
import type { Viewer } from "#server/http/app-env";

/**
 * The signed-in person for a page that needs an account; visitors are sent to /signin, which brings
 * them back here (`next`) after signing in.
 */
export function requireViewer(request: Request, context: AppLoadContext): Viewer {
  if (context.viewer) return context.viewer;
  const url = new URL(request.url);
  throw redirect(`/signin?next=${encodeURIComponent(url.pathname + url.search)}`);
}
