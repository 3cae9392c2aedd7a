import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Database } from './client.js';

// Embedded PGlite runs no autovacuum, so nothing ever gathers the planner's statistics: a table never analyzed
// is planned as if it held a handful of rows. The Marketing Insights day sums then read every order of the brand
// through the primary key and filtered the days (66-146 ms a call on the demo brand) instead of the day index
// (11-14 ms). On PostgreSQL autovacuum analyzes a table after enough changes; this does the same on PGlite
// (decision 029): a table is analyzed once it has some size and again each time it has doubled since.

/** Statistics gathered from 3,000 sampled rows instead of 30,000: enough for the index choices the reports need,
 * and the largest table's ANALYZE stays a short block of PGlite's one thread (about 0.15-0.3 s against 0.6-0.9 s). */
const STATISTICS_TARGET = 10;
/** below this size (512 KB) a table is read whole faster than any plan could save */
const MIN_PAGES = 64;
/** a table is analyzed again once it holds this many times the pages it had when last analyzed */
const GROWTH = 2;
/** how often the sizes are compared with the last statistics */
const STATISTICS_INTERVAL_MS = 10_000;

interface TableSize {
  /** schema-qualified and quoted, as ANALYZE takes it */
  name: string;
  /** pages at the last ANALYZE (0 before any) */
  relpages: number;
  /** rows at the last ANALYZE (-1 before any) */
  reltuples: number;
  /** pages now */
  pages: number;
}

/** Whether a table has grown enough since its statistics to be analyzed again. */
export function statisticsDue(t: TableSize, minPages = MIN_PAGES, growth = GROWTH): boolean {
  // never analyzed (reltuples -1), or grown: a table analyzed while empty has relpages 0, so any size is growth
  return t.pages >= minPages && (t.reltuples < 0 || t.pages >= t.relpages * growth);
}

/**
 * Analyzes every table (of every schema but the catalogs') whose statistics are due (`statisticsDue`), one at a time, each after
 * `beforeEach` (the app's requests go first, decision 027). Returns the tables analyzed.
 */
export async function analyzeGrownTables(
  db: Database,
  { beforeEach = async () => undefined, minPages = MIN_PAGES, growth = GROWTH }: { beforeEach?: () => Promise<void>; minPages?: number; growth?: number } = {},
): Promise<string[]> {
  await beforeEach();
  const sizes = await queryRows<TableSize>(
    db,
    // every schema's tables as autovacuum would (ours and pg-boss's job tables), not the catalogs or temp tables
    sql`select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name, c.relpages::int as relpages, c.reltuples::float8 as reltuples,
          (pg_relation_size(c.oid) / current_setting('block_size')::int)::int as pages
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'r' and n.nspname <> 'information_schema' and n.nspname !~ '^pg_(catalog|toast|temp)'`,
  );
  const due = sizes.filter((t) => statisticsDue(t, minPages, growth)).map((t) => t.name);
  for (const name of due) {
    await beforeEach();
    // SET LOCAL: PGlite's one session is every caller's, so the target must not outlive this transaction
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local default_statistics_target = ${STATISTICS_TARGET}`));
      await tx.execute(sql.raw(`analyze ${name}`));
    });
  }
  return due;
}

/** Runs `analyzeGrownTables` every `intervalMs` (never two at once) until the returned stop is awaited. */
export function keepPgliteStatistics(db: Database, log: FastifyBaseLogger, options: { beforeEach?: () => Promise<void>; intervalMs?: number } = {}): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const check = () => {
    if (running) return;
    running = analyzeGrownTables(db, { beforeEach: options.beforeEach })
      .then((analyzed) => {
        if (analyzed.length > 0) log.debug({ analyzed }, 'planner statistics gathered');
      })
      .catch((err: unknown) => log.warn({ err }, 'could not gather the planner statistics; tried again at the next interval'))
      .finally(() => (running = null));
  };
  const timer = setInterval(check, options.intervalMs ?? STATISTICS_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
