import { spawn, type ChildProcess } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import { addDays, yesterdayIn } from '@parallels/contract/days';
import { openDatabase, queryRows, type DatabaseHandle } from '@parallels/server/db/client';
import { createServerDatabase } from '@parallels/server/db/scratch-database';
import { loadConfig } from '@parallels/server/config';
import { loadTokenKeyring } from '@parallels/server/lib/token-keyring';
import { findOrCreateUser } from '@parallels/server/modules/auth/auth.service';
import { recordSubscription } from '@parallels/server/modules/pricing/pricing.service';
import { connectEmulatorMerchant } from '@parallels/server/sandbox/demo';
import { QUEUES, syncJobOptions } from '@parallels/server/sync/queue';
import { syncedWindows } from '@parallels/server/sync/sync.sql';
import { backfillWindows, missingWindows, type DayWindow } from '@parallels/server/sync/windows';
import { createWorld, SANDBOX_APPS, type World } from '@parallels/emulators/common/world';
import { withScaleMerchants } from '@parallels/emulators/common/scale-merchants';
import { freePort, positiveInt } from './common.js';

/**
 * bench:scale (issue 23, item 3): a fleet syncing many brands on one PostgreSQL server within the platforms' shared
 * quotas. See bench/README.md ("bench:scale").
 *
 * 1. The emulators (emulators/src/main.ts, their own process, realistic quotas and latency) serve BENCH_SCALE_BRANDS
 *    generated merchants (EMULATOR_MERCHANTS: small-to-medium stores, every 25th a big brand with three Meta and two
 *    Google Ads accounts).
 * 2. A scratch database on BENCH_DATABASE_URL's server (default postgres://root@127.0.0.1:5432/postgres); two API
 *    processes (server/src/main.ts, PARALLELS_ROLE=api, production mode pointed at the emulators) on it.
 * 3. One brand per merchant, each its own user, connected as the consent pages would (sandbox/demo.ts
 *    connectEmulatorMerchant): all of them at once, before any worker runs.
 * 4. The workers (PARALLELS_ROLE=worker) start; each queues the backfills its start finds missing. Meanwhile
 *    BENCH_SCALE_CLIENTS logged-in users (each a different brand's owner) call the dashboard's and reports'
 *    endpoints, BENCH_SCALE_RATE (20) calls a second together (each call waits for the last one's answer),
 *    alternating between the two API processes: people browsing while the fleet syncs, not a load test.
 * 5. Every 2 s the bench reads each connection's committed windows from the database: a brand is "ready" when every
 *    connection of it has its newest 60 days, "complete" when it has all BENCH_SCALE_HISTORY_DAYS days.
 * 6. In a run with two or more workers, one worker is SIGKILLed once 30% of all windows are in; the others take
 *    its jobs over (orphan check, decision 026).
 * 7. In the fleet runs one merchant (the last) is held back and connected once every other brand is ready, while
 *    their history syncs: how long a brand that joins a busy fleet waits for its dashboard. Its backfill is queued
 *    as the API's connect routes queue it (the sync queue's backfill job, sent with pg-boss).
 * Runs: first the largest brand alone with one worker and no callers (the floor: no fleet finishes before its
 * largest brand would alone, whatever its quotas), then the whole fleet with each count in BENCH_SCALE_WORKERS
 * (default 1,3). Prints, per run: time until every brand is ready and complete against that floor, the gap between
 * the first and the last brand's readiness (fairness), API p50/p99 during the sync, quota errors the emulators
 * sent (goal 0) and delays the fleet's quota ledger chose instead, the Google Ads developer token's operations used,
 * and after the run with the kill, rows duplicated or lost against the run without it (goal 0). Figures, never
 * assertions.
 */

