import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { is, sql, type SQL } from 'drizzle-orm';
import { PgliteTransaction } from 'drizzle-orm/pglite';
import type { PGliteInterface } from '@electric-sql/pglite';
import type { Database } from './client.js';
import { yieldToEventLoop } from '../lib/event-loop.js';

// Rows go to PostgreSQL as ONE jsonb parameter and come out as a record set (jsonb_to_recordset): a single
// statement per chunk, no parameter-count limit, the same on PGlite and on a server (ARCHITECTURE "Storage":
// bulk writes, never row by row). ON CONFLICT on the natural key makes replaying a window idempotent.
// Inside a transaction on embedded PGlite, large writes COPY into a staging table instead (PGlite's
// `/dev/blob`), then upsert from it with the same ON CONFLICT: about twice as fast, and PGlite runs on the
// app's only thread, so every millisecond a window's write takes is one the other syncs and requests wait.
const CHUNK_ROWS = 5000;
/** from this many rows, a write inside a PGlite transaction goes through COPY */
export const COPY_FROM_ROWS = 1000;
/** rows per COPY: about 0.1 s of PGlite's time, which holds the app's only thread for as long */
const COPY_CHUNK_ROWS = 2000;

type Executor = Pick<Database, 'execute'>;

export interface UpsertOptions {
  /**
   * A version column (a row's updated_at): a stored row is replaced only by one at least as new, in the same
   * statement, so two writers racing, or an old export arriving after a newer webhook, never go backwards.
   */
  newerBy?: string;
  /**
   * Columns (TS property names) a conflicting row ADDS to instead of replacing: for rows that arrive in batches
   * where a key may come again in a later batch (spooled Google Ads views), written after the window's days were
   * deleted in the same transaction, so the sum is the day's total. The other columns take the newer row's value.
   */
  sum?: readonly string[];
}

