import { AsyncLocalStorage } from 'node:async_hooks';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { buildApp } from '@parallels/server/app';
import { loadConfig } from '@parallels/server/config';
import { openDatabase, queryRows, type Database } from '@parallels/server/db/client';
import { loadTokenKeyring } from '@parallels/server/lib/token-keyring';
import { seedDemo } from '@parallels/server/sandbox/demo';
import { runBackfill, type JobDeps } from '@parallels/server/sync/backfill.job';
import { META_MAX_WINDOWS, META_RUNS_PER_WINDOW, windowConcurrency } from '@parallels/server/sync/window-concurrency';
import { sql } from 'drizzle-orm';
import { addDays } from '@parallels/contract/days';
import { createServerDatabase } from '@parallels/server/db/scratch-database';
import { freePort } from './common.js';

/**
 * bench/backfill: the demo brand's two-year backfill against the emulators with realistic quotas AND realistic
 * latency, on embedded PGlite in a data directory on disk, the way the sync queue runs it. See bench/README.md ("bench:backfill").
 *
 * - The emulators run in their own process (emulators/src/main.ts, what `npm run emulators` starts), as the
 *   outside world: their CPU is not ours. The app's platform URLs point at it through configuration.
 *   `PUT /__admin/quota {"mode":"realistic","latency":"realistic"}` turns on quotas and latency: data calls wait
 *   the platform's typical latency, Meta report runs and Shopify bulk exports take a realistic time.
 * - Every connection syncs concurrently, as the queue's workers do (localConcurrency): each runs its newest 60
 *   days ('recent'), then its history; the history of one connection starts as soon as its own recent window is in
 *   (the queue enqueues it then). BENCH_BACKFILL_PASSES=barrier waits for every recent window first instead.
 *
 * THE FLOOR: what a perfect client would still spend: the calls our sync design needs (the same windows, the same
 * batched calls), each costing only what the platform itself spends on it, with no time of ours in between.
 * - A call costs its server time + added latency, both read from the emulator's `Server-Timing: app;dur=..,
 *   latency;dur=..` header. Creating an async job (a Meta report run, a Shopify bulk export) costs its server time
 *   plus the longer of its latency and the job's run time (`job;dur=..`): a perfect client polls once, exactly
 *   when the job is ready.
 * - Needed calls: failed answers (retries, throttles) are left out, and so are all polls of a job but the last.
 * - A chain is a run of calls where each needs the previous answer: create a job -> its last poll -> its result
 *   pages; the pages of one edge; any other call alone. Chains of one window are independent, so a window's
 *   floor is its longest chain (the connectors send them side by side; so could a perfect client, within the
 *   quotas). A connection's windows follow each other on the platform: the job starts a window's pull once the
 *   previous window's async jobs are done (Meta runs, a Shopify export: their result pages may still be read)
 *   or, for the other platforms, once the previous pull is in. So window k+1 starts after window k's remote
 *   part (create, job, last poll) or its whole floor, and the connection's floor is when its last window
 *   could be in. That is the floor one window at a time (decision 006). The job now runs c windows of a
 *   connection at once, c the platform's documented concurrency (window-concurrency.ts; Meta's from the
 *   emulator's report-run budget): the floor at the platforms' limits gives each window one of c places from its
 *   start until its remote part (or all of it) is done, windows starting in order; the ratio uses that one
 *   (decision 021). Calls are attributed to their window through the job's tracePull hook.
 * - Connections sync concurrently, so the floor of the whole backfill is the LONGEST connection's floor (the
 *   ratio uses it); the sum over connections (what one sequential client would need) is printed too.
 *
 * BENCH_DATABASE_URL=postgres://...: the same on a PostgreSQL server (a scratch database is created and dropped), as a
 * worker process of a deployment writes (decision 026): the writes run in the server's processes, not on our thread.
 * The server's CPU is printed beside ours (every `postgres` process's, read from /proc: it shares the machine).
 */

type Platform = 'meta' | 'google_ads' | 'ga4' | 'shopify';

