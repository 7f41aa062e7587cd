import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

/**
 * A map tile server on 127.0.0.1 for browser tests: every /{z}/{x}/{y}.png answers the same plain
 * 256-pixel tile, so maps draw their background without the internet.
 */
export async function startTileServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const tile = await sharp({ create: { width: 256, height: 256, channels: 3, background: "#e6efe3" } })
    .png()
    .toBuffer();
  const server = createServer((request, response) => {
    if (!/^\/\d+\/\d+\/\d+\.png$/.test(request.url ?? "")) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "Content-Type": "image/png", "Cache-Control": "max-age=3600" }).end(tile);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
