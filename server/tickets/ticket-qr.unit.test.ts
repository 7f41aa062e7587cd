import jsQR from "jsqr";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { TICKET_CODE_ALPHABET, TICKET_CODE_LENGTH } from "#domain/ticket-code";
import { ticketQrPng, ticketQrSvg } from "./ticket-qr";

/** What a phone's scanner reads from a picture: decoded from its pixels, as a camera would see them. */
async function scan(image: Buffer | string, width?: number): Promise<string | null> {
  const picture = sharp(typeof image === "string" ? Buffer.from(image) : image, { density: 300 });
  const { data, info } = await (width ? picture.resize({ width }) : picture)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

function randomCode(): string {
  return Array.from({ length: TICKET_CODE_LENGTH }, () =>
    TICKET_CODE_ALPHABET.charAt(Math.floor(Math.random() * TICKET_CODE_ALPHABET.length)),
  ).join("");
}

describe("a ticket's QR code", () => {
  it("is an SVG that scans back to the bare code, whatever the code", async () => {
    for (const code of ["0123456789ABCDEFGHJK", "ZZZZZZZZZZZZZZZZZZZZ", randomCode(), randomCode()]) {
      expect(await scan(await ticketQrSvg(code), 400)).toBe(code);
    }
  });

  it("is a PNG for e-mails that scans back to the same code", async () => {
    const code = randomCode();
    const png = await ticketQrPng(code);
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect(await scan(png)).toBe(code);
    // Version 1 (21 modules) with a 4-module quiet zone on each side, 8 pixels a module.
    expect((await sharp(png).metadata()).width).toBe((21 + 8) * 8);
  });

  it("names the code it holds for screen readers, grouped as people read it", async () => {
    const svg = await ticketQrSvg("0123456789ABCDEFGHJK");
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 29 29" role="img"/);
    expect(svg).toContain('aria-label="Ticket code 01234-56789-ABCDE-FGHJK"');
    expect(svg).toContain("<title>Ticket code 01234-56789-ABCDE-FGHJK</title>");
  });

  it("is black on a white square with the quiet zone, so it scans in a dark theme too", async () => {
    const svg = await ticketQrSvg(randomCode());
    expect(svg).toContain('<rect width="29" height="29" fill="#ffffff"/>');
    expect(svg).toContain('<path fill="#000000" d="M4 4h7v1h-7z');
    // Nothing but the symbol: no script, no style, no link out, no fixed size to overflow a small screen.
    expect(svg).not.toMatch(/<script|<style|href|width="\d+px"|on\w+=/);
  });
});
