import type { Database } from "#server/db/client";

/*
 * What public pages show is kept for a few seconds (the response cache of decision 005, the home page's
 * short cache). A change that must show at once everywhere (staff hiding, restoring or featuring an event,
 * choosing the Major Events) bumps the
 * generation of the database's public content; each cache drops what it made in an older generation.
 * In this process only: other app processes on the same PostgreSQL server catch up within their 5 s.
 */

const generations = new WeakMap<Database, number>();

/** The generation of what the public sees through `db`; changes with every publicContentChanged. */
export function publicContentGeneration(db: Database): number {
  return generations.get(db) ?? 0;
}

/** Says that what the public sees changed in a way no cache may hide: every kept public answer goes. */
export function publicContentChanged(db: Database): void {
  generations.set(db, publicContentGeneration(db) + 1);
}
