import { hasUnstorableText } from "#domain/text";

/**
 * A request's body, read only up to `maxBytes` (by its Content-Length or as it streams in): "too_large"
 * for a bigger one, null when there is none.
 */
export async function readBodyWithin(request: Request, maxBytes: number): Promise<Buffer<ArrayBuffer> | "too_large" | null> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > maxBytes) return "too_large";
  if (!request.body) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return "too_large";
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * A request's form body, read only up to `maxBytes`: request.formData() would hold any size in memory.
 * "too_large" when the body is bigger (by its Content-Length or as it streams in), null when it is
 * not a form at all or has a field no database can store (domain/text.ts): the client's
 * mistake either way.
 */
export async function readFormWithin(request: Request, maxBytes: number): Promise<FormData | "too_large" | null> {
  const body = await readBodyWithin(request, maxBytes);
  if (body === "too_large" || body === null) return body;
  const copy = new Request(request.url, {
    method: "POST",
    headers: { "Content-Type": request.headers.get("Content-Type") ?? "" },
    body,
  });
  const form = await copy.formData().catch(() => null);
  // A field no database could store is refused like a body that is no form; files are bytes, and may
  // hold anything.
  const fieldTexts = form
    ? [...form.entries()].flatMap(([name, value]) => [name, typeof value === "string" ? value : ""])
    : [];
  return hasUnstorableText(fieldTexts) ? null : form;
}

/**
 * The most a form of short fields (account forms, preferences, interests) may send: far more than
 * any of them needs, far less than would let a client fill the server's memory. The dashboard's
 * profile form, which carries a picture, has its own larger limit.
 */
export const SMALL_FORM_BYTES = 16 * 1024;

/**
 * A short form's fields, read only up to SMALL_FORM_BYTES: "too_large" for a bigger body (answer 413
 * and change nothing), null when the body is not a form at all.
 */
export function readSmallForm(request: Request): Promise<FormData | "too_large" | null> {
  return readFormWithin(request, SMALL_FORM_BYTES);
}
