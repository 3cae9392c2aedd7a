import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { InjectOptions } from 'fastify';
import { queryRows } from '../src/db/client.js';
import { insertBrand } from '../src/modules/brands/brands.sql.js';
import { createTestApp, DB_KINDS, sessionCookie, type TestApp } from './test-app.js';
import { seedGa4Window, seedGoogleWindow, seedMetaWindow, seedShopifyWindow, subscribeBrand } from './reports-seed.js';

// Ready for Citus (issue 23 item 5): every table holding a brand's data is distributed on brand_id and
// co-located with brands; the rest are reference tables (docs/operations.md "Distributing on Citus"). The schema
// is read from the migrated database, so a table or key added later is checked without touching this file.
const NOW = new Date('2026-03-15T12:00:00Z');
const ORIGIN = 'http://localhost:3000';
const OPERATIONS_DOC = new URL('../../docs/operations.md', import.meta.url);

interface Column {
  table: string;
  column: string;
}
interface Key {
  table: string;
  name: string;
  kind: 'p' | 'u' | 'f';
  columns: string[];
  /** a foreign key's referenced table and columns */
  refTable: string | null;
  refColumns: string[] | null;
}

async function readSchema(t: TestApp): Promise<{ tables: string[]; columns: Column[]; keys: Key[] }> {
  const db = t.database.db;
  const tables = (await queryRows<{ name: string }>(db, sql`select c.relname as name from pg_class c where c.relkind in ('r', 'p') and c.relnamespace = 'public'::regnamespace order by 1`)).map((r) => r.name);
  const columns = await queryRows<Column>(db, sql`select table_name as "table", column_name as "column" from information_schema.columns where table_schema = 'public'`);
  // Primary keys, unique constraints, unique indexes and foreign keys, with their columns in key order.
  const keys = await queryRows<{ table: string; name: string; kind: 'p' | 'u' | 'f'; columns: string; ref_table: string | null; ref_columns: string | null }>(
    db,
    sql`select rel.relname as "table", con.conname as name, con.contype as kind,
               (select string_agg(a.attname, ',' order by k.ord) from unnest(con.conkey) with ordinality k(num, ord) join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num) as columns,
               ref.relname as ref_table,
               (select string_agg(a.attname, ',' order by k.ord) from unnest(con.confkey) with ordinality k(num, ord) join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num) as ref_columns
          from pg_constraint con join pg_class rel on rel.oid = con.conrelid left join pg_class ref on ref.oid = con.confrelid
         where rel.relnamespace = 'public'::regnamespace and con.contype in ('p', 'u', 'f')
        union all
        select rel.relname, idx.relname, 'u',
               (select string_agg(a.attname, ',' order by k.ord) from unnest(i.indkey::int2[]) with ordinality k(num, ord) join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.num),
               null, null
          from pg_index i join pg_class rel on rel.oid = i.indrelid join pg_class idx on idx.oid = i.indexrelid
         where rel.relnamespace = 'public'::regnamespace and i.indisunique and not i.indisprimary
           and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
  );
  return { tables, columns, keys: keys.map((k) => ({ table: k.table, name: k.name, kind: k.kind, columns: k.columns.split(','), refTable: k.ref_table, refColumns: k.ref_columns?.split(',') ?? null })) };
}

/**
 * The tenant tables: brands (distributed on its id) and every table with a brand_id column; a table that
 * references a tenant table without having brand_id is one too (and fails below: it cannot be co-located).
 */
function classify(schema: { tables: string[]; columns: Column[]; keys: Key[] }): { tenant: string[]; reference: string[] } {
  const hasBrandId = new Set(schema.columns.filter((c) => c.column === 'brand_id').map((c) => c.table));
  const tenant = new Set(['brands', ...schema.tables.filter((t) => hasBrandId.has(t))]);
  for (const k of schema.keys) if (k.kind === 'f' && k.refTable && tenant.has(k.refTable)) tenant.add(k.table);
  return { tenant: schema.tables.filter((t) => tenant.has(t)), reference: schema.tables.filter((t) => !tenant.has(t)) };
}

/** What keeps a table from being distributed on brand_id and co-located with brands, one line each. */
function tenantKeyProblems(schema: { tables: string[]; columns: Column[]; keys: Key[] }): string[] {
  const { tenant } = classify(schema);
  const tenantSet = new Set(tenant);
  const problems: string[] = [];
  for (const table of tenant) {
    const distribution = table === 'brands' ? 'id' : 'brand_id';
    const keys = schema.keys.filter((k) => k.table === table);
    const pk = keys.find((k) => k.kind === 'p');
    if (!pk) problems.push(`${table}: no primary key`);
    else if (pk.columns[0] !== distribution) problems.push(`${table}: primary key (${pk.columns.join(', ')}) does not start with ${distribution}`);
    for (const k of keys.filter((k) => k.kind === 'u' && !k.columns.includes(distribution))) problems.push(`${table}: unique ${k.name} (${k.columns.join(', ')}) lacks ${distribution}`);
    for (const k of keys.filter((k) => k.kind === 'f' && k.refTable && tenantSet.has(k.refTable))) {
      // co-located: the foreign key carries the distribution column to the referenced table's own
      const refDistribution = k.refTable === 'brands' ? 'id' : 'brand_id';
      const at = k.columns.indexOf(distribution);
      if (at < 0 || k.refColumns?.[at] !== refDistribution) problems.push(`${table}: foreign key ${k.name} to ${k.refTable} does not go through ${distribution}`);
    }
  }
  return problems;
}

/** Every statement the database is sent while `run` runs: PGlite's query/exec, node-postgres's Client.query. */
async function statementsOf(t: TestApp, run: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const textOf = (q: unknown) => (typeof q === 'string' ? q : typeof q === 'object' && q && 'text' in q ? String((q as { text: unknown }).text) : '');
  const restore: Array<() => void> = [];
  if (t.database.queueConnection.kind === 'pglite') {
    const client = t.database.queueConnection.client as unknown as Record<'query' | 'exec', (...args: unknown[]) => unknown>;
    for (const method of ['query', 'exec'] as const) {
      const original = client[method];
      client[method] = function (this: unknown, ...args: unknown[]) {
        seen.push(textOf(args[0]));
        return original.apply(this, args);
      };
      restore.push(() => (client[method] = original));
    }
  } else {
    const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const original = proto.query;
    proto.query = function (this: unknown, ...args: unknown[]) {
      seen.push(textOf(args[0]));
      return original.apply(this, args);
    };
    restore.push(() => (proto.query = original));
  }
  try {
    await run();
  } finally {
    for (const r of restore) r();
  }
  return seen;
}

/** The tenant tables a statement reads or writes (FROM, JOIN, UPDATE, INSERT INTO, DELETE FROM). */
function tablesIn(statement: string, tenant: Set<string>): string[] {
  const found = new Set<string>();
  for (const m of statement.matchAll(/\b(?:from|join|update|into)\s+(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/gi)) if (tenant.has(m[1]!.toLowerCase())) found.add(m[1]!.toLowerCase());
  return [...found];
}

/**
 * Whether a statement pins brand_id to a value it was given (a parameter or a literal), as Citus needs to route it
 * to one shard: `brand_id = $1`, `"brand_id" = $1`, `brand_id in ($1, $2)`, `brand_id = any($1)`, or brands' `id = $1`.
 */
function pinsBrand(statement: string, tables: string[]): boolean {
  const value = String.raw`(?:\$\d+|'[0-9a-f-]{36}'|any\s*\(\s*\$\d+|\(\s*\$\d+)`;
  const brandId = new RegExp(String.raw`(?:"?\w+"?\.)?"?brand_id"?\s*(?:=|in)\s*${value}`, 'i');
  const brandsId = new RegExp(String.raw`"?brands"?\."?id"?\s*(?:=|in)\s*${value}|\bwhere\s+"?id"?\s*=\s*\$\d+`, 'i');
  if (brandId.test(statement)) return true;
  return tables.length === 1 && tables[0] === 'brands' && brandsId.test(statement);
}

describe.each(DB_KINDS)('tenant keys on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { now: () => NOW });
  });
  afterAll(async () => t?.close());

  it("starts every tenant table's primary key with brand_id, and keeps its unique and foreign keys on it", async () => {
    const schema = await readSchema(t);
    const { tenant, reference } = classify(schema);
    expect(tenant).toEqual(expect.arrayContaining(['brands', 'connections', 'store_orders', 'meta_ad_daily', 'sync_windows', 'user_brands']));
    expect(reference).toEqual(expect.arrayContaining(['users', 'sessions', 'platform_grants']));
    expect(tenantKeyProblems(schema)).toEqual([]);
  });

  it('finds a tenant key that does not start with brand_id (the check can fail)', async () => {
    const schema = await readSchema(t);
    const broken = { ...schema, keys: schema.keys.map((k) => (k.table === 'connections' && k.kind === 'p' ? { ...k, columns: ['id'] } : k)) };
    broken.columns = [...schema.columns, { table: 'orphan_notes', column: 'connection_id' }];
    broken.tables = [...schema.tables, 'orphan_notes'];
    broken.keys = [...broken.keys, { table: 'orphan_notes', name: 'orphan_notes_connection_fk', kind: 'f', columns: ['connection_id'], refTable: 'connections', refColumns: ['id'] }];
    expect(tenantKeyProblems(broken)).toEqual(['connections: primary key (id) does not start with brand_id', 'orphan_notes: no primary key', 'orphan_notes: foreign key orphan_notes_connection_fk to connections does not go through brand_id']);
  });

  it('documents the create_distributed_table or create_reference_table call of every table', async () => {
    const { tenant, reference } = classify(await readSchema(t));
    const doc = await readFile(OPERATIONS_DOC, 'utf8');
    const missing = [
      ...tenant.filter((table) => !doc.includes(`select create_distributed_table('${table}', '${table === 'brands' ? 'id' : 'brand_id'}'`)),
      ...reference.filter((table) => !doc.includes(`select create_reference_table('${table}')`)),
    ];
    expect(missing).toEqual([]);
  });

  it("runs every report route's statements on tenant tables with a brand_id predicate", async () => {
    const { tenant } = classify(await readSchema(t));
    const tenantSet = new Set(tenant);
    const db = t.database.db;
    await t.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { origin: ORIGIN }, payload: { username: 'citus', email: 'citus@example.com', password: 'citus-password-1' } });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login/normal', headers: { origin: ORIGIN }, payload: { email: 'citus@example.com', password: 'citus-password-1' } });
    const cookie = sessionCookie(login);
    const userId = login.json().user.id as string;
    const conn = (platform: 'shopify' | 'meta' | 'google_ads' | 'ga4', accountId: string) => ({ platform, accountId, accountName: accountId, managerId: null, grantId: null });
    const brandId = await insertBrand(db, { name: 'Citus', currency: 'USD', timezone: 'UTC', userId, connections: [conn('shopify', 'citus.myshopify.com'), conn('meta', 'act_1'), conn('google_ads', '1111111111'), conn('ga4', '999')] });
    await subscribeBrand(db, brandId, 'GROWTH');
    const window = { from: '2026-02-01', to: '2026-03-14' };
    await seedMetaWindow(db, brandId, 'act_1', window, () => [{ campaignId: 'c1', spend: 100, revenue: 250, purchases: 2, clicks: 40, impressions: 4000 }]);
    await seedGoogleWindow(db, brandId, '1111111111', window, () => [{ campaignId: 'g1', costMicros: 12_000_000, conversions: 1, value: 100, clicks: 3, impressions: 300 }]);
    await seedGa4Window(db, brandId, '999', window, () => ({ sessions: 100, addToCarts: 10, checkouts: 5, purchases: 2 }));
    await seedShopifyWindow(db, brandId, 'citus.myshopify.com', window, () => ({ orders: [{ orderId: 'o1', total: 500 }] }));

    const routes = t.app.routeList.filter((r) => r.plan === 'reports' && (r.method === 'GET' || r.method === 'POST'));
    expect(routes.length).toBeGreaterThan(10);
    const unpinned: string[] = [];
    const failed: string[] = [];
    let checked = 0;
    for (const route of routes) {
      const request = reportRequest(route.url, route.method, route.schema, { brandId, cookie });
      const statements = await statementsOf(t, async () => {
        const res = await t.app.inject(request);
        if (res.statusCode >= 300) failed.push(`${route.method} ${route.url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      });
      for (const statement of statements) {
        const tables = tablesIn(statement, tenantSet);
        if (tables.length === 0) continue;
        checked++;
        if (!pinsBrand(statement, tables)) unpinned.push(`${route.method} ${route.url}: ${statement.replace(/\s+/g, ' ').slice(0, 300)}`);
      }
    }
    expect(failed).toEqual([]);
    expect(checked).toBeGreaterThan(routes.length);
    expect(unpinned).toEqual([]);
  });

  it('tells a statement without a brand_id predicate from one with it (the check can fail)', () => {
    const tenant = new Set(['store_orders', 'brands', 'connections']);
    expect(pinsBrand('select sum(total) from store_orders where order_date >= $1', tablesIn('select sum(total) from store_orders where order_date >= $1', tenant))).toBe(false);
    expect(pinsBrand('select sum(total) from "store_orders" where "store_orders"."brand_id" = $1', ['store_orders'])).toBe(true);
    expect(pinsBrand('select * from connections c where c.brand_id = any($1)', ['connections'])).toBe(true);
    expect(pinsBrand('select name from brands where id = $1', ['brands'])).toBe(true);
  });
});

