import { execFile } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { sql, type SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { PROJECT_ROOT } from "#server/project-root";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database: the Drizzle handle plus what only the driver knows how to do. */
export interface DatabaseHandle {
  db: Database;
  kind: "embedded" | "postgres";
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other process runs its own: app instances starting together on one
   * PostgreSQL must not migrate or seed twice. The embedded database is one process's already.
   */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * How alike a search word must be to a word of an event (0–1) to count as a match despite typos:
 * "jaz nigts" finds "Jazz Nights" at 0.5. PostgreSQL's default, 0.6, misses common typos.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.4;

/** Shared buffers of the embedded database (see openEmbedded). */
const EMBEDDED_SHARED_BUFFERS = "16MB";
const EMBEDDED_MAX_CONNECTIONS = 4;

/** Any fixed number, the same in every process of this app: the key of the startup advisory lock. */
const STARTUP_LOCK_KEY = 727_001;

export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, "server/db/migrations");

/** Opens PostgreSQL when a URL is given, otherwise the embedded database in `embeddedDir` (or in memory when null). */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  embeddedDir: string | null;
}): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openEmbedded(options.embeddedDir === null ? null : { dir: options.embeddedDir });
}

export function openPostgres(url: string): DatabaseHandle {
  const client = postgres(url, {
    max: 10,
    connect_timeout: 5,
    onnotice: () => {},
    connection: {
      // Instants are timestamptz; keep the session in UTC so nothing is converted behind our back.
      TimeZone: "UTC",
      "pg_trgm.word_similarity_threshold": String(WORD_SIMILARITY_THRESHOLD),
    },
  });
  const db = drizzlePostgres(preparingStatements(client), { schema }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    migrate: () => migratePostgres(drizzlePostgres(client), { migrationsFolder: MIGRATIONS_DIR }),
    async withStartupLock(work) {
      // A session-level lock on a connection of its own, held while `work` uses the pool.
      const connection = await client.reserve();
      try {
        await connection`select pg_advisory_lock(${STARTUP_LOCK_KEY})`;
        return await work();
      } finally {
        await connection`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.catch(() => {});
        connection.release();
      }
    },
    close: () => client.end({ timeout: 5 }),
  };
}

/**
 * The client as Drizzle sees it, with every statement prepared and cached per connection. Drizzle asks
 * postgres.js not to prepare statements it was not given a name for, and postgres.js then first asks
 * the server for a statement's parameter types and only then runs it: two round trips instead of one
 * for every query. A hot ticket type's row is locked across several of those (issue 5), so the
 * round trips count twice there. The statements are the app's own few hundred texts (values are always
 * parameters), so the cache stays small. Transactions and savepoints hand Drizzle a client of their
 * own, which gets the same treatment.
 */
function preparingStatements<T extends postgres.Sql | postgres.TransactionSql>(client: T): T {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === "unsafe") {
        return (query: string, parameters?: postgres.ParameterOrJSON<never>[], options?: postgres.UnsafeQueryOptions) =>
          target.unsafe(query, parameters, { ...options, prepare: true });
      }
      if (property === "begin" || property === "savepoint") {
        return (...args: unknown[]) => {
          const work = args.pop() as (sql: postgres.TransactionSql) => unknown;
          const open = (target as unknown as Record<typeof property, (...a: unknown[]) => unknown>)[property];
          return open.call(target, ...args, (sql: postgres.TransactionSql) => work(preparingStatements(sql)));
        };
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

/**
 * PGlite in one process. It takes no lock on its folder and two processes writing one folder lose
 * writes, so we hold a lock file beside it for as long as it is open.
 */
export async function openEmbedded(location: { dir: string } | { loadDataDir: Blob } | null): Promise<DatabaseHandle> {
  let releaseLock = () => {};
  const options: PGliteOptions = {
    extensions: { pg_trgm, unaccent },
    // PGlite's default of 160 MB of shared buffers costs as much memory again; the operating system
    // caches the data files anyway, and 16 MB holds the hot pages of a site of this size. PGlite is
    // one session, so PostgreSQL's 100 connection slots (memory set aside for each) are cut to the
    // fewest it accepts beside its reserved ones.
    postgresqlconf: `shared_buffers = ${EMBEDDED_SHARED_BUFFERS}\nmax_connections = ${EMBEDDED_MAX_CONNECTIONS}`,
  };
  if (location && "dir" in location) {
    mkdirSync(path.dirname(location.dir), { recursive: true });
    releaseLock = acquireLock(`${location.dir}.lock`);
    options.dataDir = location.dir;
  } else if (location) {
    options.loadDataDir = location.loadDataDir;
  }
  if (options.dataDir && !existsSync(path.join(options.dataDir, "PG_VERSION"))) {
    await createEmbeddedDatabase(options.dataDir);
  }
  const client = await PGlite.create(options);
  // PGlite is one session for the life of the process: settings made here hold for every query.
  await client.exec(`SET TimeZone = 'UTC'; SET pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD};`);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: "embedded",
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR }),
    withStartupLock: (work) => work(),
    async close() {
      await client.close();
      releaseLock();
    },
  };
}

/**
 * Creates an empty embedded database in `dataDir`. Creating runs initdb in a WebAssembly instance of
 * its own whose memory (about 400 MB at its peak) a process never gives back, so it runs in a short
 * child process and the server keeps only what serving needs.
 */
async function createEmbeddedDatabase(dataDir: string): Promise<void> {
  const source = `const [pglite, dataDir] = process.argv.slice(1);
    const { PGlite } = await import(pglite);
    await (await PGlite.create({ dataDir })).close();`;
  await new Promise<void>((resolve, reject) => {
    execFile(
      process.execPath,
      ["--input-type=module", "--eval", source, import.meta.resolve("@electric-sql/pglite"), dataDir],
      (error, _stdout, stderr) =>
        error ? reject(new Error(`Creating the embedded database failed: ${stderr || error.message}`)) : resolve(),
    );
  });
}

export class DatabaseLockedError extends Error {
  override name = "DatabaseLockedError";
}

function acquireLock(lockFile: string): () => void {
  try {
    const fd = openSync(lockFile, "wx");
    writeSync(fd, String(process.pid));
    closeSync(fd);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const holder = Number(readFileSync(lockFile, "utf8"));
    if (Number.isInteger(holder) && holder !== process.pid && isRunning(holder)) {
      throw new DatabaseLockedError(
        `The embedded database is in use by process ${holder} (lock file ${lockFile}). Stop that process first.`,
      );
    }
    // A lock left behind by a process that died: take it over.
    rmSync(lockFile, { force: true });
    return acquireLock(lockFile);
  }
  return () => rmSync(lockFile, { force: true });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * An instant as a parameter of raw SQL. postgres.js refuses Date parameters outside Drizzle's
 * column-typed queries, so instants travel as ISO text, cast on arrival.
 */
export function instant(date: Date): SQL {
  return sql`${date.toISOString()}::timestamptz`;
}

/** Raw SQL rows. The drivers return different shapes from execute(); this is the one place that knows. */
export async function selectRows<Row extends Record<string, unknown>>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as Row[] | { rows: Row[] };
  return Array.isArray(result) ? result : result.rows;
}
