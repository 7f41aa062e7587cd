import { blogFeedResponse } from "./blog-feed.server";
import type { Route } from "./+types/blog-rss";

/** /blog/rss.xml: the blog as RSS 2.0 (blog-feed.server.ts). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return blogFeedResponse(request, context.db, context.config.publicUrl, "rss");
}
