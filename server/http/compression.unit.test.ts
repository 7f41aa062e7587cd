import { constants, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { acceptsGzip, compression, gzipStream } from "./compression";

function slowSource(chunks: string[], onCancel?: (reason: unknown) => void): ReadableStream<Uint8Array> {
  let index = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (index === chunks.length) return controller.close();
      controller.enqueue(new TextEncoder().encode(chunks[index++]));
    },
    cancel: onCancel,
  });
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(stream).arrayBuffer());
}

describe("acceptsGzip", () => {
  it.each([
    ["gzip, deflate, br", true],
    ["br;q=1.0, gzip;q=0.8", true],
    ["GZIP", true],
    ["*", true],
    ["gzip;q=0", false],
    ["gzip;q=0, *", false],
    ["br, *;q=0", false],
    ["identity", false],
    [undefined, false],
    ["", false],
  ])("%s → %s", (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});

describe("gzipStream", () => {
  it("gives back exactly what went in, once unzipped", async () => {
    const chunks = Array.from({ length: 20 }, (_, index) => `<p>part ${index} ${"é".repeat(index * 50)}</p>`);
    const zipped = await readAll(gzipStream(slowSource(chunks)));
    expect(gunzipSync(zipped).toString()).toBe(chunks.join(""));
  });

  it("hands each chunk on as soon as it is compressed, so a streamed page arrives in parts", async () => {
    // The rest of the page is still being rendered: the source gives its first part, then waits.
    let finishPage = () => {};
    const pageRest = new Promise<void>((resolve) => (finishPage = resolve));
    const source = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("<html><body>shell</body>"));
      },
      async pull(controller) {
        await pageRest;
        controller.enqueue(new TextEncoder().encode("<p>later</p></html>"));
        controller.close();
      },
    });
    const reader = gzipStream(source).getReader();
    const received: Uint8Array[] = [];
    const unzippedSoFar = () => gunzipSync(Buffer.concat(received), { finishFlush: constants.Z_SYNC_FLUSH }).toString();
    while (unzippedSoFar() !== "<html><body>shell</body>") received.push((await reader.read()).value!);
    finishPage();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) received.push(chunk.value);
    expect(gunzipSync(Buffer.concat(received)).toString()).toBe("<html><body>shell</body><p>later</p></html>");
  });

  it("stops the source, quietly, when the reader goes away mid-stream", async () => {
    let sourceCancelled = false;
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", onUncaught);
    try {
      const reader = gzipStream(
        slowSource(
          Array.from({ length: 1000 }, () => "x".repeat(4096)),
          () => (sourceCancelled = true),
        ),
      ).getReader();
      await reader.read();
      await reader.read();
      await reader.cancel(new Error("the client went away"));
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      process.off("uncaughtException", onUncaught);
    }
    expect(sourceCancelled).toBe(true);
    expect(uncaught).toEqual([]);
  });
});

describe("compression middleware", () => {
  const page = "<!doctype html>" + "<p>Jazz Nights at the Wharf</p>".repeat(100);
  const app = new Hono();
  app.use(compression());
  app.get("/page", (c) => c.html(page));
  app.get("/small", (c) => c.body("<p>hi</p>", 200, { "Content-Type": "text/html", "Content-Length": "9" }));
  app.get("/file", (c) =>
    c.body(page, 200, { "Content-Type": "text/javascript", "Content-Length": String(page.length), ETag: '"v1"' }),
  );
  app.get("/picture", (c) => c.body(new Uint8Array(4096), 200, { "Content-Type": "image/webp" }));

  it("gzips a page for a client that takes gzip, and says the answer varies with Accept-Encoding", async () => {
    const response = await app.request("/page", { headers: { "Accept-Encoding": "gzip, br" } });
    expect(response.headers.get("Content-Encoding")).toBe("gzip");
    expect(response.headers.get("Vary")).toContain("Accept-Encoding");
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(page);
  });

  it("drops a file's Content-Length, which gives the uncompressed size, and weakens its ETag", async () => {
    const response = await app.request("/file", { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers.get("Content-Encoding")).toBe("gzip");
    expect(response.headers.get("Content-Length")).toBeNull();
    expect(response.headers.get("ETag")).toBe('W/"v1"');
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(page);
  });

  it("leaves the answer as it is for clients without gzip, small answers and pictures", async () => {
    const plain = await app.request("/page");
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(plain.headers.get("Vary")).toContain("Accept-Encoding");
    expect(await plain.text()).toBe(page);
    const small = await app.request("/small", { headers: { "Accept-Encoding": "gzip" } });
    expect(small.headers.get("Content-Encoding")).toBeNull();
    const picture = await app.request("/picture", { headers: { "Accept-Encoding": "gzip" } });
    expect(picture.headers.get("Content-Encoding")).toBeNull();
  });
});