const BRANDS = positiveInt('BENCH_SCALE_BRANDS', 200);
const HISTORY_DAYS = positiveInt('BENCH_SCALE_HISTORY_DAYS', 730);
const CLIENTS = positiveInt('BENCH_SCALE_CLIENTS', 4);
/** calls a second all callers together send (each waits for its answer, then for its turn): people browsing, not a load test */
const RATE = positiveInt('BENCH_SCALE_RATE', 20);
const MAX_MINUTES = positiveInt('BENCH_SCALE_MAX_MINUTES', 120);
const WORKER_COUNTS = (process.env.BENCH_SCALE_WORKERS ?? '1,3').split(',').map((w) => Number(w.trim()));
if (WORKER_COUNTS.some((w) => !Number.isInteger(w) || w < 1)) throw new Error(`BENCH_SCALE_WORKERS: worker counts like 1,3, got '${process.env.BENCH_SCALE_WORKERS}'`);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
/** the share of all windows committed when one worker is killed */
const KILL_AT = 0.3;
/** the days every run's fact tables are compared on (see fingerprint) */
const COMPARED_DAYS = { from: addDays(yesterdayIn('UTC'), -(HISTORY_DAYS - 3)), to: addDays(yesterdayIn('UTC'), -31) };
const TOKEN_KEYS = `bench:${Buffer.alloc(32, 7).toString('base64')}`;
const PASSWORD = 'scale-bench-password';
const SERVER_DIR = fileURLToPath(new URL('../../server/', import.meta.url));

interface Fleet {
  emulators: ChildProcess;
  emu: string;
  database: { name: string; url: string; drop(): Promise<void> };
  apis: Array<{ child: ChildProcess; origin: string }>;
  workers: ChildProcess[];
}

interface Sample {
  at: number;
  ms: number;
  status: number;
  /** the route, brand id left out */
  route: string;
}

interface RunResult {
  label: string;
  brands: number;
  connections: number;
  windows: number;
  readyMs: number[];
  completeMs: number[];
  timedOut: boolean;
  samples: Sample[];
  quotaErrors: Record<string, number>;
  ledgerDelays: number;
  developerTokenOps: number;
  developerTokenCapacity: number;
  killedAt?: number;
  /** the brand connected while the others synced: when (from the workers' start), and how long until it was ready */
  late?: { connectedAt: number; readyAfter?: number };
  fingerprint: Record<string, string>;
  windowProblems: string[];
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** a child process that prints `ready` in its stdout once it is (the emulators print their base URLs) */
function startChild(script: string, cwd: string, env: Record<string, string>, ready?: RegExp): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  child.stdout!.resume();
  if (!ready) return Promise.resolve(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}) before it was ready`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (ready.test(out)) {
        child.removeAllListeners('exit');
        out = '';
        resolve(child);
      }
    });
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([gone, new Promise((r) => setTimeout(r, 30_000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** the app's settings in production mode, every platform pointed at the emulators, as a deployment would be */
function appEnv(emu: string, databaseUrl: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    PARALLELS_MODE: 'production',
    DATABASE_URL: databaseUrl,
    TOKEN_ENCRYPTION_KEYS: TOKEN_KEYS,
    LOG_LEVEL: 'warn',
    SYNC_HISTORY_DAYS: String(HISTORY_DAYS),
    META_GRAPH_URL: `${emu}/meta`,
    META_DIALOG_URL: `${emu}/meta`,
    META_APP_ID: SANDBOX_APPS.meta.clientId,
    META_APP_SECRET: SANDBOX_APPS.meta.clientSecret,
    GOOGLE_ACCOUNTS_URL: `${emu}/google`,
    GOOGLE_OAUTH2_URL: `${emu}/google`,
    GOOGLE_USERINFO_URL: `${emu}/google/v1/userinfo`,
    GOOGLE_CLIENT_ID: SANDBOX_APPS.google.clientId,
    GOOGLE_CLIENT_SECRET: SANDBOX_APPS.google.clientSecret,
    GOOGLE_ADS_URL: `${emu}/google-ads`,
    GOOGLE_ADS_DEVELOPER_TOKEN: SANDBOX_APPS.googleAdsDeveloperToken,
    GA4_ADMIN_URL: `${emu}/ga4`,
    GA4_DATA_URL: `${emu}/ga4`,
    SHOPIFY_SHOP_URL_TEMPLATE: `${emu}/shopify/{shop}`,
    SHOPIFY_API_KEY: SANDBOX_APPS.shopify.clientId,
    SHOPIFY_API_SECRET: SANDBOX_APPS.shopify.clientSecret,
    SHOPIFY_ADMIN_URL: `${emu}/shopify`,
    ZOHO_ACCOUNTS_URL: `${emu}/zoho`,
    ZOHO_DESK_URL: `${emu}/zoho`,
    ZOHO_CLIENT_ID: SANDBOX_APPS.zoho.clientId,
    ZOHO_CLIENT_SECRET: SANDBOX_APPS.zoho.clientSecret,
  };
}

async function startApi(fleet: Pick<Fleet, 'emu' | 'database'>): Promise<{ child: ChildProcess; origin: string }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = await startChild('src/main.ts', SERVER_DIR, { ...appEnv(fleet.emu, fleet.database.url), PARALLELS_ROLE: 'api', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: origin });
  await until(`the API process at ${origin}`, async () => {
    if (child.exitCode !== null) throw new Error(`the API process exited (${child.exitCode})`);
    return fetch(`${origin}/api/health`).then((r) => r.ok, () => false);
  }, 120_000);
  return { child, origin };
}

function startWorker(fleet: Pick<Fleet, 'emu' | 'database'>): Promise<ChildProcess> {
  return startChild('src/main.ts', SERVER_DIR, { ...appEnv(fleet.emu, fleet.database.url), PARALLELS_ROLE: 'worker' });
}

/** one brand per merchant, its owner a user of its own on the Growth plan (every report answers), all at once */
async function connectBrands(db: DatabaseHandle['db'], emu: string, world: World, merchantIds: string[]): Promise<Array<{ email: string; brandId: string }>> {
  const config = loadConfig({ PARALLELS_MODE: 'production', DATABASE_URL: 'postgres://unused/x', TOKEN_ENCRYPTION_KEYS: TOKEN_KEYS, ...appEnv(emu, 'postgres://unused/x') });
  const keyring = loadTokenKeyring(config);
  const mint = async (platform: string, body: Record<string, unknown>) => {
    const res = await fetch(`${emu}/${platform}/__admin/tokens`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`the ${platform} emulator did not mint a token: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  };
  const out: Array<{ email: string; brandId: string }> = [];
  for (const id of merchantIds) {
    const shop = world.shopify.shops.find((s) => s.merchantId === id)!;
    const user = await findOrCreateUser(db, { username: shop.ownerName, email: shop.email, password: PASSWORD });
    if (!user) throw new Error(`no user for ${shop.email}`);
    const brandId = await connectEmulatorMerchant({ db, keyring }, mint, world, id, { userId: user.id, brandName: shop.name });
    await recordSubscription(db, { brandId, shop: shop.domain, plan: 'GROWTH', status: 'active', chargeId: `bench-${id}`, trialEndsOn: null, billingOn: new Date(Date.now() + 30 * 86_400_000) });
    out.push({ email: shop.email, brandId });
  }
  return out;
}

