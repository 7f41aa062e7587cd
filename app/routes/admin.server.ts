import { data, type AppLoadContext } from "react-router";
import { pageMessages } from "#app/i18n/page-messages.server";
import type { PageNamespace } from "#app/i18n/messages";
import { negotiateLanguage } from "#app/i18n/preferences";
import type { Viewer } from "#server/http/app-env";

/** Console pages show people's data and staff tools: never kept by any cache. */
export const ADMIN_PAGE_HEADERS = { "Cache-Control": "private, no-store" };

/**
 * The staff member asking for a console page or action. Everyone else, signed in or not, gets the
 * site's 404: the console does not tell strangers that it exists. Every console loader and action
 * calls it itself, since child loaders run beside the layout's, not after it.
 */
export async function requireStaffViewer(_request: Request, context: AppLoadContext): Promise<Viewer> {
  const { viewer } = context;
  // viewer.isStaff is read from the database on this very request (server/http/viewer.ts).
  if (!viewer?.isStaff) throw data(null, { status: 404, headers: ADMIN_PAGE_HEADERS });
  return Promise.resolve(viewer);
}

/** The console's words (the `admin` page namespace, and any `more` a page needs), for a console page's loader data. */
export function adminPageMessages(request: Request, more: readonly PageNamespace[] = []) {
  return pageMessages(negotiateLanguage(request), ["admin", ...more]);
}
