// Adds up the JSON reports of vitest and Playwright into one closing line: "ci: N passed, N failed, N skipped".
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? '.tmp/test-report';
let passed = 0;
let failed = 0;
let skipped = 0;

const vitestFile = join(dir, 'vitest.json');
if (existsSync(vitestFile)) {
  const r = JSON.parse(readFileSync(vitestFile, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}
const e2eFile = join(dir, 'e2e.json');
if (existsSync(e2eFile)) {
  const s = JSON.parse(readFileSync(e2eFile, 'utf8')).stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
}
console.log(`ci: ${passed} passed, ${failed} failed, ${skipped} skipped`);