/** each connection's windows (wanted, and committed) from the database */
async function progress(db: DatabaseHandle['db']): Promise<Map<string, { ready: boolean; complete: boolean; written: number; wanted: number }>> {
  const targets = await queryRows<{ id: string; brand_id: string; timezone: string }>(db, sql`select c.id, c.brand_id, b.timezone from connections c join brands b on b.id = c.brand_id`);
  const synced = await syncedWindows(db, targets.map((t) => t.id));
  const byConnection = new Map<string, DayWindow[]>();
  for (const w of synced) {
    const list = byConnection.get(w.connectionId);
    if (list) list.push(w);
    else byConnection.set(w.connectionId, [w]);
  }
  const brands = new Map<string, { ready: boolean; complete: boolean; written: number; wanted: number }>();
  for (const t of targets) {
    const wanted = backfillWindows(yesterdayIn(t.timezone), HISTORY_DAYS);
    const held = byConnection.get(t.id) ?? [];
    const b = brands.get(t.brand_id) ?? { ready: true, complete: true, written: 0, wanted: 0 };
    b.ready &&= missingWindows([wanted[0]!], held).length === 0;
    b.complete &&= missingWindows(wanted, held).length === 0;
    b.written += held.length;
    b.wanted += wanted.length;
    brands.set(t.brand_id, b);
  }
  return brands;
}

/**
 * What every fact table holds on the days both runs synced whatever the hour (a day's margin at each end for the
 * brands' timezones, and the last 30 days left out: platforms restate those as the days go by), summed: equal
 * between two runs of the same world when nothing was lost or duplicated.
 */
