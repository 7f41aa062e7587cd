import { blogFeedResponse } from "./blog-feed.server";
import type { Route } from "./+types/blog-atom";

/** /blog/atom.xml: the blog as Atom 1.0 (blog-feed.server.ts). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return blogFeedResponse(request, context.db, context.config.publicUrl, "atom");
}
