import { randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

/**
 * Argon2id with the library's defaults (19 MiB, 2 passes, 1 lane: OWASP's recommended minimum),
 * about 15 ms a hash here. Hashing runs on libuv's thread pool, so sign-ins do not block the server.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | null = null;

/**
 * Verifies `password` against `passwordHash`, or against a throwaway hash of the same cost when
 * there is none, so that an unknown address takes as long to refuse as a wrong password.
 */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  dummyHash ??= hash(randomBytes(32).toString("base64url"));
  const isReal = passwordHash !== null;
  try {
    const matches = await verify(passwordHash ?? (await dummyHash), password);
    return isReal && matches;
  } catch {
    // A malformed stored hash fails closed.
    return false;
  }
}