async function fingerprint(db: DatabaseHandle['db'], days: DayWindow): Promise<Record<string, string>> {
  const sums: Array<[string, string, string]> = [
    ['store_orders', 'order_date', "count(*) || ' orders, ' || coalesce(sum(total_price), 0)"],
    ['store_refunds', 'refund_date', "count(*) || ' refunds, ' || coalesce(sum(amount), 0)"],
    ['meta_ad_daily', 'date', "count(*) || ' rows, spend ' || coalesce(sum(spend), 0)"],
    ['meta_breakdown_daily', 'date', "count(*) || ' rows, spend ' || coalesce(sum(spend), 0)"],
    ['google_campaign_daily', 'date', "count(*) || ' rows, cost ' || coalesce(sum(cost_micros), 0)"],
    ['google_view_daily', 'date', "count(*) || ' rows, cost ' || coalesce(sum(cost_micros), 0)"],
    ['ga4_daily', 'date', "count(*) || ' rows, sessions ' || coalesce(sum(sessions), 0)"],
    ['ga4_dimension_daily', 'date', "count(*) || ' rows, sessions ' || coalesce(sum(sessions), 0)"],
    ['ad_account_daily', 'date', "count(*) || ' rows, spend ' || coalesce(sum(spend), 0)"],
  ];
  const out: Record<string, string> = {};
  for (const [table, day, expr] of sums) out[table] = (await queryRows<{ v: string }>(db, sql.raw(`select ${expr} as v from ${table} where ${day} between '${days.from}' and '${days.to}'`)))[0]!.v;
  return out;
}

/** connections whose committed backfill windows leave a day of the wanted span out (a window lost) */
async function windowGaps(db: DatabaseHandle['db']): Promise<string[]> {
  const targets = await queryRows<{ id: string; timezone: string }>(db, sql`select c.id, b.timezone from connections c join brands b on b.id = c.brand_id`);
  const held = await syncedWindows(db, targets.map((t) => t.id));
  return targets
    .map((t) => ({ id: t.id, missing: missingWindows(backfillWindows(yesterdayIn(t.timezone), HISTORY_DAYS), held.filter((w) => w.connectionId === t.id)) }))
    .filter((t) => t.missing.length > 0)
    .map((t) => `${t.id}: ${t.missing.map((w) => `${w.from}..${w.to}`).join(', ')} missing`);
}

async function logIn(origin: string, email: string): Promise<Record<string, string>> {
  const res = await fetch(`${origin}/api/auth/login/normal`, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ email, password: PASSWORD }) });
  if (!res.ok) throw new Error(`login of ${email} failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]!).join('; ');
  return { cookie, origin, 'content-type': 'application/json' };
}

/** what the dashboard asks for when it opens, then a few report pages' calls (bench/first-run's mix) */
function callsOf(brandId: string): Array<{ method: 'GET' | 'POST'; path: string; body?: string }> {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const last30 = { startDate: day(-30), endDate: day(-1) };
  const body = JSON.stringify(last30);
  return [
    { method: 'GET', path: `/api/brands/${brandId}` },
    { method: 'POST', path: `/api/summary/facebook-ads/${brandId}`, body: '{}' },
    { method: 'POST', path: `/api/summary/google-ads/${brandId}`, body: '{}' },
    { method: 'POST', path: `/api/summary/analytics/${brandId}`, body: '{}' },
    { method: 'POST', path: `/api/metrics/fbAd/${brandId}`, body },
    { method: 'POST', path: `/api/metrics/googleAdAndCampaign/${brandId}`, body },
    { method: 'GET', path: `/api/brands/currency/${brandId}` },
    { method: 'GET', path: `/api/report/${brandId}?${new URLSearchParams(last30).toString()}` },
    { method: 'POST', path: `/api/analytics/dayAtcReport/${brandId}`, body },
    { method: 'POST', path: `/api/meta/campaign/${brandId}`, body },
  ];
}

async function countConnections(db: DatabaseHandle['db']): Promise<number> {
  return (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from connections`))[0]!.n;
}

/** Queues a brand's backfills as the API's connect routes do (queue.ts backfillPending: every connection's newest 60 days). */
async function queueBackfills(db: DatabaseHandle['db'], url: string, brandId: string): Promise<void> {
  const boss = new PgBoss({ connectionString: url, schedule: false, supervise: false });
  await boss.start();
  try {
    const ids = await queryRows<{ id: string }>(db, sql`select id from connections where brand_id = ${brandId}`);
    for (const { id } of ids) await boss.send(QUEUES.backfill, { connectionId: id }, syncJobOptions(id, brandId, 0));
  } finally {
    await boss.stop({ graceful: false });
  }
}

