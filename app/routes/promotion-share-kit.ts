import { data } from "react-router";
import { renderShareKitImage } from "#server/services/share-kit";
import type { Route } from "./+types/promotion-share-kit";

/**
 * /promote/:campaignId/share-kit.png: the campaign's Open Graph picture, for its organizer to download
 * and post. Only a paid campaign with the social type has one; anyone else, signed out included, gets
 * the same 404 as for a campaign that does not exist.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const viewer = context.viewer;
  const png = viewer
    ? await renderShareKitImage(context.db, { userId: viewer.userId }, params.campaignId, context.config.uploadsDir)
    : null;
  if (!png) throw data(null, { status: 404 });
  return new Response(new Uint8Array(png), {
    headers: {
      "Content-Type": "image/png",
      "Content-Length": String(png.length),
      "Content-Disposition": `attachment; filename="share-kit-${params.campaignId.slice(0, 8)}.png"`,
      "Cache-Control": "private, no-store",
    },
  });
}
