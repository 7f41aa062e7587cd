import { randomUUID } from "node:crypto";
import { desc, sql } from "drizzle-orm";
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from "jose";
import type { Database } from "#server/db/client";
import { signingKeys } from "#server/db/schema";

export const ACCESS_TOKEN_ALGORITHM = "ES256";

export interface KeyRing {
  /** The newest key signs; every key verifies until it is removed. */
  signing: { kid: string; privateKey: CryptoKey };
  publicKeys: Map<string, CryptoKey>;
  /** The public half of every key, as the JWKS endpoint publishes it. */
  jwks: JWK[];
  loadedAt: number;
}

/** Any fixed number, the same in every process: serializes the creation of the first key. */
const KEY_CREATION_LOCK = 727_002;
/** How often an unknown `kid` may make us look for keys another instance added. */
const RELOAD_INTERVAL_MS = 30_000;

// Per database, so tests with several databases in one process keep their keys apart.
const rings = new WeakMap<Database, Promise<KeyRing>>();

/** The signing keys, read once per process and kept in memory; made on first use when there are none. */
export function loadKeyRing(db: Database): Promise<KeyRing> {
  let ring = rings.get(db);
  if (!ring) {
    ring = readOrCreateKeys(db);
    rings.set(db, ring);
    ring.catch(() => rings.delete(db));
  }
  return ring;
}

/** The key for `kid`, looking again in the database when it is new to this process (another instance rotated). */
export async function publicKeyFor(db: Database, kid: string | undefined): Promise<CryptoKey | null> {
  if (!kid) return null;
  const ring = await loadKeyRing(db);
  const known = ring.publicKeys.get(kid);
  if (known || Date.now() - ring.loadedAt < RELOAD_INTERVAL_MS) return known ?? null;
  // Concurrent callers share one reload; a failed one (the database was busy) puts the keys we had
  // back, so one bad moment never stops every later request until a restart.
  const fresh = readOrCreateKeys(db);
  rings.set(db, fresh);
  fresh.catch(() => {
    if (rings.get(db) === fresh) rings.set(db, Promise.resolve(ring));
  });
  return (await fresh).publicKeys.get(kid) ?? null;
}

async function readOrCreateKeys(db: Database): Promise<KeyRing> {
  let rows = await db.select().from(signingKeys).orderBy(desc(signingKeys.createdAt), desc(signingKeys.kid));
  if (rows.length === 0) {
    const { privateKey } = await generateKeyPair(ACCESS_TOKEN_ALGORITHM, { extractable: true });
    const privateJwk = await exportJWK(privateKey);
    // Two instances starting together on one database must end up with one key: the lock makes
    // the second wait, and it then finds the first one's key and inserts nothing.
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${KEY_CREATION_LOCK})`);
      const existing = await tx.select({ kid: signingKeys.kid }).from(signingKeys).limit(1);
      if (existing.length === 0) {
        await tx.insert(signingKeys).values({ kid: randomUUID(), privateJwk: { ...privateJwk } });
      }
    });
    rows = await db.select().from(signingKeys).orderBy(desc(signingKeys.createdAt), desc(signingKeys.kid));
  }
  const publicKeys = new Map<string, CryptoKey>();
  const jwks: JWK[] = [];
  for (const row of rows) {
    const { kty, crv, x, y } = row.privateJwk as JWK;
    const publicJwk: JWK = {
      kty,
      crv,
      x,
      y,
      kid: row.kid,
      alg: ACCESS_TOKEN_ALGORITHM,
      use: "sig",
      key_ops: ["verify"],
    };
    publicKeys.set(row.kid, (await importJWK({ kty, crv, x, y }, ACCESS_TOKEN_ALGORITHM)) as CryptoKey);
    jwks.push(publicJwk);
  }
  const newest = rows[0]!;
  const privateKey = (await importJWK(newest.privateJwk as JWK, ACCESS_TOKEN_ALGORITHM)) as CryptoKey;
  return { signing: { kid: newest.kid, privateKey }, publicKeys, jwks, loadedAt: Date.now() };
}
