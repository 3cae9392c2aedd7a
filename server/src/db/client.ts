import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import * as schema from './schema.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** what the job queue connects with: the same in-process PGlite, or the server's URL */
  queueConnection: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string };
  close(): Promise<void>;
}

const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * PostgreSQL when a URL is given, otherwise embedded PGlite in `dataDir` ('memory://' for tests).
 * Migrations are applied on open, on both engines alike.
 */
export async function openDatabase(options: { url?: string; dataDir?: string; pgliteDataDirDump?: Blob; onPoolError?: (err: Error) => void }): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle client's error (server restart) must not crash the process; the next query reconnects. It is
    // still said: a database that keeps dropping connections is something an operator must hear about.
    pool.on('error', (err) => (options.onPoolError ?? logPoolError)(err));
    const db = drizzlePg(pool, { schema });
    await migrateExclusively(pool);
    return { db: db as unknown as Database, kind: 'postgres', queueConnection: { kind: 'postgres', url: options.url }, close: once(() => pool.end()) };
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  // A dump of an already-initialised data dir opens in ~0.5 s instead of ~3 s (tests use this).
  const client = options.pgliteDataDirDump ? await PGlite.create({ loadDataDir: options.pgliteDataDirDump }) : await PGlite.create(dataDir);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
  return { db: db as unknown as Database, kind: 'pglite', queueConnection: { kind: 'pglite', client }, close: once(() => client.close()) };
}

/**
 * Migrations under a PostgreSQL advisory lock: processes started together (several workers and API processes
 * of one deploy) apply them one at a time, and the ones after the first find nothing left to do, instead of
 * racing to create the same tables. The lock is a session's, on one client held for the migration.
 */
export async function migrateExclusively(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [MIGRATION_LOCK]).catch(() => (broken = true));
    }
  } catch (e) {
    broken = true;
    throw e;
  } finally {
    client.release(broken); // a client whose unlock failed is destroyed, and its lock with it
  }
}

const MIGRATION_LOCK = 'parallels-migrations';

function logPoolError(err: Error): void {
  console.error(JSON.stringify({ level: 50, time: Date.now(), msg: 'database pool error', err: { message: err.message, code: (err as { code?: string }).code } }));
}

/** close() may be called twice (a test that stops the database, then its teardown). */
function once(fn: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= fn());
}

/** Rows of a hand-written query (reports' *.sql.ts files), typed by the caller. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * The rows of `query` sent as one JSON text (an array of arrays, in `orderBy`'s order), then read back as objects
 * with `columns` as keys. For reports that read hundreds of rows of many fields: embedded PGlite copies every
 * field of every row out of WebAssembly one by one (a two-year Meta tab's 2,760 rows: 42 ms against 10 ms packed),
 * while on PostgreSQL the two cost alike. Numbers, text and nulls only (what JSON keeps as they are).
 */
export async function queryPacked<T>(db: Database, columns: ReadonlyArray<keyof T & string>, query: SQL, orderBy?: SQL): Promise<T[]> {
  const fields = sql.join(columns.map((c) => sql`q.${sql.identifier(c)}`), sql`, `);
  const [packed] = await queryRows<{ rows: string }>(
    db,
    sql`select coalesce(json_agg(json_build_array(${fields})${orderBy ? sql` order by ${orderBy}` : sql``}), '[]')::text as rows from (${query}) q`,
  );
  const out: T[] = [];
  for (const values of JSON.parse(packed!.rows) as unknown[][]) {
    const row = {} as Record<string, unknown>;
    for (let i = 0; i < columns.length; i++) row[columns[i]!] = values[i];
    out.push(row as T);
  }
  return out;
}

/** PostgreSQL's deadlock_detected (40P01), on the error or the driver error drizzle wraps. */
export function isDeadlock(e: unknown): boolean {
  for (let err = e as { code?: unknown; cause?: unknown } | undefined, depth = 0; err && depth < 3; err = err.cause as typeof err, depth++) {
    if (err.code === '40P01') return true;
  }
  return false;
}