async function run(label: string, world: World, merchantIds: string[], workers: number, options: { callers: number; kill: boolean; late: boolean }): Promise<RunResult> {
  // the emulators' standalone entry prints a line per platform once it listens, zoho's last
  const port = await freePort();
  const emulators = await startChild(
    fileURLToPath(new URL('../../emulators/src/main.ts', import.meta.url)),
    fileURLToPath(new URL('../../emulators/', import.meta.url)),
    { EMULATOR_PORT: String(port), EMULATOR_HOST: '127.0.0.1', EMULATOR_QUOTA: 'realistic', EMULATOR_MERCHANTS: String(BRANDS), LOG_LEVEL: 'warn' },
    /^zoho\s/m,
  );
  const fleet: Fleet = { emulators, emu: `http://127.0.0.1:${port}/sandbox`, database: await createServerDatabase(ADMIN_URL, 'parallels_bench_scale'), apis: [], workers: [] };
  const stopAll = async () => {
    for (const w of fleet.workers) await stopChild(w);
    for (const a of fleet.apis) await stopChild(a.child);
    await stopChild(emulators);
  };
  let database: DatabaseHandle | undefined;
  try {
    await fetch(`${fleet.emu}/meta/__admin/quota`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'realistic', latency: 'realistic' }) });
    // the first API process migrates the database; the second starts on it
    fleet.apis.push(await startApi(fleet));
    fleet.apis.push(await startApi(fleet));
    database = await openDatabase({ url: fleet.database.url });
    const db = database.db;
    const seedStart = Date.now();
    const lateMerchant = options.late && merchantIds.length > 1 ? merchantIds.at(-1) : undefined;
    const owners = await connectBrands(db, fleet.emu, world, lateMerchant ? merchantIds.slice(0, -1) : merchantIds);
    const connections = await countConnections(db);
    console.log(`  ${label}: ${owners.length} brands with ${connections} connections connected in ${seconds(Date.now() - seedStart)}; starting ${workers} worker${workers > 1 ? 's' : ''}`);

    const t0 = Date.now();
    for (let i = 0; i < workers; i++) fleet.workers.push(await startWorker(fleet));
    const samples: Sample[] = [];
    let done = false;
    const callers = await Promise.all(
      Array.from({ length: options.callers }, async (_, k) => {
        const owner = owners[(k * Math.max(1, Math.floor(owners.length / options.callers))) % owners.length]!;
        const origin = fleet.apis[k % fleet.apis.length]!.origin;
        return { origin, headers: await logIn(origin, owner.email), calls: callsOf(owner.brandId) };
      }),
    );
    const interval = (1000 * callers.length) / RATE;
    const load = callers.map(async ({ origin, headers, calls }, k) => {
      for (let i = k; !done; i++) {
        const call = calls[i % calls.length]!;
        const started = performance.now();
        const next = started + interval;
        const status = await fetch(`${origin}${call.path}`, { method: call.method, headers, body: call.body, signal: AbortSignal.timeout(30_000) }).then(
          async (res) => (await res.arrayBuffer(), res.status),
          () => 599,
        );
        samples.push({ at: Date.now(), ms: performance.now() - started, status, route: `${call.method} ${call.path.split('?')[0]!.replace(/\/[0-9a-f-]{36}$/, '/:brandId')}` });
        await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
      }
    });

    const readyAt = new Map<string, number>();
    const completeAt = new Map<string, number>();
    let killedAt: number | undefined;
    let late: { brandId: string; connectedAt: number } | undefined;
    let windows = 0;
    let timedOut = false;
    let lastReport = t0;
    for (;;) {
      const brands = await progress(db);
      const now = Date.now();
      let written = 0;
      let wanted = 0;
      for (const [brandId, b] of brands) {
        if (b.ready && !readyAt.has(brandId)) readyAt.set(brandId, now - t0);
        if (b.complete && !completeAt.has(brandId)) completeAt.set(brandId, now - t0);
        written += b.written;
        wanted += b.wanted;
      }
      windows = wanted;
      if (options.kill && killedAt === undefined && written >= KILL_AT * wanted) {
        fleet.workers[0]!.kill('SIGKILL');
        killedAt = now - t0;
        console.log(`  ${label}: SIGKILL to one worker at ${seconds(killedAt)} (${written} of ${wanted} windows in)`);
      }
      if (lateMerchant && !late && readyAt.size === owners.length) {
        const [owner] = await connectBrands(db, fleet.emu, world, [lateMerchant]);
        await queueBackfills(db, fleet.database.url, owner!.brandId);
        owners.push(owner!);
        late = { brandId: owner!.brandId, connectedAt: Date.now() - t0 };
        console.log(`  ${label}: every brand ready; ${lateMerchant} connected at ${seconds(late.connectedAt)} while the others sync their history`);
      }
      if (now - lastReport >= 30_000) {
        lastReport = now;
        const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
        console.log(`  … ${seconds(now - t0)}: ${readyAt.size} of ${brands.size} brands ready, ${completeAt.size} complete, ${written} of ${wanted} windows; API p99 ${quantile(ms, 0.99).toFixed(0)} ms over ${ms.length} calls`);
      }
      if (completeAt.size === brands.size && brands.size === owners.length && (!lateMerchant || late)) break;
      if (now - t0 > MAX_MINUTES * 60_000) {
        timedOut = true;
        break;
      }
      await new Promise((r) => setTimeout(r, 2000));
    }
    done = true;
    await Promise.all(load);
    const syncEnd = Date.now();
    const during = samples.filter((s) => s.at <= syncEnd);

    const quota = (await fetch(`${fleet.emu}/meta/__admin/quota`).then((r) => r.json())) as { refused?: Record<string, number> };
    const ledger = await queryRows<{ platform: string; budget_key: string; period: string; used: number; capacity: number; refused: number }>(db, sql`select platform, budget_key, period, used, capacity, refused::int as refused from quota_budgets`);
    const token = ledger.filter((b) => b.platform === 'google_ads' && b.period === 'pacific_day');
    return {
      label,
      brands: owners.length,
      connections: await countConnections(db),
      windows,
      readyMs: [...readyAt.values()],
      completeMs: [...completeAt.values()],
      timedOut,
      samples: during,
      quotaErrors: quota.refused ?? {},
      ledgerDelays: ledger.reduce((a, b) => a + b.refused, 0),
      developerTokenOps: token.reduce((a, b) => a + b.used, 0),
      developerTokenCapacity: token[0]?.capacity ?? 0,
      killedAt,
      ...(late ? { late: { connectedAt: late.connectedAt, readyAfter: readyAt.has(late.brandId) ? readyAt.get(late.brandId)! - late.connectedAt : undefined } } : {}),
      fingerprint: await fingerprint(db, COMPARED_DAYS),
      windowProblems: await windowGaps(db),
    };
  } finally {
    await stopAll();
    await database?.close();
    await fleet.database.drop();
  }
}

