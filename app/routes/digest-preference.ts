import { data, redirect } from "react-router";
import { EMAIL_SETTINGS_PATH } from "#domain/notification-link";
import { readSmallForm } from "#server/http/read-form";
import { requireViewer } from "#app/require-viewer";
import { setReceivesDigest } from "#server/services/newsletter";
import type { Route } from "./+types/digest-preference";

/** Forms of earlier pages post here; the e-mail settings page (email-settings.tsx) has the switch now. */
export function loader() {
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}

/** Turns the signed-in person's weekly digest on or off, then to their e-mail settings. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const form = await readSmallForm(request);
  if (form === "too_large") return data({ ok: false }, { status: 413 });
  const value = form?.get("receivesDigest");
  if (value !== "true" && value !== "false") return data({ ok: false }, { status: 400 });
  await setReceivesDigest(context.db, viewer, value === "true");
  return redirect(EMAIL_SETTINGS_PATH);
}
