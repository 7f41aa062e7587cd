import { describe, expect, it } from "vitest";
import { readFormWithin } from "./read-form";

function post(body: BodyInit, headers: Record<string, string> = {}) {
  return new Request("http://localhost/dashboard", { method: "POST", body, headers });
}

/** A body that does not say its length, as a chunked upload does. */
function streamed(bytes: number) {
  const chunk = new Uint8Array(1024);
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return new Request("http://localhost/dashboard", {
    method: "POST",
    body: stream,
    headers: { "Content-Type": "multipart/form-data; boundary=x" },
    duplex: "half",
  } as RequestInit);
}

describe("reading a form within a size", () => {
  it("reads forms, files included, up to the size", async () => {
    const form = new FormData();
    form.set("name", "Hirut");
    form.set("picture", new File([new Uint8Array(2000)], "me.jpg", { type: "image/jpeg" }));
    const read = await readFormWithin(post(form), 10_000);
    expect(read).toBeInstanceOf(FormData);
    const fields = read as FormData;
    expect(fields.get("name")).toBe("Hirut");
    expect((fields.get("picture") as File).size).toBe(2000);
  });

  it("stops at the size, whether the body declares its length or not", async () => {
    const form = new FormData();
    form.set("picture", new File([new Uint8Array(20_000)], "big.jpg", { type: "image/jpeg" }));
    expect(await readFormWithin(post(form), 10_000)).toBe("too_large");
    expect(await readFormWithin(streamed(50_000), 10_000)).toBe("too_large");
  });

  it("gives null for a body that is not a form", async () => {
    expect(await readFormWithin(post('{"name":"Hirut"}', { "Content-Type": "application/json" }), 10_000)).toBeNull();
    expect(await readFormWithin(new Request("http://localhost/", { method: "POST" }), 10_000)).toBeNull();
  });
});