interface Call {
  conn: string;
  window: number;
  method: string;
  path: string;
  status: number;
  /** client clock (performance.now()): fetch sent, answer's headers received */
  t0: number;
  t1: number;
  app: number;
  latency: number;
  job: number;
  chain: string;
  role: 'create' | 'poll' | 'page' | 'call';
  /** refused (HTTP error, THROTTLED, a busy bulk slot): a perfect client would not make it */
  failed: boolean;
}

interface ConnRun {
  id: string;
  platform: Platform;
  accountId: string;
  /** window index by its first day, in the order the job pulls them */
  windowIds: Map<string, number>;
  calls: Call[];
  /** each window's transaction (facts + checkpoint), client clock */
  writes: Array<{ start: number; end: number }>;
  pending: Array<Promise<void>>;
  started: number;
  recentAt: number;
  doneAt: number;
  reported: number;
}

/** The emulators' standalone entry in a child process; resolves once it prints its base URLs. */
async function startEmulators(): Promise<{ origin: string; child: ChildProcess }> {
  const port = await freePort();
  const main = fileURLToPath(new URL('../../emulators/src/main.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    cwd: fileURLToPath(new URL('../../emulators/', import.meta.url)),
    env: { ...process.env, EMULATOR_PORT: String(port), EMULATOR_HOST: '127.0.0.1', EMULATOR_QUOTA: 'realistic', LOG_LEVEL: 'warn', ...(largeStore ? { EMULATOR_SHOPIFY_ORDERS: String(largeStore) } : {}) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.once('exit', (code) => reject(new Error(`the emulators exited (${code}) before listening`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (/^zoho\s/m.test(out)) resolve();
    });
  });
  child.removeAllListeners('exit');
  return { origin: `http://127.0.0.1:${port}`, child };
}

/** create and migrate a PGlite data directory in a child process (src/create-database.ts); its peak RSS in MiB */
async function createDatabaseInChild(dataDir: string): Promise<number> {
  const script = fileURLToPath(new URL('./create-database.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, dataDir], { cwd: fileURLToPath(new URL('..', import.meta.url)), stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`creating the database exited ${code}`);
  return Number(out.trim());
}

/** CPU seconds of every `postgres` process on this machine, with the children they have reaped (ended backends) */
function postgresCpuSeconds(): number {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    if (readCommand(pid) === 'postgres') total += cpuSecondsOf(Number(pid), { withReapedChildren: true }) ?? 0; // ?? 0: it ended while we read
  }
  return total;
}

/** a process's command name (Linux /proc; undefined when it has ended) */
function readCommand(pid: string): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** a process's peak resident set in MiB (Linux /proc VmHWM; undefined elsewhere) */
function peakRssMiBOf(pid: number | undefined): number | undefined {
  try {
    const kb = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}

/** CPU seconds a process has used (Linux /proc; undefined elsewhere) */
function cpuSecondsOf(pid: number | undefined, options: { withReapedChildren?: boolean } = {}): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime + stime (+ cutime + cstime: children it has waited for), in clock ticks (USER_HZ = 100)
    const ticks = Number(fields[11]) + Number(fields[12]) + (options.withReapedChildren ? Number(fields[13]) + Number(fields[14]) : 0);
    return ticks / 100;
  } catch {
    return undefined;
  }
}

function serverTiming(header: string | null): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().split(';');
    const dur = params.map((p) => /^dur=([\d.]+)$/.exec(p.trim())?.[1]).find((d) => d !== undefined);
    if (name && dur !== undefined) out[name] = Number(dur);
  }
  return out;
}

