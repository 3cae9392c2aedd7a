import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableName, sql } from 'drizzle-orm';
import { DEFAULT_SEED, createWorld, findMerchant, merchantDay } from '@parallels/emulators/common/world';
import { loadConfig } from '../src/config.js';
import { queryRows, type DatabaseHandle } from '../src/db/client.js';
import { loadTokenKeyring } from '../src/lib/token-keyring.js';
import { insertBrand } from '../src/modules/brands/brands.sql.js';
import { seedDemo } from '../src/sandbox/demo.js';
import { runBackfill, type JobDeps } from '../src/sync/backfill.job.js';
import { ACCOUNT_FACT_TABLES } from '../src/db/fact-tables.js';
import { addDays, eachDay, yesterdayIn } from '@parallels/contract/days';
import { backfillWindows, type DayWindow } from '../src/sync/windows.js';
import { startEmulatorServer, type EmulatorServer } from './emulator-server.js';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.js';
import { DB_KINDS } from './test-app.js';

// Checklist G (crash safety) at process level: a sync worker is SIGKILLed mid-backfill, twice, and a third
// one finishes. The first kill lands inside a window's transaction (facts and checkpoint written, COMMIT not
// yet sent), the second while the worker waits on a slowed emulator in the middle of a Shopify bulk
// operation. Afterwards the stored facts must equal a clean run's, row for row, and the emulator's own totals.
//
// PGlite: a data directory on disk, opened by one process at a time (PGlite takes no lock; this test closes
// its own handle before starting a worker). After SIGKILL the next process reopens it and PostgreSQL's crash
// recovery replays the WAL: committed windows are there, the killed transaction is not.

