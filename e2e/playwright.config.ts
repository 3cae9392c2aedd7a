import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// The app under test is started exactly as `npm start` starts it, on its own port and a fresh data dir.
const PORT = Number(process.env.E2E_PORT ?? 3123);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'parallels-e2e-'));

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.TEST_REPORT_DIR ? [['list'], ['json', { outputFile: `${process.env.TEST_REPORT_DIR}/e2e.json` }]] : [['list']],
  // a sign-up while the demo brand's first backfill writes can wait seconds on PGlite (decision 026; measured by
  // bench:first-run, issue 23 item 4), so a test that signs up gets the time for it
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Without the background-networking flags Chromium floods the closed network with refused connections.
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: 'npm start',
    cwd: '..',
    url: `http://localhost:${PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    // The demo brand syncs as on a first `npm start`, but only its newest 60 days: the screens show real
    // figures within seconds, and the 2 shared cores are not spent on two years of history.
    env: { PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_PER_MINUTE: '200', SYNC_HISTORY_DAYS: '60' },
  },
});