function report(r: RunResult, floor?: RunResult): void {
  const ready = [...r.readyMs].sort((a, b) => a - b);
  const complete = [...r.completeMs].sort((a, b) => a - b);
  const ms = r.samples.map((s) => s.ms).sort((a, b) => a - b);
  const failed = r.samples.filter((s) => s.status >= 500 || s.status === 429).length;
  const against = (value: number | undefined, base: number | undefined) => (value === undefined ? 'not reached' : base ? `${seconds(value)} (${(value / base).toFixed(1)}x the floor)` : seconds(value));
  const lastReady = ready.length === r.brands ? ready.at(-1) : undefined;
  const lastComplete = complete.length === r.brands ? complete.at(-1) : undefined;
  console.log(`\n${r.label}: ${r.brands} brands, ${r.connections} connections, ${r.windows} windows${r.timedOut ? ` (stopped after ${MAX_MINUTES} min)` : ''}`);
  console.log(`  every brand's newest 60 days   ${against(lastReady, floor?.readyMs[0])}; first brand ${ready[0] === undefined ? '-' : seconds(ready[0])}, gap first to last ${lastReady === undefined ? '-' : seconds(lastReady - ready[0]!)}`);
  console.log(`  every brand's ${HISTORY_DAYS} days        ${against(lastComplete, floor?.completeMs[0])}`);
  if (r.samples.length > 0) {
    const slowest = r.samples.reduce((a, b) => (b.ms > a.ms ? b : a));
    console.log(`  API during the sync            ${ms.length} calls, p50 ${quantile(ms, 0.5).toFixed(0)} ms, p99 ${quantile(ms, 0.99).toFixed(0)} ms, max ${ms.at(-1)!.toFixed(0)} ms (${slowest.route}), ${failed} failed`);
    // by route: the Meta campaigns page waits up to 4 s for Meta's own reach of a range it has not fetched yet
    // (meta-campaigns/range-reach.ts), the other calls only for our database
    const byRoute = new Map<string, number[]>();
    for (const s of r.samples) {
      const list = byRoute.get(s.route);
      if (list) list.push(s.ms);
      else byRoute.set(s.route, [s.ms]);
    }
    const routes = [...byRoute].map(([route, list]) => ({ route, p99: quantile(list.sort((a, b) => a - b), 0.99) })).sort((a, b) => b.p99 - a.p99);
    const others = r.samples.filter((s) => s.route !== routes[0]!.route).map((s) => s.ms).sort((a, b) => a - b);
    console.log(`  slowest routes (p99)           ${routes.slice(0, 3).map((x) => `${x.route} ${x.p99.toFixed(0)} ms`).join(', ')}; every other route together ${quantile(others, 0.99).toFixed(0)} ms`);
  }
  const errors = Object.entries(r.quotaErrors).filter(([, n]) => n > 0);
  console.log(`  quota errors from the platforms ${errors.length === 0 ? '0' : errors.map(([k, n]) => `${k} ${n}`).join(', ')}; delays the quota ledger chose instead ${r.ledgerDelays}`);
  console.log(`  Google Ads developer token      ${r.developerTokenOps} of ${r.developerTokenCapacity} operations today`);
  if (r.late) console.log(`  a brand connected at ${seconds(r.late.connectedAt)}, while the others synced history: newest 60 days ${r.late.readyAfter === undefined ? 'not ready' : `ready ${seconds(r.late.readyAfter)} later`}${floor?.readyMs[0] ? ` (the largest brand alone: ${seconds(floor.readyMs[0])})` : ''}`);
  if (r.killedAt !== undefined) console.log(`  one worker SIGKILLed at ${seconds(r.killedAt)}`);
  console.log(`  windows: ${r.windowProblems.length === 0 ? 'every connection holds every day of its span' : `${r.windowProblems.length} connections with a gap: ${r.windowProblems.slice(0, 3).join('; ')}`}`);
}

