import { defineConfig } from 'vitest/config';

// One run covers every workspace; each has its own vitest.config.ts (environment, setup, timeouts).
const reportDir = process.env.TEST_REPORT_DIR;

export default defineConfig({
  test: {
    projects: ['contract', 'server', 'web', 'emulators'],
    passWithNoTests: true,
    // CI adds a JSON report that scripts/test-summary.mjs adds up with Playwright's.
    reporters: reportDir ? ['default', ['json', { outputFile: `${reportDir}/vitest.json` }]] : ['default'],
  },
});
