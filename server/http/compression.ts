import { constants, createGzip } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import { addVary } from "#server/http/vary";

/** Below this a compressed answer is hardly smaller, and costs a zlib stream all the same. */
const MIN_COMPRESSED_BYTES = 1024;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/**
 * Gzip for every answer a browser can take it for, streamed pages included.
 *
 * Why not Hono's `compress()`: it pipes the body through the web `CompressionStream`, and when a visitor
 * goes away mid-answer the server cancels that stream, which in Node destroys its zlib stream with an
 * `AbortError` that nothing listens for: the process dies. Here the zlib stream always has an error
 * listener, and cancelling the answer stops the zlib stream and the page render behind it, quietly.
 */
export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const length = res.headers.get("Content-Length");
    if (
      !res.body ||
      c.req.method === "HEAD" ||
      res.status === 206 ||
      res.headers.has("Content-Encoding") ||
      (length !== null && Number(length) < MIN_COMPRESSED_BYTES) ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(res.headers.get("Content-Type") ?? "") ||
      NO_TRANSFORM.test(res.headers.get("Cache-Control") ?? "")
    ) {
      return;
    }
    // The answer depends on Accept-Encoding whether or not this client gets it compressed.
    addVary(res.headers, ["Accept-Encoding"]);
    if (!acceptsGzip(c.req.header("Accept-Encoding"))) return;
    // Hono copies the replaced answer's headers onto the new one, so they are changed after it is set.
    c.res = new Response(gzipStream(res.body), res);
    c.res.headers.delete("Content-Length");
    c.res.headers.set("Content-Encoding", "gzip");
    const etag = c.res.headers.get("ETag");
    if (etag && !etag.startsWith("W/")) c.res.headers.set("ETag", `W/${etag}`);
  };
}

/** Whether an Accept-Encoding header takes gzip (by name, or through `*`), honouring `q=0`. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let wildcardQuality = 0;
  for (const item of header.split(",")) {
    const [name = "", ...parameters] = item.split(";").map((part) => part.trim().toLowerCase());
    const qualityParameter = parameters.find((parameter) => parameter.startsWith("q="));
    const quality = qualityParameter ? Number(qualityParameter.slice(2)) : 1;
    if (name === "gzip" || name === "x-gzip") return quality > 0;
    if (name === "*") wildcardQuality = quality;
  }
  return wildcardQuality > 0;
}

/**
 * `source` gzipped, chunk by chunk: each chunk is flushed as it comes, so a streamed page's later parts
 * reach the browser as soon as they are rendered. Cancelling the result (the client went away) cancels
 * `source` and ends the zlib stream without an error anyone would have to catch.
 */
export function gzipStream(source: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  const gzip = createGzip();
  let isClosed = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      gzip.on("data", (chunk: Buffer) => {
        if (!isClosed) controller.enqueue(chunk);
      });
      gzip.on("end", () => {
        if (isClosed) return;
        isClosed = true;
        controller.close();
      });
      // Always listened to: an 'error' event on a stream nobody listens to ends the process.
      gzip.on("error", (error) => {
        if (isClosed) return;
        isClosed = true;
        controller.error(error);
      });
    },
    async pull() {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        gzip.destroy();
        throw error;
      }
      if (chunk.done) {
        gzip.end();
        // Resolves once the last bytes are out, so `pull` is not asked for more in between.
        await new Promise<void>((resolve) => gzip.once("close", resolve));
        return;
      }
      await new Promise<void>((resolve) => {
        // 'close' too: a cancel while this chunk is being compressed never calls the flush back.
        gzip.once("close", resolve);
        gzip.write(chunk.value);
        gzip.flush(constants.Z_SYNC_FLUSH, () => {
          gzip.off("close", resolve);
          resolve();
        });
      });
    },
    cancel(reason) {
      isClosed = true;
      gzip.destroy();
      return reader.cancel(reason);
    },
  });
}