const world = withScaleMerchants(createWorld(), BRANDS);
const scale = world.merchants.filter((m) => m.id.startsWith('scale-'));
const largest = [...scale].sort((a, b) => b.baseDailyOrders - a.baseDailyOrders)[0]!;
console.log(`bench:scale: ${BRANDS} brands (largest ${largest.id}, ${Math.round(largest.baseDailyOrders)} orders a day), ${HISTORY_DAYS} days of history, workers ${WORKER_COUNTS.join(' then ')}, ${CLIENTS} API callers at ${RATE} calls/s; PostgreSQL at ${new URL(ADMIN_URL).host}; ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB`);
const floor = await run(`floor: ${largest.id} alone, 1 worker`, world, [largest.id], 1, { callers: 0, kill: false, late: false });
report(floor);
let reference: RunResult | undefined;
for (const workers of WORKER_COUNTS) {
    const r = await run(`fleet: ${workers} worker${workers > 1 ? 's' : ''}`, world, scale.map((m) => m.id), workers, { callers: CLIENTS, kill: workers > 1, late: true });
  report(r, floor);
  if (!reference && r.killedAt === undefined && !r.timedOut) reference = r;
  else if (reference && r.killedAt !== undefined && !r.timedOut) {
    const diff = Object.keys(reference.fingerprint).filter((t) => reference!.fingerprint[t] !== r.fingerprint[t]);
    console.log(`  after the kill, against the run without it (${COMPARED_DAYS.from} to ${COMPARED_DAYS.to}): ${diff.length === 0 ? 'no row duplicated or lost (every fact table holds the same rows and sums)' : diff.map((t) => `${t}: ${r.fingerprint[t]} against ${reference!.fingerprint[t]}`).join('; ')}`);
  }
}
console.log(`\nload average ${loadavg()[0]!.toFixed(1)} at the end`);
