import { randomInt, randomUUID } from "node:crypto";
import { connect } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { startPostgres, type PostgresServer } from "#tests/support/postgres-server";
import { removeDataDir, startSiteServer, type SiteServer } from "#tests/support/site-server";

/**
 * Visitors close tabs while a page is still streaming. Each drop below cancels a response at a random point
 * (before its headers, after a few bytes, mid-body), compressed or not, signed in or not; afterwards the
 * very same process must still answer, and must not have logged the drops as errors.
 */
const DROPS_PER_DATABASE = 200;
/** A first start seeds the sample data, and every anonymous drop is a real render. */
const TIMEOUT_MS = 180_000;
const PARALLEL_DROPS = 12;

const servers: SiteServer[] = [];
let postgresServer: PostgresServer | undefined;
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  for (const server of servers) removeDataDir(server.dataDir);
  postgresServer?.stop();
});

describe("clients that go away mid-answer", () => {
  it(
    "never take the server down on the embedded database",
    async () => {
      await dropManyAndCheck(await startServer({}));
    },
    TIMEOUT_MS,
  );

  it(
    "never take the server down on PostgreSQL",
    async () => {
      postgresServer = await startPostgres();
      await dropManyAndCheck(await startServer({ DATABASE_URL: postgresServer.url() }));
    },
    TIMEOUT_MS,
  );
});

async function startServer(env: Record<string, string>): Promise<SiteServer> {
  // The mailbox confirms the test's account.
  const server = await startSiteServer({ env: { DEV_MAILBOX: "true", ...env } });
  servers.push(server);
  return server;
}

async function dropManyAndCheck(server: SiteServer) {
  const sessionCookie = await signedInCookie(server.url);
  const { port } = new URL(server.url);
  const paths = ["/", "/events", "/events?q=music", "/events/12", "/micro-events", "/api/v1/events", "/pricing"];
  const outputBefore = server.output().length;

  let started = 0;
  const bytesSeen: number[] = [];
  const worker = async () => {
    while (started < DROPS_PER_DATABASE) {
      started += 1;
      const signedIn = started % 2 === 0;
      const path = paths[randomInt(paths.length)]!;
      bytesSeen.push(
        await requestAndDrop({
          port: Number(port),
          path: signedIn && started % 3 === 0 ? "/dashboard" : path,
          gzip: randomInt(2) === 0,
          // Anonymous answers are kept for a while, by URL and cookies (decision 005): a cookie of its own
          // makes each one render.
          cookie: signedIn ? sessionCookie : `visit=${started}`,
          dropAfterBytes: randomInt(6) === 0 ? 0 : randomInt(1, 12_000),
        }),
      );
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_DROPS }, worker));

  // The same process answers, whole pages included, compressed and signed in.
  expect(server.process.exitCode).toBeNull();
  expect(server.process.signalCode).toBeNull();
  const home = await fetch(`${server.url}/`, { headers: { cookie: sessionCookie, "accept-encoding": "gzip" } });
  expect(home.status).toBe(200);
  expect(await home.text()).toContain("</html>");
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

  // A visitor going away is not the server's error: nothing logged as one, no request counted as a 500.
  const logged = server.output().slice(outputBefore);
  expect(logged).not.toMatch(/Unhandled|AbortError|ERR_STREAM|"level":50|"level":60/);
  expect(logged).not.toMatch(/"status":5\d\d/);
  expect(logged).toMatch(/"status":499/);

  // The drops really happened at different points, mid-body included.
  expect(bytesSeen.filter((bytes) => bytes === 0).length).toBeGreaterThan(0);
  expect(bytesSeen.filter((bytes) => bytes > 2_000).length).toBeGreaterThan(DROPS_PER_DATABASE / 4);
}

/** Sends one request on a raw socket and destroys the socket once `dropAfterBytes` bytes came back (0: at once). */
function requestAndDrop(options: {
  port: number;
  path: string;
  gzip: boolean;
  cookie: string;
  dropAfterBytes: number;
}): Promise<number> {
  return new Promise((resolve) => {
    let received = 0;
    const socket = connect(options.port, "127.0.0.1", () => {
      const headers = [
        `GET ${options.path} HTTP/1.1`,
        `Host: 127.0.0.1:${options.port}`,
        "User-Agent: Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36",
        "Accept: text/html",
        ...(options.gzip ? ["Accept-Encoding: gzip"] : []),
        `Cookie: ${options.cookie}`,
      ];
      socket.write(`${headers.join("\r\n")}\r\n\r\n`);
      if (options.dropAfterBytes === 0) setTimeout(() => socket.destroy(), randomInt(0, 15));
    });
    socket.on("data", (chunk) => {
      received += chunk.length;
      if (received >= options.dropAfterBytes) socket.destroy();
    });
    socket.on("error", () => socket.destroy());
    socket.on("close", () => resolve(received));
  });
}

/** A confirmed account's web session cookie, made the way a person makes one: sign up, confirm, sign in. */
async function signedInCookie(siteUrl: string): Promise<string> {
  const email = `dropper-${randomUUID().slice(0, 8)}@example.com`;
  const password = `Tibeb-${randomUUID().slice(0, 8)}-71`;
  const signUp = await fetch(`${siteUrl}/auth/v1/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, data: { full_name: "Drop Tester" } }),
  });
  expect(signUp.status).toBe(200);

  // The e-mail goes out through the jobs worker, a moment after the answer.
  let messagePath: string | undefined;
  await expect
    .poll(async () => {
      const mailbox = await (await fetch(`${siteUrl}/dev/mailbox?to=${encodeURIComponent(email)}`)).text();
      messagePath = /href="(\/dev\/mailbox\/\d+)"/.exec(mailbox)?.[1];
      return messagePath;
    })
    .toBeDefined();
  const message = (await (await fetch(`${siteUrl}${messagePath}`)).text()).replaceAll("&amp;", "&");
  // An account made through the API gets the API's link, /auth/v1/verify?token=…
  const tokenHash = /\/auth\/v1\/verify\?token=([^&"]+)/.exec(message)?.[1];
  expect(tokenHash).toBeDefined();
  const verified = await fetch(`${siteUrl}/auth/v1/verify`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ type: "signup", token_hash: decodeURIComponent(tokenHash!) }),
  });
  expect(verified.status).toBe(200);

  const signIn = await fetch(`${siteUrl}/signin`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: siteUrl },
    body: new URLSearchParams({ email, password, intent: "password" }),
  });
  expect(signIn.status).toBe(302);
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .find((pair) => pair.startsWith("session="));
  expect(cookie).toBeDefined();
  return cookie!;
}
