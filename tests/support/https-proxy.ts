import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request as httpRequest, type OutgoingHttpHeaders } from "node:http";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A TLS-terminating reverse proxy, as a production site sits behind: browsers speak HTTPS to it, it
 * speaks plain HTTP to the site and says what it saw in X-Forwarded-Proto, -Host and -For (set, not
 * passed on from the client, as a proxy one trusts does). Its certificate is made at start with the
 * `openssl` command line and trusted by nobody: browsers connect with certificate errors ignored.
 */
export interface HttpsProxy {
  /** `https://127.0.0.1:<port>`: the site's public address. */
  url: string;
  close: () => Promise<void>;
}

/** Listens on `port` (0: any free one) and forwards every request to `target` (`http://127.0.0.1:<port>`). */
export async function startHttpsProxy({ target, port = 0 }: { target: string; port?: number }): Promise<HttpsProxy> {
  const { key, cert } = selfSignedCertificate();
  const upstream = new URL(target);
  const server = createServer({ key, cert }, (incoming, outgoing) => {
    // The site is reached at its own address, as a proxy names its upstream: only the X-Forwarded-*
    // headers tell it where the browser was.
    const headers: OutgoingHttpHeaders = {
      ...incoming.headers,
      host: upstream.host,
      "x-forwarded-proto": "https",
      "x-forwarded-host": incoming.headers.host ?? "",
      "x-forwarded-for": incoming.socket.remoteAddress ?? "",
    };
    const forwarded = httpRequest(
      { hostname: upstream.hostname, port: upstream.port, method: incoming.method, path: incoming.url, headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(outgoing);
      },
    );
    forwarded.on("error", () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    // A browser that goes away mid-answer: nothing to tell anyone.
    outgoing.on("error", () => {});
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const { port: listening } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${listening}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A throwaway key and certificate for 127.0.0.1 and localhost, valid for a day. */
function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), "dmv-events-proxy-"));
  try {
    const keyFile = path.join(dir, "key.pem");
    const certFile = path.join(dir, "cert.pem");
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1,DNS:localhost",
        "-keyout",
        keyFile,
        "-out",
        certFile,
      ],
      { stdio: "ignore" },
    );
    return { key: readFileSync(keyFile), cert: readFileSync(certFile) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
