import { create, toBuffer, type QRCodeToBufferOptions } from "qrcode";
import { formatTicketCode } from "#domain/ticket-code";

/**
 * Error correction M (15% of the symbol may be lost): a phone screen with a crack or glare, or a
 * creased printout, still scans, and the 20-character code stays a small version-1 symbol (21×21).
 */
const ERROR_CORRECTION = "M";
/** The blank border scanners need to find the symbol: four modules, as the QR standard asks. */
const QUIET_ZONE = 4;
/** Pixels per module in the PNG for e-mails: a 29-module symbol becomes 232 px, sharp on any screen. */
const PNG_SCALE = 8;

/**
 * A ticket's code as an accessible SVG: black modules on a white square (scanners need that contrast,
 * in a dark theme too), with role="img" and a title naming the code, so a screen reader says what the
 * picture holds. The SVG is written here from the symbol's modules, never from outside text but the
 * code (escaped anyway), which is why pages may insert it as HTML. It scales to its box: no width.
 */
export async function ticketQrSvg(code: string): Promise<string> {
  const { modules } = create(code, { errorCorrectionLevel: ERROR_CORRECTION });
  const size = modules.size + 2 * QUIET_ZONE;
  // One path of 1×1 squares, row by row, joining runs of dark modules: a few hundred bytes.
  let path = "";
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (!modules.get(row, column)) continue;
      let run = 1;
      while (column + run < modules.size && modules.get(row, column + run)) run++;
      path += `M${column + QUIET_ZONE} ${row + QUIET_ZONE}h${run}v1h-${run}z`;
      column += run - 1;
    }
  }
  const label = escapeXml(`Ticket code ${formatTicketCode(code)}`);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" role="img" aria-label="${label}" shape-rendering="crispEdges">` +
    `<title>${label}</title>` +
    `<rect width="${size}" height="${size}" fill="#ffffff"/>` +
    `<path fill="#000000" d="${path}"/>` +
    `</svg>`
  );
}

/** The same symbol as a PNG, for e-mails: mail programs show attached images, not SVG. */
export async function ticketQrPng(code: string): Promise<Buffer> {
  return toBuffer(code, {
    type: "png",
    errorCorrectionLevel: ERROR_CORRECTION,
    margin: QUIET_ZONE,
    scale: PNG_SCALE,
    color: { dark: "#000000ff", light: "#ffffffff" },
    // Each row of modules repeats PNG_SCALE times, so the "Up" filter alone compresses it well (4 KB):
    // trying all five filters per row, pngjs's default, made a 1.6 KB image at 2.5 times the CPU, and
    // a sale of a popular event renders one per ticket. qrcode hands rendererOpts to pngjs whole; its
    // types list only the deflate settings.
    rendererOpts: { filterType: 2 } as QRCodeToBufferOptions["rendererOpts"],
  });
}

function escapeXml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}
