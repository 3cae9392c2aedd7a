/// <reference lib="dom" />
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';

/**
 * bench:table: the shared report table (web/src/components/report-table) with 10,000 rows renders and scrolls
 * without long tasks over 50 ms (issue 16, item 7). The harness page (bench/table-harness) is served by Vite in
 * development mode (so the figures are pessimistic: unminified React with its dev checks) and opened in Chromium;
 * a PerformanceObserver records every long task while the page renders and while the table's scroll area is
 * scrolled from top to bottom, one step per animation frame.
 *
 * CHROMIUM_PATH=/usr/bin/chromium   BENCH_TABLE_ROWS=10000   BENCH_TABLE_STEP_PX=4000
 */
const ROWS = Number(process.env.BENCH_TABLE_ROWS ?? 10_000);
const STEP = Number(process.env.BENCH_TABLE_STEP_PX ?? 4000);
const BUDGET_MS = 50;

const root = fileURLToPath(new URL('../table-harness', import.meta.url));
const repo = fileURLToPath(new URL('../..', import.meta.url));
// the web app's own Vite config (React and Tailwind plugins), rooted at the harness
const server = await createServer({ root, configFile: fileURLToPath(new URL('../../web/vite.config.ts', import.meta.url)), logLevel: 'error', server: { port: 0, strictPort: false, fs: { allow: [repo] } } });
await server.listen();
const base = server.resolvedUrls!.local[0]!;
const debug = (what: string) => process.env.BENCH_DEBUG && console.log(`table: ${what}`);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.addInitScript(() => {
    const w = window as unknown as { longTasks: Array<{ start: number; duration: number }> };
    w.longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true } as unknown as Parameters<PerformanceObserver['observe']>[0]);
  });
  // a first visit compiles the modules: warm Vite up, then measure a fresh load
  debug('browser up');
  await page.goto(`${base}?rows=${ROWS}`);
  debug('harness loaded');
  await page.getByRole('table', { name: 'Benchmark table' }).waitFor();
  debug('table shown');
  await page.reload();
  const t0 = Date.now();
  await page.getByRole('cell', { name: 'Row 1', exact: true }).waitFor();
  const renderMs = Date.now() - t0;
  debug('rows shown after reload');
  const atRender = await page.evaluate(() => (window as unknown as { longTasks: Array<{ duration: number }> }).longTasks.map((t) => t.duration));
  const scroll = await page.evaluate(async (step) => {
    const w = window as unknown as { longTasks: Array<{ start: number; duration: number }> };
    const el = document.querySelector<HTMLElement>('[aria-label="Benchmark table rows"]')!;
    const from = performance.now();
    const frames: number[] = [];
    let last = from;
    // capped: a table that stops growing its scroll height ends the loop, one that keeps growing is reported
    while (el.scrollTop + el.clientHeight < el.scrollHeight - 1 && frames.length < 5000) {
      el.scrollTop += step;
      await new Promise(requestAnimationFrame);
      const now = performance.now();
      frames.push(now - last);
      last = now;
    }
    const sorted = [...frames].sort((a, b) => a - b);
    return {
      seconds: (performance.now() - from) / 1000,
      frames: frames.length,
      p95Frame: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
      longTasks: w.longTasks.filter((t) => t.start >= from).map((t) => t.duration),
      lastRow: el.querySelector('tbody tr:nth-last-child(2) td')?.textContent ?? '',
    };
  }, STEP);
  const worst = Math.max(0, ...scroll.longTasks);
  console.log(`table: ${ROWS.toLocaleString('en-US')} rows x 15 columns (Vite dev build, Chromium); first rows shown ${renderMs} ms after reload; long tasks while loading: ${atRender.map((d) => `${Math.round(d)} ms`).join(', ') || 'none'}`);
  console.log(
    `table: scrolled to the bottom (last row "${scroll.lastRow}") in ${scroll.frames} frames of ${STEP} px, ${scroll.seconds.toFixed(1)} s; p95 frame ${scroll.p95Frame.toFixed(1)} ms; ` +
      `long tasks while scrolling: ${scroll.longTasks.length} (longest ${Math.round(worst)} ms) ${worst > BUDGET_MS ? `OVER BUDGET (a long task over ${BUDGET_MS} ms)` : 'OK'}`,
  );
} finally {
  await browser.close();
  await server.close();
}
