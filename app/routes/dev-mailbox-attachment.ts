import { data } from "react-router";
import { getMailboxAttachment } from "#server/services/mailbox";
import type { Route } from "./+types/dev-mailbox-attachment";

/**
 * Types served as themselves; anything else is sent as bytes to save. Never text/html or SVG: those
 * would run as a page of this site.
 */
const SERVED_TYPES = new Set([
  "text/calendar",
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "application/pdf",
]);

/** /dev/mailbox/:id/attachments/:index: a file sent with a delivered e-mail, as a download (404 where the mailbox is off). */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!context.config.mail.isDevMailboxOpen) throw data(null, { status: 404 });
  const id = /^[1-9][0-9]{0,9}$/.test(params.id) ? Number(params.id) : 0;
  const index = /^[0-9]{1,3}$/.test(params.index) ? Number(params.index) : -1;
  const attachment = await getMailboxAttachment(context.db, id, index);
  if (!attachment) throw data(null, { status: 404 });
  const mediaType = attachment.contentType.split(";")[0]!.trim().toLowerCase();
  const filename = attachment.filename.replace(/[^\w.-]/g, "_");
  return new Response(new Uint8Array(attachment.content), {
    headers: {
      "Content-Type": SERVED_TYPES.has(mediaType) ? attachment.contentType : "application/octet-stream",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Content-Length": String(attachment.content.length),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
    },
  });
}