/** A valid request for a report route, from the field names its schemas read. */
function reportRequest(url: string, method: string, schema: unknown, s: { brandId: string; cookie: string }): InjectOptions {
  const fields = (part: 'body' | 'querystring' | 'params'): string[] => fieldsOf((schema as Record<string, unknown> | undefined)?.[part]);
  const value = (name: string): unknown => VALUES[name] ?? (name === 'brandId' ? s.brandId : undefined);
  const body = Object.fromEntries(fields('body').map((f) => [f, value(f)]).filter(([, v]) => v !== undefined));
  const query = Object.fromEntries(fields('querystring').map((f) => [f, value(f)]).filter(([, v]) => v !== undefined)) as Record<string, string>;
  const path = url.replace(/:(\w+)/g, (_, name: string) => String(name === 'brandId' ? s.brandId : (PARAMS[name] ?? 'x')));
  const headers = { origin: ORIGIN, cookie: s.cookie };
  return method === 'GET' ? { method: 'GET', url: path, query, headers } : { method: 'POST', url: path, query, headers, payload: body };
}

const VALUES: Record<string, unknown> = {
  startDate: '2026-03-01',
  endDate: '2026-03-10',
  compareStartDate: '2026-02-01',
  compareEndDate: '2026-02-10',
  dateRanges: [{ startDate: '2026-03-01', endDate: '2026-03-10' }],
  groups: [{ id: 'TOFU', campaigns: [{ accountId: 'act_1', campaignId: 'c1' }, { accountId: 'act_1', campaignId: 'c2' }] }],
};

/** The field names a request schema reads (objects, intersections, unions, wrappers). */
function fieldsOf(schema: unknown, depth = 0): string[] {
  if (!schema || typeof schema !== 'object' || !('def' in schema) || depth > 10) return [];
  const def = (schema as { def: Record<string, unknown> & { type: string } }).def;
  if (def.type === 'object') return Object.keys(def.shape as object);
  if (def.type === 'intersection') return [...fieldsOf(def.left, depth + 1), ...fieldsOf(def.right, depth + 1)];
  if (def.type === 'union') return (def.options as unknown[]).flatMap((o) => fieldsOf(o, depth + 1));
  if (def.type === 'pipe') return fieldsOf(def.in, depth + 1);
  return 'innerType' in def ? fieldsOf(def.innerType, depth + 1) : [];
}
const PARAMS: Record<string, string> = { source: 'facebook-ads' };
