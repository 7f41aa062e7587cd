import { redirect } from "react-router";
import type { Route } from "./+types/organizer";

/**
 * /organizers/{id} was the organizer's own page; the public profile (/users/{id}) now shows all of it
 * (issue 19), so old links, bookmarks and search results land there for good (301: moved for good).
 */
export function loader({ params, request }: Route.LoaderArgs) {
  const { search } = new URL(request.url);
  return redirect(`/users/${encodeURIComponent(params.id)}${search}`, 301);
}