/** Upserts rows (drizzle insert shapes, keyed by TS property names) into a table; returns rows offered. */
export async function upsertRows<T extends PgTable>(db: Executor, table: T, rows: ReadonlyArray<T['$inferInsert']>, options: UpsertOptions = {}): Promise<number> {
  if (rows.length === 0) return 0;
  const config = getTableConfig(table);
  const keyColumns = config.primaryKeys[0]?.columns.map((c) => c.name) ?? config.columns.filter((c) => c.primary).map((c) => c.name);
  if (keyColumns.length === 0) throw new Error(`${config.name} has no primary key to upsert on`);
  // Only the columns the rows carry (plus synced_at, refreshed on every write).
  const byProperty = Object.entries(table as unknown as Record<string, { name: string; getSQLType(): string }>).filter(
    ([, col]) => col && typeof col === 'object' && typeof col.getSQLType === 'function',
  );
  const present = new Set(rows.flatMap((r) => Object.keys(r as object)));
  const columns = byProperty.filter(([prop]) => present.has(prop)).map(([prop, col]) => ({ prop, name: col.name, type: col.getSQLType() }));
  const hasSyncedAt = byProperty.some(([, col]) => col.name === 'synced_at') && !columns.some((c) => c.name === 'synced_at');

  const q = (id: string) => `"${id.replaceAll('"', '""')}"`;
  const insertCols = [...columns.map((c) => q(c.name)), ...(hasSyncedAt ? ['"synced_at"'] : [])].join(', ');
  const selectCols = [...columns.map((c) => `r.${q(c.name)}`), ...(hasSyncedAt ? ['now()'] : [])].join(', ');
  const recordDef = columns.map((c) => `${q(c.name)} ${c.type}`).join(', ');
  const summed = new Set(options.sum ?? []);
  const updates = [
    ...columns
      .filter((c) => !keyColumns.includes(c.name))
      .map((c) => (summed.has(c.prop) ? `${q(c.name)} = ${q(config.name)}.${q(c.name)} + excluded.${q(c.name)}` : `${q(c.name)} = excluded.${q(c.name)}`)),
    ...(hasSyncedAt ? ['"synced_at" = now()'] : []),
  ];
  const version = options.newerBy ? columns.find((c) => c.prop === options.newerBy) : undefined;
  if (options.newerBy && !version) throw new Error(`${config.name}: the rows carry no ${options.newerBy} to compare`);
  const guard = version ? ` where ${q(config.name)}.${q(version.name)} <= excluded.${q(version.name)}` : '';
  const onConflict = updates.length ? `do update set ${updates.join(', ')}${guard}` : 'do nothing';
  const insertFrom = (source: string) => `insert into ${q(config.name)} (${insertCols}) select ${selectCols} from ${source} on conflict (${keyColumns.map(q).join(', ')}) ${onConflict}`;
  const statement = insertFrom(`jsonb_to_recordset($1::jsonb) as r(${recordDef})`);

  const pglite = rows.length >= COPY_FROM_ROWS ? pgliteClientOf(db) : undefined;
  if (pglite) {
    const stage = `upsert_stage_${++stageSeq}`;
    await pglite.exec(`create temp table ${stage} (${recordDef}) on commit drop`);
    const fields = columns.map((c) => ({ prop: c.prop, format: csvFormatter(c.type) }));
    const copy = `copy ${stage} (${columns.map((c) => q(c.name)).join(', ')}) from '/dev/blob' with (format csv)`;
    // in chunks too: each statement holds the app's thread, so none should hold it for long
    for (let i = 0; i < rows.length; i += COPY_CHUNK_ROWS) {
      const csv = rows.slice(i, i + COPY_CHUNK_ROWS).map((r) => fields.map((f) => f.format((r as Record<string, unknown>)[f.prop])).join(',')).join('\n');
      await pglite.query(copy, [], { blob: new Blob([csv]) });
      await pglite.exec(`${insertFrom(`${stage} as r`)}; truncate ${stage}`);
      // between chunks the loop may run other work; after the last the caller commits at once: a turn of the loop
      // here would hold the transaction (on PGlite, the one connection) open while other work runs
      if (i + COPY_CHUNK_ROWS < rows.length) await yieldToEventLoop();
    }
    return rows.length;
  }

  let written = 0;
  for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
    const chunk = rows.slice(i, i + CHUNK_ROWS).map((r) => Object.fromEntries(columns.map((c) => [c.name, (r as Record<string, unknown>)[c.prop] ?? null])));
    await db.execute(rawWithParam(statement, JSON.stringify(chunk)));
    written += chunk.length;
    if (i + CHUNK_ROWS < rows.length) await yieldToEventLoop();
  }
  return written;
}

let stageSeq = 0;

/** The PGlite transaction behind a drizzle transaction, when it is one (COPY needs PGlite's own query call). */
function pgliteClientOf(db: Executor): PGliteInterface | undefined {
  if (!is(db, PgliteTransaction)) return undefined;
  return (db as unknown as { session: { client: PGliteInterface } }).session.client;
}

/**
 * One CSV field as PostgreSQL's COPY reads it: NULL is an empty unquoted field, so an empty string is quoted;
 * anything with a quote, comma, line break or leading/trailing space is quoted with quotes doubled. Dates as
 * ISO instants and objects as JSON, as the jsonb path writes them.
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  // (a lone \. is COPY's end-of-data marker unless quoted)
  return text === '' || text === '\\.' || /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Numbers need no quoting: skip csvField's checks for the columns that hold them (most of a fact row). */
function csvFormatter(sqlType: string): (value: unknown) => string {
  if (/^(numeric|bigint|integer|smallint|double precision|real)/.test(sqlType)) return (v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : csvField(v));
  return csvField;
}

/** A raw statement whose only parameter is $1 (drizzle's sql tag numbers parameters itself). */
function rawWithParam(statement: string, param: string): SQL {
  const [before, after] = statement.split('$1') as [string, string];
  return sql`${sql.raw(before)}${param}${sql.raw(after)}`;
}
