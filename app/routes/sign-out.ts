import { data, redirect } from "react-router";
import { flashCookie } from "#app/flash";
import { signOut } from "#server/auth/sessions";
import { clearedSessionCookie } from "#server/http/session-cookie";
import type { Route } from "./+types/sign-out";

/** Only the Log out form posts here; a link must never sign anyone out. */
export function loader() {
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}

/**
 * Ends this browser's session on the server (other devices stay signed in) and clears the cookie,
 * then goes home with 'Signed out successfully' (spec §4). A failure to end it on the server is only
 * logged (spec §8): the person is signed out here either way.
 */
export async function action({ context }: Route.ActionArgs) {
  const { viewer, db, config } = context;
  if (viewer) {
    try {
      await signOut(db, { sessionId: viewer.sessionId, userId: viewer.userId }, "local");
    } catch (error) {
      console.error("Failed to sign out", error);
    }
  }
  const headers = new Headers();
  headers.append("Set-Cookie", clearedSessionCookie(config));
  headers.append("Set-Cookie", flashCookie("signedOut"));
  return redirect("/", { headers });
}
