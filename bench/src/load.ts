import { spawn, type ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { buildApp } from '@parallels/server/app';
import { loadConfig } from '@parallels/server/config';
import { addDays } from '@parallels/contract/days';
import { openBenchDatabase, seedLargeBrand } from './large-brand.js';
import { freePort, positiveInt } from './common.js';

/**
 * bench/load: report endpoints under load (ARCHITECTURE.md, Budgets: "Report endpoints under load on 2 cores: at
 * least 500 requests/s with p99 under 200 ms and no errors"). See bench/README.md ("bench:load").
 *
 * 1. Seeds the large benchmark brand (large-brand.ts) with two years ending yesterday, on PGlite in a data
 *    directory or, with BENCH_DATABASE_URL, in a scratch PostgreSQL database, then closes it.
 * 2. Starts the server as `npm start` runs it (server/src/main.ts, its own process, the real clock, request logs at
 *    info going to /dev/null) on that database, without the demo seed or the sync workers.
 * 3. Drives it over HTTP/1.1 keep-alive from this process with autocannon: both share the machine's 2 cores, as a
 *    client on the same machine would. Each connection repeats a mix of report calls in order:
 *    - dashboard: what opening the dashboard asks for: the three summary cards with their default periods
 *      (body {}), AdMetrics for Facebook and Google over the last 30 days, and the brand's currency; then
 *      Marketing Insights (GET /api/report) over the same 30 days, the targets screen's two reads, the GA4
 *      screens' calls (the funnel's three views, the Age and Country conversion reports) and the Meta screens'
 *      calls (Age report, campaigns and their labels, interests) over those days;
 *    - two-years: the same reports over the whole two years.
 *    For each mix, after a warm-up, two runs of BENCH_LOAD_SECONDS: 500 requests/s offered (50 connections, each
 *    sending 10 a second), and as fast as BENCH_LOAD_CONNECTIONS connections go, each sending its next call as
 *    soon as the last is answered (the capacity). The budget: at 500/s offered, p99 under 200 ms; the capacity
 *    at least 500/s; no request failed in either. (autocannon's overallRate is not used: it releases each
 *    second's requests in one burst, whose queue is what its p99 then measures.)
 * The budget is a deployment's (principle 7: under load, the API runs on PostgreSQL, BENCH_DATABASE_URL); on
 * embedded PGlite, one thread runs both HTTP and SQL and the figures are that mode's.
 */

const RATE = 500;
const P99_BUDGET_MS = 200;
const SECONDS = positiveInt('BENCH_LOAD_SECONDS', 10);
const CONNECTIONS = positiveInt('BENCH_LOAD_CONNECTIONS', 100);
const WARMUP_SECONDS = 3;
/** the steady run offers RATE requests/s as this many a second on each of RATE / this connections */
const PACED_RATE_PER_CONNECTION = 10;
const paced = { connections: RATE / PACED_RATE_PER_CONNECTION, rate: PACED_RATE_PER_CONNECTION };
/** the server's settings, which the seeding app shares (the session cookie's name follows them) */
const SERVER_ENV = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'info',
  SANDBOX_SEED_DEMO: 'false',
  SYNC_WORKERS: 'false',
  TOKEN_ENCRYPTION_KEYS: `bench:${Buffer.alloc(32, 7).toString('base64')}`,
} as const;

