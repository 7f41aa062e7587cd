import { randomBytes } from "node:crypto";
import { availableParallelism } from "node:os";
import { hash, verify, type Options } from "@node-rs/argon2";

/**
 * Argon2id at 7 MiB, 5 passes, 1 lane: one of the five configurations OWASP's Password Storage Cheat
 * Sheet lists as equal in strength (its minimum is written as 19 MiB / 2 passes). Here it is the
 * fastest of them under load: ten verifications at once take 65 ms against 116 ms for 19 MiB / 2,
 * because a smaller block of memory stays in the caches and costs fewer page faults. That is what keeps
 * ten concurrent sign-ins on two cores inside their 250 ms budget (docs/benchmarks.md). Hashing runs
 * on libuv's thread pool, so sign-ins do not block the server, at most one hash per core at a time
 * (see withHashSlot).
 */
const ARGON2_OPTIONS: Options = { memoryCost: 7_168, timeCost: 5, parallelism: 1 };
/** How a hash made with ARGON2_OPTIONS starts; a stored hash that starts otherwise is re-hashed at sign-in. */
const CURRENT_PARAMETERS = `$argon2id$v=19$m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}$`;

export function hashPassword(password: string): Promise<string> {
  return withHashSlot(() => hash(password, ARGON2_OPTIONS));
}

/** Whether `passwordHash` was made with other parameters than today's, so the next sign-in should replace it. */
export function isOutdatedHash(passwordHash: string): boolean {
  return !passwordHash.startsWith(CURRENT_PARAMETERS);
}

let dummyHash: Promise<string> | null = null;

/**
 * Verifies `password` against `passwordHash`, or against a throwaway hash of the same cost when
 * there is none, so that an unknown address takes as long to refuse as a wrong password.
 */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  dummyHash ??= hashPassword(randomBytes(32).toString("base64url"));
  const isReal = passwordHash !== null;
  try {
    const against = passwordHash ?? (await dummyHash);
    const matches = await withHashSlot(() => verify(against, password));
    return isReal && matches;
  } catch {
    // A malformed stored hash fails closed.
    return false;
  }
}

/**
 * Argon2 is memory-hard: more hashes at once than cores only makes each one slower, as their memory
 * pushes each other out of the caches (ten 7 MiB verifications at once took 145 ms four at a time on
 * libuv's four threads, 65 ms two at a time on this two-core machine). So hashes queue for a slot, one per
 * core, in arrival order, and the rest of the thread pool stays free for the server's other work.
 */
const HASH_SLOTS = Math.max(1, availableParallelism());
let busySlots = 0;
const waitingForSlot: (() => void)[] = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (busySlots < HASH_SLOTS) busySlots += 1;
  else await new Promise<void>((resolve) => waitingForSlot.push(resolve));
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, or is freed when nobody waits.
    const next = waitingForSlot.shift();
    if (next) next();
    else busySlots -= 1;
  }
}