const NOW = '2026-06-15T06:00:00Z'; // 11:30 in Kolkata: the demo accounts' yesterday is 2026-06-14
const HISTORY_DAYS = 75; // two windows per connection: the newest 60 days (16 April - 14 June), then 1-15 April
const WORKER = fileURLToPath(new URL('./fixtures/backfill-worker.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const YESTERDAY = yesterdayIn('Asia/Kolkata', new Date(NOW));
const WINDOWS = backfillWindows(YESTERDAY, HISTORY_DAYS);
const demo = findMerchant(createWorld(DEFAULT_SEED), 'demo');

interface Conn {
  id: string;
  platform: 'meta' | 'shopify';
  account_id: string;
}
interface WorkerLine {
  event?: string;
  msg?: string;
  connectionId?: string;
  window?: DayWindow;
  rows?: number;
  results?: Array<{ connectionId: string; outcome: string; skipped: number; windows: number }>;
}

/** A backfill worker process (server/test/fixtures/backfill-worker.ts) and the JSON lines it printed. */
class Worker {
  readonly lines: WorkerLine[] = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly child: ChildProcess;
  private stderr = '';
  private readonly listeners = new Set<() => void>();

  constructor(env: Record<string, string>) {
    // `node --import tsx`, not the tsx binary: that one runs the script in a second node process, which
    // a SIGKILL of the binary would leave running.
    this.child = spawn(process.execPath, ['--import', 'tsx', WORKER], { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child.stderr!.on('data', (d: Buffer) => void (this.stderr += d.toString()));
    createInterface({ input: this.child.stdout! }).on('line', (line) => {
      if (!line.startsWith('{')) return;
      this.lines.push(JSON.parse(line) as WorkerLine);
      for (const l of this.listeners) l();
    });
    this.exited = new Promise((resolve) => this.child.on('exit', (code, signal) => resolve({ code, signal })));
    void this.exited.then(() => {
      for (const l of this.listeners) l();
    });
  }

  synced(): WorkerLine[] {
    return this.lines.filter((l) => l.msg === 'backfill window synced');
  }

  /** Resolves once the printed lines satisfy `done`; fails on timeout or if the worker exits first. */
  waitFor(what: string, done: (w: Worker) => boolean, timeoutMs = 30_000): Promise<void> {
    return new Promise((resolve, reject) => {
      let exited = false;
      void this.exited.then(() => (exited = true));
      const timer = setTimeout(() => finish(new Error(`worker: timed out after ${timeoutMs} ms waiting for ${what}\n${this.stderr.slice(-2000)}`)), timeoutMs);
      const check = () => {
        if (done(this)) finish();
        else if (exited || this.child.exitCode !== null || this.child.signalCode !== null) finish(new Error(`worker exited before ${what}\n${this.stderr.slice(-2000)}`));
      };
      const finish = (error?: Error) => {
        clearTimeout(timer);
        this.listeners.delete(check);
        if (error) reject(error);
        else resolve();
      };
      this.listeners.add(check);
      check();
    });
  }

  async kill(): Promise<void> {
    this.child.kill('SIGKILL');
    expect((await this.exited).signal).toBe('SIGKILL');
  }

  /** a failed test must not leave its worker running (holding the PGlite directory) */
  stop(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }
}

describe.each(DB_KINDS)('a sync worker killed with SIGKILL mid-backfill on %s', (kind) => {
  let emu: EmulatorServer;
  let scratch: ScratchDatabase;
  let conns: Conn[];
  let reference: Conn[];
  let crashBrand: string;
  let referenceBrand: string;
  const tokenKeys = `test:${randomBytes(32).toString('base64')}`;
  const config = loadConfig({ NODE_ENV: 'test', TOKEN_ENCRYPTION_KEYS: tokenKeys });
  const keyring = loadTokenKeyring(config);
  const logged: WorkerLine[] = []; // every window any worker reported committed
  // PGlite admits one process at a time: the test opens the database only while no worker runs.
  const withDatabase = async <T>(fn: (db: DatabaseHandle['db']) => Promise<T>): Promise<T> => {
    const database = await scratch.open();
    try {
      return await fn(database.db);
    } finally {
      await database.close();
    }
  };
  const workers: Worker[] = [];
  const startWorker = (extra: Record<string, string> = {}) => {
    const worker = new Worker({
      ...('url' in scratch.location ? { CRASH_DATABASE_URL: scratch.location.url } : { CRASH_PGLITE_DIR: scratch.location.dataDir }),
      CRASH_EMULATOR_ORIGIN: emu.origin,
      TOKEN_ENCRYPTION_KEYS: tokenKeys,
      CRASH_CONNECTION_IDS: conns.map((c) => c.id).join(','),
      CRASH_NOW: NOW,
      CRASH_HISTORY_DAYS: String(HISTORY_DAYS),
      ...extra,
    });
    workers.push(worker);
    return worker;
  };
  const checkpoints = (db: DatabaseHandle['db'], brandId: string) =>
    queryRows<{ connection_id: string; from: string; to: string; n: number }>(
      db,
      sql`select w.connection_id, w.window_from::text as "from", w.window_to::text as "to", count(*)::int as n
          from sync_windows w join connections c on c.id = w.connection_id
          where c.brand_id = ${brandId} and w.stream = 'backfill' group by 1, 2, 3 order by 1, 2`,
    );
  const key = (l: { connectionId?: string; connection_id?: string; window?: DayWindow; from?: string }) => `${l.connectionId ?? l.connection_id}|${l.window?.from ?? l.from}`;

  beforeAll(async () => {
    emu = await startEmulatorServer({ now: NOW });
    // report runs and bulk operations complete on their 2nd poll, whatever the wall time
    await emu.admin('meta', 'meta/config', { pollsToComplete: 2, secondsToComplete: 3600 }, 'PUT');
    scratch = await createScratchDatabase(kind);
    await withDatabase(async (db) => {
      // the demo user and brand, with tokens minted by these emulators (the same seed as sync.test.ts)
      await seedDemo(emu.app, { db, keyring });
      const all = await queryRows<Conn & { brand_id: string; account_name: string; grant_id: string }>(
        db,
        sql`select id, platform, account_id, account_name, grant_id, brand_id from connections where platform in ('meta', 'shopify') order by platform, account_id`,
      );
      // one Meta account, then the shop, then the other Meta account: the kills land in all three kinds of pull
      const [meta1, meta2, shop] = all;
      conns = [meta1!, shop!, meta2!];
      crashBrand = meta1!.brand_id;
      const [owner] = await queryRows<{ created_by: string }>(db, sql`select created_by from brands where id = ${crashBrand}`);
      referenceBrand = await insertBrand(db, {
        name: 'Reference',
        currency: demo.currency,
        timezone: demo.timezone,
        userId: owner!.created_by,
        connections: conns.map((c) => ({ platform: c.platform, accountId: c.account_id, accountName: all.find((a) => a.id === c.id)!.account_name, managerId: null, grantId: all.find((a) => a.id === c.id)!.grant_id })),
      });
      reference = await queryRows<Conn>(db, sql`select id, platform, account_id from connections where brand_id = ${referenceBrand}`);
    });
    expect(conns.map((c) => c.platform)).toEqual(['meta', 'shopify', 'meta']);
  }, 60_000);

  afterAll(async () => {
    for (const w of workers) w.stop();
    await Promise.all(workers.map((w) => w.exited));
    await emu?.close();
    await scratch?.drop();
  });

  it('killed inside a window transaction: the window leaves neither facts nor a checkpoint', async () => {
    const worker = startWorker({ CRASH_HOLD_AT_TRANSACTION: '2' });
    await worker.waitFor('the 2nd window transaction to hold', (w) => w.lines.some((l) => l.event === 'holding'));
    const held = worker.lines.find((l) => l.event === 'holding')!;
    expect(held.rows).toBeGreaterThan(0); // it had written that many fact rows when it was killed
    await worker.kill();
    expect(worker.synced().map(key)).toEqual([key({ connectionId: conns[0]!.id, window: WINDOWS[0] })]);
    logged.push(...worker.synced());

    await withDatabase(async (db) => {
      expect((await checkpoints(db, crashBrand)).map(key)).toEqual(logged.map(key));
      // the held window is the first Meta account's second one: none of its days has a row
      const [{ account_id: account }, { from, to }] = [conns[0]!, WINDOWS[1]!];
      const [left] = await queryRows<{ n: number }>(db,
        sql`select (select count(*) from meta_ad_daily where brand_id = ${crashBrand} and account_id = ${account} and date between ${from} and ${to})
                 + (select count(*) from meta_breakdown_daily where brand_id = ${crashBrand} and account_id = ${account} and date between ${from} and ${to}) as n`);
      expect(Number(left!.n)).toBe(0);
      const [state] = await queryRows<{ sync_state: string }>(db, sql`select sync_state from connections where id = ${conns[0]!.id}`);
      expect(state!.sync_state).toBe('backfilling');
    });
  }, 60_000);

  it('killed while waiting on a slowed platform mid-pull: every committed window is kept, nothing half-written', async () => {
    // every Meta and Shopify call now takes 150 ms: a Shopify bulk window (start, two polls, file) ~0.6 s
    for (const platform of ['meta', 'shopify']) await emu.admin(platform, 'faults', { key: '*', plan: { latencyMs: 150 } }, 'PUT');
    const worker = startWorker();
    // the held window again, then the shop's first: the kill lands in the shop's second (a bulk operation)
    await worker.waitFor('two more windows', (w) => w.synced().length >= 2);
    await worker.kill();
    const order = conns.flatMap((c) => WINDOWS.map((window) => key({ connectionId: c.id, window })));
    expect(worker.synced().slice(0, 2).map(key)).toEqual(order.slice(1, 3));
    logged.push(...worker.synced());

    await withDatabase(async (db) => {
      const stored = (await checkpoints(db, crashBrand)).map(key);
      // what was logged is stored; at most the window in flight committed unlogged; the rest is missing
      expect(stored.filter((k) => logged.some((l) => key(l) === k))).toHaveLength(logged.length);
      expect(stored.length).toBeLessThanOrEqual(logged.length + 1);
      expect(stored.length).toBeLessThan(order.length);
    });
    for (const platform of ['meta', 'shopify']) await fetch(`${emu.origin}/sandbox/${platform}/__admin/faults`, { method: 'DELETE' });
  }, 60_000);

  it('a third worker finishes from the checkpoints: one checkpoint per window, every connection fresh', async () => {
    const worker = startWorker();
    await worker.waitFor('the backfill to finish', (w) => w.lines.some((l) => l.event === 'done'));
    expect((await worker.exited).code).toBe(0);
    const results = worker.lines.find((l) => l.event === 'done')!.results!;
    expect(results.every((r) => r.outcome === 'done' && r.windows === WINDOWS.length)).toBe(true);
    expect(results.reduce((s, r) => s + r.skipped, 0)).toBeGreaterThanOrEqual(logged.length);

    await withDatabase(async (db) => {
      const rows = await checkpoints(db, crashBrand);
      expect(rows.every((r) => r.n === 1)).toBe(true);
      const expected = conns.flatMap((c) => WINDOWS.map((w) => ({ connection_id: c.id, from: w.from, to: w.to, n: 1 })));
      const byKey = (a: { connection_id: string; from: string }, b: { connection_id: string; from: string }) => key(a).localeCompare(key(b));
      expect([...rows].sort(byKey)).toEqual(expected.sort(byKey));
      const states = await queryRows<{ sync_state: string; backfill_progress: string }>(db, sql`select sync_state, backfill_progress::text from connections where id in (${sql.join(conns.map((c) => sql`${c.id}`), sql`, `)})`);
      expect(states).toHaveLength(3);
      expect(states.every((s) => s.sync_state === 'fresh' && Number(s.backfill_progress) === 1)).toBe(true);
    });
  }, 60_000);

  it('the stored facts equal a clean run of the same windows, row for row', async () => {
    await withDatabase(async (db) => {
      const deps: JobDeps = { db, config: { ...config, platforms: emu.platforms }, keyring, log: Fastify({ logger: false }).log, now: () => new Date(NOW), historyDays: HISTORY_DAYS, retry: { sleep: async () => undefined } };
      for (const c of reference) expect(await runBackfill(deps, c.id)).toMatchObject({ outcome: 'done', skipped: 0 });
      const crashed = await fingerprints(db, crashBrand);
      expect(crashed).toEqual(await fingerprints(db, referenceBrand));
      for (const table of ['meta_ad_daily', 'meta_breakdown_daily', 'meta_campaigns', 'store_orders', 'store_refunds']) expect(crashed[table]!.rows, table).toBeGreaterThan(0);
    });
  }, 60_000);

  it('stored sums per account equal the platforms’ own range totals', async () => {
    const ranges: Array<[string, string]> = [
      [addDays(YESTERDAY, -29), YESTERDAY], // inside the first window
      [addDays(WINDOWS[1]!.from, 4), addDays(WINDOWS[0]!.from, 10)], // across the boundary of the windows the kills fell in
      [WINDOWS.at(-1)!.from, YESTERDAY], // everything
    ];
    const token = (await emu.admin<{ access_token: string }>('meta', 'tokens', { userId: '10000000000000001' })).access_token;
    await withDatabase(async (db) => {
      for (const c of conns.filter((x) => x.platform === 'meta')) {
        for (const [from, to] of ranges) {
          const url = `${emu.platforms.meta.graphUrl}/v25.0/${c.account_id}/insights?fields=spend,impressions,clicks&time_range=${encodeURIComponent(JSON.stringify({ since: from, until: to }))}&access_token=${token}`;
          const truth = ((await (await fetch(url)).json()) as { data: Array<{ spend: string; impressions: string; clicks: string }> }).data[0]!;
          const [ours] = await queryRows<{ spend: string; impressions: string; clicks: string }>(db,
            sql`select coalesce(sum(spend), 0)::numeric(16,2)::text as spend, coalesce(sum(impressions), 0)::text as impressions, coalesce(sum(clicks), 0)::text as clicks
                from meta_ad_daily where brand_id = ${crashBrand} and account_id = ${c.account_id} and level = 'campaign' and date between ${from} and ${to}`);
          expect({ account: c.account_id, range: [from, to], ...ours }).toEqual({ account: c.account_id, range: [from, to], spend: Number(truth.spend).toFixed(2), impressions: truth.impressions, clicks: truth.clicks });
        }
      }
      // the shop: every order of each local day, their totals adding up to the day's gross sales (the emulator's world)
      const shop = conns.find((x) => x.platform === 'shopify')!;
      for (const [from, to] of ranges) {
        const days = eachDay({ from, to });
        const truth = { orders: days.reduce((s, d) => s + merchantDay(DEFAULT_SEED, demo, d).orders, 0), cents: days.reduce((s, d) => s + Math.round(merchantDay(DEFAULT_SEED, demo, d).grossSales * 100), 0) };
        const [ours] = await queryRows<{ orders: number; cents: string }>(db,
          sql`select count(*)::int as orders, coalesce(sum(total_price * 100), 0)::bigint::text as cents from store_orders where brand_id = ${crashBrand} and shop = ${shop.account_id} and order_date between ${from} and ${to}`);
        expect({ range: [from, to], orders: ours!.orders, cents: Number(ours!.cents) }).toEqual({ range: [from, to], ...truth });
      }
    });
  }, 60_000);
});

/** Per fact table of Meta and Shopify: the brand's row count and a digest of its rows (brand id and sync time left out). */
async function fingerprints(db: DatabaseHandle['db'], brandId: string): Promise<Record<string, { rows: number; digest: string }>> {
  const tables = [...new Set([...ACCOUNT_FACT_TABLES.meta, ...ACCOUNT_FACT_TABLES.shopify].map((t) => getTableName(t.table)))].sort();
  const out: Record<string, { rows: number; digest: string }> = {};
  for (const table of tables) {
    const [r] = await queryRows<{ rows: number; digest: string }>(db,
      sql`select count(*)::int as rows, md5(coalesce(string_agg(r, '|' order by r), '')) as digest
          from (select (to_jsonb(t) - 'brand_id' - 'synced_at')::text as r from ${sql.identifier(table)} t where t.brand_id = ${brandId}) x`);
    out[table] = r!;
  }
  return out;
}