/** server/src/main.ts in its own process; resolves once it answers. */
async function startServer(env: Record<string, string>): Promise<{ origin: string; child: ChildProcess }> {
  const port = await freePort();
  const main = fileURLToPath(new URL('../../server/src/main.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    cwd: fileURLToPath(new URL('../../server/', import.meta.url)),
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, ...SERVER_ENV },
    // request logs are written as in production, to a sink that costs nothing to drain
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  for (let i = 0; i < 600; i++) {
    if (exited !== undefined) throw new Error(`the server exited (${exited}) before listening`);
    const up = await fetch(`${origin}/api/health`).then((r) => r.status < 500, () => false);
    if (up) return { origin, child };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('the server did not answer within a minute');
}

interface Mix {
  name: string;
  requests: Array<{ method: 'GET' | 'POST'; path: string; body?: string }>;
}

interface Run {
  rate: number;
  failed: number;
  p50: number;
  p99: number;
  max: number;
}

/** `connectionRate` unset: each connection sends its next call as soon as the last is answered (closed loop). */
async function load(origin: string, cookie: string, mix: Mix, seconds: number, connections: number, connectionRate?: number): Promise<Run> {
  const result = await autocannon({
    url: origin,
    connections,
    duration: seconds,
    ...(connectionRate ? { connectionRate } : {}),
    timeout: 10,
    headers: { cookie, origin, 'content-type': 'application/json' },
    requests: mix.requests,
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  return { rate: result['2xx'] / result.duration, failed, p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max };
}

const opened = await openBenchDatabase('load');
let server: ChildProcess | undefined;
try {
  const now = new Date();
  const config = loadConfig({ ...SERVER_ENV, LOG_LEVEL: 'silent' });
  const seeding = await buildApp({ config, database: opened.database, sync: false, emulators: false, now: () => now });
  const brand = await seedLargeBrand(seeding, opened.database.db, config, now, opened.reused).finally(() => seeding.close());
  await opened.database.close();
  console.log(`load: ${opened.label}; ${cpus().length} cores; the large benchmark brand seeded in ${brand.seedSeconds.toFixed(1)} s (days ${brand.first}..${brand.yesterday})`);

  const started = await startServer(opened.serverEnv);
  server = started.child;
  const { origin } = started;
  const { brandId, cookie, today, first, yesterday } = brand;
  const reports = (range: string | undefined): Mix['requests'] => {
    const last30 = JSON.stringify({ startDate: addDays(today, -30), endDate: yesterday });
    const summary = range ?? '{}';
    const adMetrics = range ?? last30;
    return [
      { method: 'POST', path: `/api/summary/facebook-ads/${brandId}`, body: summary },
      { method: 'POST', path: `/api/summary/google-ads/${brandId}`, body: summary },
      { method: 'POST', path: `/api/summary/analytics/${brandId}`, body: summary },
      { method: 'POST', path: `/api/metrics/fbAd/${brandId}`, body: adMetrics },
      { method: 'POST', path: `/api/metrics/googleAdAndCampaign/${brandId}`, body: adMetrics },
      { method: 'GET', path: `/api/brands/currency/${brandId}` },
      // Marketing Insights over the same days, and the targets screen's calls
      { method: 'GET', path: `/api/report/${brandId}?${new URLSearchParams(JSON.parse(adMetrics) as Record<string, string>).toString()}` },
      { method: 'GET', path: `/api/performance/metaMetrics/${brandId}` },
      { method: 'GET', path: '/api/performance/brandTarget' },
      // the GA4 screens over the same days: the funnel's three views and the conversion reports' default tab
      // (Age) and a mid-sized one (Country)
      { method: 'POST', path: `/api/analytics/atcreport/${brandId}`, body: JSON.stringify({ dateRanges: [JSON.parse(adMetrics) as object] }) },
      { method: 'POST', path: `/api/analytics/dayAtcReport/${brandId}`, body: adMetrics },
      { method: 'POST', path: `/api/analytics/monthAtcReport/${brandId}`, body: JSON.stringify({ dateRanges: [JSON.parse(adMetrics) as object] }) },
      { method: 'POST', path: `/api/analytics/ageConversionReport/${brandId}`, body: adMetrics },
      { method: 'POST', path: `/api/analytics/countryConversionReport/${brandId}`, body: adMetrics },
      // the Meta screens (issue 19): the Age report, Campaign Analysis with its labels, Meta Interest Analysis
      { method: 'POST', path: `/api/meta/report/age/${brandId}`, body: adMetrics },
      { method: 'POST', path: `/api/meta/campaign/${brandId}`, body: adMetrics },
      { method: 'GET', path: `/api/meta/labels/${brandId}` },
      { method: 'POST', path: `/api/meta/interest/${brandId}`, body: adMetrics },
    ];
  };
  // the Google Ads reports and the segment dashboard (issue 18): the Search Term cards as they open, a card's
  // next 30 rows with a chip, the keyword and product tabs, the segment's products and search terms pages
  const google = (range: { startDate: string; endDate: string }): Mix['requests'] => {
    const body = (extra: object = {}) => JSON.stringify({ ...range, ...extra });
    return [
      { method: 'POST', path: `/api/google/searchTerm/${brandId}`, body: body({ limit: 8 }) },
      { method: 'POST', path: `/api/google/searchTerm/${brandId}`, body: body({ accountId: '1000000001', category: 'High Cost', limit: 30, offset: 8 }) },
      { method: 'POST', path: `/api/google/keyword/${brandId}`, body: body({ limit: 8 }) },
      { method: 'POST', path: `/api/google/product/${brandId}`, body: body({ limit: 8 }) },
      { method: 'POST', path: `/api/segment/productMetrics/${brandId}`, body: body() },
      { method: 'POST', path: `/api/segment/categoryMetrics/${brandId}`, body: body() },
      { method: 'POST', path: `/api/segment/searchTermMetrics/${brandId}`, body: body({ page: 1, limit: 100 }) },
      { method: 'POST', path: `/api/segment/searchTermMetrics/${brandId}`, body: body({ page: 5, limit: 100, campaign: 'Google campaign 0', sortBy: 'ctr' }) },
    ];
  };
  const allMixes: Mix[] = [
    { name: 'dashboard', requests: reports(undefined) },
    { name: 'two-years', requests: reports(JSON.stringify({ startDate: first, endDate: yesterday })) },
    { name: 'google-30-days', requests: google({ startDate: addDays(today, -30), endDate: yesterday }) },
    { name: 'google-two-years', requests: google({ startDate: first, endDate: yesterday }) },
  ];
  // BENCH_LOAD_MIXES=google-30-days,google-two-years runs only those mixes
  const wanted = (process.env.BENCH_LOAD_MIXES ?? '').split(',').map((w) => w.trim()).filter(Boolean);
  const mixes = wanted.length > 0 ? allMixes.filter((m) => wanted.includes(m.name)) : allMixes;
  // every call of every mix answers 200 before anything is measured
  for (const mix of mixes) {
    for (const r of mix.requests) {
      const res = await fetch(`${origin}${r.path}`, { method: r.method, headers: { cookie, origin, 'content-type': 'application/json' }, body: r.body });
      if (res.status !== 200) throw new Error(`${mix.name}: ${r.method} ${r.path} answered HTTP ${res.status}: ${(await res.text()).slice(0, 300)}`);
    }
  }
  console.log(
    `load: server/src/main.ts in its own process (request logs at info), autocannon in this one; keep-alive connections each repeating its mix in order; per mix ` +
      `${WARMUP_SECONDS} s warm-up, ${SECONDS} s offering ${RATE}/s (${paced.connections} connections x ${paced.rate}/s), ${SECONDS} s as fast as ${CONNECTIONS} connections go`,
  );
  let ok = 0;
  for (const mix of mixes) {
    await load(origin, cookie, mix, WARMUP_SECONDS, CONNECTIONS);
    const steady = await load(origin, cookie, mix, SECONDS, paced.connections, paced.rate);
    const capacity = await load(origin, cookie, mix, SECONDS, CONNECTIONS);
    const over = [
      capacity.rate < RATE ? `${capacity.rate.toFixed(0)} requests/s at most` : '',
      steady.p99 >= P99_BUDGET_MS ? `p99 ${steady.p99} ms at ${RATE}/s` : '',
      steady.failed + capacity.failed > 0 ? `${steady.failed + capacity.failed} requests failed` : '',
    ].filter(Boolean);
    if (over.length === 0) ok++;
    console.log(
      `load: ${mix.name} (${mix.requests.length} calls): at ${RATE}/s offered ${steady.rate.toFixed(0)} requests/s answered 200, p50 ${steady.p50} ms, p99 ${steady.p99} ms, max ${steady.max} ms; ` +
        `as fast as ${CONNECTIONS} connections go ${capacity.rate.toFixed(0)} requests/s, p50 ${capacity.p50} ms, p99 ${capacity.p99} ms; ${steady.failed + capacity.failed} failed: ` +
        `${over.length ? `OVER BUDGET (${over.join('; ')})` : 'OK'}`,
    );
  }
  console.log(`load: verdict vs budget (${RATE} requests/s with p99 under ${P99_BUDGET_MS} ms and no errors): ${ok} of ${mixes.length} OK; load average now ${loadavg()[0]!.toFixed(1)}`);
} finally {
  server?.kill('SIGTERM');
  if (server && server.exitCode === null) await new Promise((r) => server!.once('exit', r));
  await opened.cleanup();
}
