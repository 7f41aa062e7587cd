import { data, redirect } from "react-router";
import { sameSitePath } from "#domain/next-path";
import { requireViewer } from "#app/require-viewer";
import { currentTime } from "#server/clock";
import { readSmallForm } from "#server/http/read-form";
import { markBadgesSeen } from "#server/services/badge-notices";
import type { Route } from "./+types/badge-notice";

/** Only the badge notice's Dismiss posts here; there is no page to show. */
export function loader() {
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}

/** The badges the notice showed count as seen; back to the page it was on, without the notice. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const form = await readSmallForm(request);
  if (form === "too_large") return data({ ok: false }, { status: 413 });
  const badges = (form?.getAll("badge") ?? []).filter((badge): badge is string => typeof badge === "string");
  await markBadgesSeen(context.db, viewer, badges.slice(0, 20), currentTime());
  return redirect(sameSitePath(form?.get("next"), "/dashboard"));
}
