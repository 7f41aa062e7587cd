import { data, redirect } from "react-router";
import { preferencesSchema } from "#domain/preferences";
import { LANGUAGE_COOKIE, preferenceCookie, THEME_COOKIE } from "#app/i18n/preferences";
import { readSmallForm } from "#server/http/read-form";
import type { Route } from "./+types/preferences";

/** Only forms post here; there is no page to show. */
export function loader() {
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}

/** Stores the interface language and theme in cookies so the server renders them. */
export async function action({ request }: Route.ActionArgs) {
  // A body that is not a form (broken multipart, JSON) is the client's mistake: 400, nothing stored.
  const form = await readSmallForm(request);
  if (form === "too_large") return data({ ok: false }, { status: 413 });
  const parsed = preferencesSchema.safeParse(form ? Object.fromEntries(form) : null);
  if (!parsed.success) return data({ ok: false }, { status: 400 });
  const { language, theme, redirectTo } = parsed.data;
  const headers = new Headers();
  if (language) headers.append("Set-Cookie", preferenceCookie(LANGUAGE_COOKIE, language));
  if (theme) headers.append("Set-Cookie", preferenceCookie(THEME_COOKIE, theme));
  if (redirectTo) {
    // A `?lang=` in the page we return to would override the choice just made.
    const target = new URL(redirectTo, "http://localhost");
    target.searchParams.delete("lang");
    return redirect(target.pathname + target.search, { headers });
  }
  return data({ ok: true }, { headers });
}