// BENCH_SHOPIFY_ORDERS=2000000: a large store (issue 21 item 4): the emulators' demo shop gets about that many orders
// over the two years (EMULATOR_SHOPIFY_ORDERS), and only Shopify is synced
const largeStore = process.env.BENCH_SHOPIFY_ORDERS ? Number(process.env.BENCH_SHOPIFY_ORDERS.replace(/_/g, '')) : undefined;
if (largeStore !== undefined && !(largeStore > 0)) throw new Error(`BENCH_SHOPIFY_ORDERS: not an order count: ${process.env.BENCH_SHOPIFY_ORDERS}`);
// BENCH_EMULATORS_URL: use emulators already running elsewhere (`npm run emulators`, e.g. to profile them)
const external = process.env.BENCH_EMULATORS_URL?.replace(/\/$/, '');
const { origin: emulatorOrigin, child: emulators } = external ? { origin: external, child: undefined } : await startEmulators();
const emu = `${emulatorOrigin}/sandbox`;
const passes = process.env.BENCH_BACKFILL_PASSES === 'barrier' ? 'barrier' : 'pipelined';
const eventLoop = monitorEventLoopDelay({ resolution: 20 });
const realFetch = globalThis.fetch;
let server: Awaited<ReturnType<typeof createServerDatabase>> | undefined;
try {
  const admin = (path: string, init: RequestInit = {}) => realFetch(`${emu}/meta/__admin/${path}`, { ...init, headers: { 'content-type': 'application/json' } });
  // quotas and latency are shared by every platform of the emulator process
  await admin('quota', { method: 'PUT', body: JSON.stringify({ mode: 'realistic', latency: 'realistic' }) });

  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SYNC_WORKERS: 'false',
    TOKEN_ENCRYPTION_KEYS: `bench:${Buffer.alloc(32, 7).toString('base64')}`,
    META_GRAPH_URL: `${emu}/meta`,
    META_DIALOG_URL: `${emu}/meta`,
    GOOGLE_ACCOUNTS_URL: `${emu}/google`,
    GOOGLE_OAUTH2_URL: `${emu}/google`,
    GOOGLE_USERINFO_URL: `${emu}/google/v1/userinfo`,
    GOOGLE_ADS_URL: `${emu}/google-ads`,
    GA4_ADMIN_URL: `${emu}/ga4`,
    GA4_DATA_URL: `${emu}/ga4`,
    SHOPIFY_SHOP_URL_TEMPLATE: `${emu}/shopify/{shop}`,
    ZOHO_ACCOUNTS_URL: `${emu}/zoho`,
    ZOHO_DESK_URL: `${emu}/zoho`,
  });
  // a data directory on disk, as `npm start` keeps in .data/ (not the in-memory file system tests use)
  const dataDir = mkdtempSync(join(tmpdir(), 'parallels-bench-backfill-'));
  // a large store: the data directory is created (initdb, migrations) in a child process, so that our peak RSS
  // is what the app and the backfill hold (initdb alone peaks near 1 GiB, once per data directory)
  // BENCH_DATABASE_URL: a scratch database on that PostgreSQL server instead
  server = process.env.BENCH_DATABASE_URL ? await createServerDatabase(process.env.BENCH_DATABASE_URL, 'bench_backfill') : undefined;
  const initdbPeakMiB = largeStore && !server ? await createDatabaseInChild(dataDir) : undefined;
  const database = await openDatabase(server ? { url: server.url } : { dataDir });
  const databaseName = server ? `PostgreSQL (${server.name})` : 'PGlite';
  const app = await buildApp({ config, database, emulators: false });
  // The demo seed mints its tokens on the sandbox admin routes: pass them on to the emulator process.
  app.post<{ Params: { platform: string } }>('/sandbox/:platform/__admin/tokens', async (req, reply) => {
    const res = await realFetch(`${emu}/${req.params.platform}/__admin/tokens`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(req.body ?? {}) });
    return reply.code(res.status).send(await res.json());
  });
  const keyring = loadTokenKeyring(config);
  await seedDemo(app, { db: database.db, keyring });
  // BENCH_BACKFILL_PLATFORMS=shopify,meta: sync only these (to see one connection without the others' contention)
  const only = largeStore ? ['shopify'] : process.env.BENCH_BACKFILL_PLATFORMS?.split(',').map((p) => p.trim()).filter(Boolean);
  const conns = (await queryRows<{ id: string; platform: Platform; account_id: string }>(database.db, sql`select id, platform, account_id from connections order by platform, account_id`))
    .filter((c) => !only?.length || only.includes(c.platform));

  // Every platform call, by connection and window: AsyncLocalStorage names the connection, and the job's
  // tracePull hook the window each pull is for (the job pulls the next window while it writes this one).
  const als = new AsyncLocalStorage<{ run: ConnRun; window: number }>();
  const runs = conns.map((c): ConnRun => ({ id: c.id, platform: c.platform, accountId: c.account_id, windowIds: new Map(), calls: [], writes: [], pending: [], started: 0, recentAt: 0, doneAt: 0, reported: 0 }));
  let chainSeq = 0;
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const store = als.getStore();
    if (!store || !url.startsWith(emu) || url.includes('/__admin/')) return realFetch(input, init);
    const { run, window } = store;
    const t0 = performance.now();
    const res = await realFetch(input, init);
    const st = serverTiming(res.headers.get('server-timing'));
    const { pathname } = new URL(url);
    const call: Call = {
      conn: run.id, window, method: init?.method ?? 'GET', path: pathname.slice('/sandbox'.length), status: res.status,
      t0, t1: performance.now(), app: st.app ?? 0, latency: st.latency ?? 0, job: st.job ?? 0,
      chain: `call:${chainSeq++}`, role: 'call', failed: res.status >= 400,
    };
    run.calls.push(call);
    run.reported++;
    // only the small answers that name a job are read twice (Meta run creation, Shopify GraphQL)
    const readsBody = (call.method === 'POST' && call.path.startsWith('/meta/')) || call.path.endsWith('/graphql.json');
    if (!call.failed) run.pending.push(classify(call, init, readsBody ? res.clone() : undefined).catch(() => undefined));
    return res;
  };

  /** Which chain a call belongs to (see the floor above); reads the small bodies that say so. */
  async function classify(call: Call, init: RequestInit | undefined, res: Response | undefined): Promise<void> {
    const segs = call.path.split('/').filter(Boolean);
    const [platform, ...rest] = segs;
    if (platform === 'meta') {
      const path = /^v\d+\.\d+$/.test(rest[0] ?? '') ? rest.slice(1) : rest;
      const [head, edge] = path;
      if (call.method === 'POST' && edge === 'insights' && res) {
        const body = (await res.json()) as { report_run_id?: string };
        if (body.report_run_id) Object.assign(call, { role: 'create', chain: `run:${body.report_run_id}` });
      } else if (head && /^\d+$/.test(head) && edge === undefined) Object.assign(call, { role: 'poll', chain: `run:${head}` });
      else if (head && /^\d+$/.test(head) && edge === 'insights') Object.assign(call, { role: 'page', chain: `run:${head}` });
      else if (head && edge) Object.assign(call, { role: 'page', chain: `edge:${call.window}:${head}/${edge}` });
    } else if (platform === 'shopify') {
      if (call.path.includes('/bulk-results/')) {
        const id = /\/bulk-results\/(\d+)\.jsonl/.exec(call.path)?.[1];
        Object.assign(call, { role: 'page', chain: `bulk:gid://shopify/BulkOperation/${id}` });
        return;
      }
      if (!res) return;
      const request = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as { query?: string; variables?: { id?: string } };
      const body = (await res.json()) as { data?: { bulkOperationRunQuery?: { bulkOperation?: { id?: string } | null } }; errors?: Array<{ extensions?: { code?: string } }> };
      if (Array.isArray(body.errors) && body.errors.some((e) => e.extensions?.code === 'THROTTLED')) call.failed = true;
      else if (/bulkOperationRunQuery/.test(request.query ?? '')) {
        const id = body.data?.bulkOperationRunQuery?.bulkOperation?.id;
        if (id) Object.assign(call, { role: 'create', chain: `bulk:${id}` });
        else call.failed = true; // the shop's bulk slot was busy: a perfect client waits instead
      } else if (/PollBulk|BulkOperation/.test(request.query ?? '') && request.variables?.id) Object.assign(call, { role: 'poll', chain: `bulk:${request.variables.id}` });
    }
  }

  /** The same database, but each transaction (a window's facts and checkpoint) is timed. */
  function countingDb(db: Database, run: ConnRun): Database {
    return new Proxy(db, {
      get(target, prop) {
        if (prop === 'transaction') {
          return async (...args: Parameters<Database['transaction']>) => {
            const t0 = performance.now();
            try {
              return await target.transaction(...args);
            } finally {
              run.writes.push({ start: t0, end: performance.now() });
            }
          };
        }
        const v: unknown = Reflect.get(target, prop, target);
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
      },
    });
  }
  const depsOf = (run: ConnRun): JobDeps => ({
    db: countingDb(database.db, run),
    config,
    keyring,
    log: app.log,
    tracePull: (w, pull) => {
      if (!run.windowIds.has(w.from)) run.windowIds.set(w.from, run.windowIds.size);
      return als.run({ run, window: run.windowIds.get(w.from)! }, pull);
    },
  });

  const phase = async (run: ConnRun, which: 'recent' | 'history') => {
    const r = await als.run({ run, window: -1 }, () => runBackfill(depsOf(run), run.id, which));
    if (r.outcome !== 'done') throw new Error(`${run.platform} ${which} backfill ended ${r.outcome}`);
    if (which === 'recent') run.recentAt = performance.now();
    else run.doneAt = performance.now();
  };
  const load0 = loadavg();
  const cpu0 = process.cpuUsage();
  const emuCpu0 = cpuSecondsOf(emulators?.pid);
  const pgCpu0 = server ? postgresCpuSeconds() : undefined;
  eventLoop.enable();
  // our heap and RSS over the run (a large store: what grows, beside the peak the kernel keeps)
  const memory = { rss: 0, heapUsed: 0, external: 0, arrayBuffers: 0 };
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    memory.rss = Math.max(memory.rss, m.rss);
    memory.heapUsed = Math.max(memory.heapUsed, m.heapUsed);
    memory.external = Math.max(memory.external, m.external);
    memory.arrayBuffers = Math.max(memory.arrayBuffers, m.arrayBuffers);
  }, 250);
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  for (const r of runs) r.started = started;
  if (passes === 'barrier') {
    await Promise.all(runs.map((r) => phase(r, 'recent')));
    await Promise.all(runs.map((r) => phase(r, 'history')));
  } else {
    await Promise.all(runs.map(async (r) => {
      await phase(r, 'recent');
      await phase(r, 'history');
    }));
  }
  const wall = (performance.now() - started) / 1000;
  eventLoop.disable();
  clearInterval(sampler);
  const cpu = process.cpuUsage(cpu0);
  const emuCpu1 = cpuSecondsOf(emulators?.pid);
  const pgCpu1 = server ? postgresCpuSeconds() : undefined;
  const recentReady = (Math.max(...runs.map((r) => r.recentAt)) - started) / 1000;
  for (const r of runs) await Promise.all(r.pending);

  // ---- the floor, and where the rest of the wall time went ----
  const callCost = (c: Call) => c.app + (c.role === 'create' ? Math.max(c.latency, c.job) : c.latency);
  /** floor: the window's longest chain; remote: its async jobs' part (create, job, last poll), after which the job starts the next window */
  interface WindowCost { floor: number; remote: number; async: boolean; pollSlack: number }
  interface ConnFloor { run: ConnRun; needed: number; extraPolls: number; failed: number; windows: WindowCost[]; floor: number; floorLimits: number; pollSlack: number; writes: number; wall: number }
  /** windows a connection may have in flight at the platforms' documented limits: as the job runs them (window-concurrency.ts), Meta's from the emulator's run budget */
  const metaRunBudget = ((await (await admin('meta/config')).json()) as { insightsRunBudget: number }).insightsRunBudget;
  const concurrencyOf = (platform: Platform) =>
    platform === 'meta' ? Math.max(1, Math.min(META_MAX_WINDOWS, Math.floor(metaRunBudget / META_RUNS_PER_WINDOW))) : windowConcurrency(platform, config.platforms);
  const floors: ConnFloor[] = runs.map((run) => {
    const chains = new Map<string, Call[]>();
    let failed = 0;
    for (const c of run.calls) {
      if (c.failed) {
        failed++;
        continue;
      }
      const list = chains.get(c.chain) ?? [];
      list.push(c);
      chains.set(c.chain, list);
    }
    const windows: WindowCost[] = Array.from({ length: run.windowIds.size }, () => ({ floor: 0, remote: 0, async: false, pollSlack: 0 }));
    let needed = 0;
    let extraPolls = 0;
    for (const list of chains.values()) {
      const polls = list.filter((c) => c.role === 'poll');
      const lastPoll = polls[polls.length - 1];
      const keep = list.filter((c) => c.role !== 'poll' || c === lastPoll);
      extraPolls += list.length - keep.length;
      needed += keep.length;
      const cost = keep.reduce((sum, c) => sum + callCost(c), 0);
      const w = windows[keep[0]!.window];
      if (!w) continue;
      if (keep.some((c) => c.role === 'create')) {
        w.async = true;
        w.remote = Math.max(w.remote, keep.filter((c) => c.role === 'create' || c.role === 'poll').reduce((sum, c) => sum + callCost(c), 0));
      }
      if (cost <= w.floor) continue;
      w.floor = cost;
      // the critical chain's wait between its job being ready and the poll that saw it
      const create = keep.find((c) => c.role === 'create');
      w.pollSlack = create && lastPoll ? Math.max(0, lastPoll.t0 - (create.t1 - create.latency + create.job)) : 0;
    }
    // Window k+1 starts when window k's async jobs are done (Meta runs, a Shopify export), or else when all of
    // k is in; the connection is done when its last-finishing window is. One window at a time (decision 006's
    // floor), and at the platform's documented concurrency: c windows hold a place each, from their start until
    // their async part is done (or all of them is in), and start in order (decision 021).
    const floorAt = (c: number) => {
      const frees: number[] = [];
      let start = 0;
      let floor = 0;
      for (const w of windows) {
        if (frees.length >= c) {
          frees.sort((a, b) => a - b);
          start = Math.max(start, frees.shift()!);
        }
        floor = Math.max(floor, start + w.floor);
        frees.push(start + (w.async ? w.remote : w.floor));
      }
      return floor;
    };
    const floor = floorAt(1);
    const floorLimits = floorAt(concurrencyOf(run.platform));
    const writes = run.writes.reduce((a, w) => a + (w.end - w.start), 0);
    return { run, needed, extraPolls, failed, windows, floor, floorLimits, pollSlack: windows.reduce((a, w) => a + w.pollSlack, 0), writes, wall: run.doneAt - run.started };
  });
  // BENCH_BACKFILL_TRACE=file.json: every call and write, for a closer look
  if (process.env.BENCH_BACKFILL_TRACE) {
    const t = (x: number) => Math.round((x - started) * 10) / 10;
    const trace = runs.map((r) => ({
      platform: r.platform, accountId: r.accountId,
      calls: r.calls.map((c) => ({ ...c, t0: t(c.t0), t1: t(c.t1) })),
      writes: r.writes.map((w) => ({ start: t(w.start), end: t(w.end) })),
    }));
    writeFileSync(process.env.BENCH_BACKFILL_TRACE, JSON.stringify(trace, null, 1));
  }
  const floorSum = floors.reduce((sum, f) => sum + f.floor, 0) / 1000;
  const longestOf = (key: 'floor' | 'floorLimits') => floors.reduce((a, b) => (b[key] > a[key] ? b : a));
  const longest = longestOf('floor');
  const floorMax = longest.floor / 1000;
  const longestAtLimits = longestOf('floorLimits');
  const floorLimitsMax = longestAtLimits.floorLimits / 1000;
  const recentFloor = Math.max(...floors.map((f) => f.windows[0]?.floor ?? 0)) / 1000;
  const recentOf = (r: ConnRun) => (r.recentAt - r.started) / 1000;
  const [facts] = await queryRows<{ orders: number; meta: number; google: number; ga4: number }>(
    database.db,
    sql`select (select count(*)::int from store_orders) as orders, (select count(*)::int from meta_ad_daily) as meta, (select count(*)::int from google_view_daily) as google, (select count(*)::int from ga4_dimension_daily) as ga4`,
  );

  const s = (ms: number) => (ms / 1000).toFixed(1).padStart(6);
  const verdict = (ok: boolean) => (ok ? 'OK' : 'OVER BUDGET');
  if (largeStore) console.log(`backfill: LARGE STORE: BENCH_SHOPIFY_ORDERS=${largeStore} (the emulators' EMULATOR_SHOPIFY_ORDERS), Shopify only, SYNC_WINDOW_CONCURRENCY=${process.env.SYNC_WINDOW_CONCURRENCY ?? 'one (default)'}`);
  console.log(`backfill: demo brand, ${config.syncHistoryDays} days, ${conns.length} connections synced concurrently (${passes}), ${databaseName}; emulators in their own process with realistic quotas and latency`);
  console.log(`backfill: load average before ${load0.map((l) => l.toFixed(2)).join(' ')}, after ${loadavg().map((l) => l.toFixed(2)).join(' ')} (${cpus().length} cores, shared)`);
  // floor 1 = one window at a time (decision 006); floor c = at the platform's documented concurrency (c windows,
  // decision 021). wall = floor c + poll slack + ours: ours is everything else (our CPU, waiting for our event
  // loop, writes the pulls did not hide); db writes is the time inside window transactions, hidden or not
  console.log('backfill: connection                calls needed extra-polls failed |  floor 1  c  floor c + poll slack +   ours =   wall  ratio | newest 60 d | db writes');
  for (const f of floors) {
    const r = f.run;
    const name = `${r.platform} ${r.accountId}`.slice(0, 32).padEnd(32);
    console.log(
      `backfill: ${name} ${String(r.reported).padStart(5)} ${String(f.needed).padStart(6)} ${String(f.extraPolls).padStart(11)} ${String(f.failed).padStart(6)} | ${s(f.floor)}s ${String(concurrencyOf(r.platform)).padStart(2)} ${s(f.floorLimits)}s     ${s(f.pollSlack)}s ${s(f.wall - f.floorLimits - f.pollSlack)}s ${s(f.wall)}s ${(f.wall / f.floorLimits).toFixed(2).padStart(5)}x | ${recentOf(r).toFixed(1).padStart(9)} s | ${s(f.writes)}s`,
    );
  }
  const slowestRecent = runs.reduce((a, b) => (recentOf(b) > recentOf(a) ? b : a));
  console.log(`backfill: newest 60 days of every connection ready after ${recentReady.toFixed(1)} s (floor ${recentFloor.toFixed(1)} s); slowest connection ${slowestRecent.platform} ${recentOf(slowestRecent).toFixed(1)} s (budget 5 s each): ${verdict(runs.every((r) => recentOf(r) <= 5))}`);
  console.log(`backfill: floor one window at a time: max ${floorMax.toFixed(1)} s (${longest.run.platform} ${longest.run.accountId}), sum over connections ${floorSum.toFixed(1)} s`);
  console.log(`backfill: floor at the platforms' limits: max ${floorLimitsMax.toFixed(1)} s (${longestAtLimits.run.platform} ${longestAtLimits.run.accountId}; connections sync concurrently, so the ratio uses the max)`);
  console.log(`backfill: two years done in ${wall.toFixed(1)} s wall; ratio ${(wall / floorLimitsMax).toFixed(2)}x the limits floor (budget 1.2x): ${verdict(wall <= 1.2 * floorLimitsMax)}; under 20 s: ${verdict(wall < 20)}`);
  const elDelay = (q: number) => (eventLoop.percentile(q) / 1e6).toFixed(0);
  console.log(
    `backfill: our process used ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU in ${wall.toFixed(1)} s (event loop delay p50 ${elDelay(50)} ms, p99 ${elDelay(99)} ms, max ${(eventLoop.max / 1e6).toFixed(0)} ms); the emulators ${emuCpu0 !== undefined && emuCpu1 !== undefined ? `${(emuCpu1 - emuCpu0).toFixed(1)} s` : 'n/a'}${pgCpu0 !== undefined && pgCpu1 !== undefined ? `; PostgreSQL ${(pgCpu1 - pgCpu0).toFixed(1)} s` : ''}; peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB (whole run, seed included${initdbPeakMiB === undefined ? '' : '; data directory created in a child'})`,
  );
  const mib = (b: number) => (b / 1048576).toFixed(0);
  const emuPeak = peakRssMiBOf(emulators?.pid);
  console.log(
    `backfill: memory during the run (sampled every 250 ms): our RSS ${mib(rssBefore)} MiB at the start, at most ${mib(memory.rss)} MiB; heap used at most ${mib(memory.heapUsed)} MiB, external ${mib(memory.external)} MiB (array buffers ${mib(memory.arrayBuffers)} MiB${server ? '' : ": PGlite's WebAssembly memory among them"}); the emulators' peak RSS ${emuPeak === undefined ? 'n/a' : `${emuPeak.toFixed(0)} MiB`}${initdbPeakMiB === undefined ? '' : `; creating the data directory (initdb, migrations) in a child process peaked at ${initdbPeakMiB} MiB`}`,
  );
  console.log(`backfill: rows: ${facts!.orders} orders, ${facts!.meta} Meta ad-days, ${facts!.google} Google Ads view-days, ${facts!.ga4} GA4 dimension-days`);
  // Every order of the history range exactly once: the emulator's count for the shop's days (from merchantDay,
  // without generating them) against what the database holds for those days, and no order stored twice
  let checkFailed = false;
  for (const r of runs.filter((x) => x.platform === 'shopify')) {
    // the days the backfill committed (its windows), not "yesterday" now: a run that crosses the shop's midnight
    // would otherwise check a range shifted by a day
    const [range] = await queryRows<{ from: string; to: string }>(
      database.db,
      sql`select min(window_from)::text as "from", max(window_to)::text as "to" from sync_windows where connection_id = ${r.id} and stream = 'backfill'`,
    );
    const { from, to } = range!;
    if (addDays(from, config.syncHistoryDays - 1) !== to) console.log(`backfill: check ${r.accountId}: the windows committed span ${from}..${to}, not ${config.syncHistoryDays} days`);
    const expected = (await (await realFetch(`${emu}/shopify/__admin/orders/count?shop=${encodeURIComponent(r.accountId)}&from=${from}&to=${to}`)).json()) as { orders: number; baseDailyOrders: number };
    const [held] = await queryRows<{ orders: number; distinct_ids: number; outside: number }>(
      database.db,
      sql`select count(*) filter (where order_date between ${from} and ${to})::int as orders, count(distinct order_id)::int as distinct_ids, count(*) filter (where order_date not between ${from} and ${to})::int as outside from store_orders where shop = ${r.accountId}`,
    );
    const ok = held!.orders === expected.orders && held!.distinct_ids === held!.orders + held!.outside && held!.outside === 0;
    checkFailed ||= !ok;
    console.log(
      `backfill: check ${r.accountId} ${from}..${to}: the emulator has ${expected.orders} orders (base ${expected.baseDailyOrders.toFixed(1)} a day); store_orders holds ${held!.orders} of those days (${held!.distinct_ids} distinct ids, ${held!.outside} outside them): ${ok ? 'OK, every order exactly once' : 'MISMATCH'}`,
    );
  }
  if (checkFailed) process.exitCode = 1;
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
} finally {
  globalThis.fetch = realFetch;
  emulators?.kill();
  await server?.drop();
}
