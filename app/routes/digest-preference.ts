import { data, redirect } from "react-router";
import { readSmallForm } from "#server/http/read-form";
import { requireViewer } from "#app/require-viewer";
import { setReceivesDigest } from "#server/services/newsletter";
import type { Route } from "./+types/digest-preference";

/** Only the dashboard's form posts here; there is no page to show. */
export function loader() {
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}

/** Turns the signed-in person's weekly digest on or off, then back to the dashboard. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const form = await readSmallForm(request);
  if (form === "too_large") return data({ ok: false }, { status: 413 });
  const value = form?.get("receivesDigest");
  if (value !== "true" && value !== "false") return data({ ok: false }, { status: 400 });
  await setReceivesDigest(context.db, viewer, value === "true");
  return redirect("/dashboard#digest-preference-title");
}
