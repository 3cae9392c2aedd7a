import { loadTokenKeyring } from '../src/lib/token-keyring.js';
import type { TokenKeyring } from '../src/lib/token-crypto.js';
import { seedDemo } from '../src/sandbox/demo.js';
import type { JobDeps } from '../src/sync/backfill.job.js';
import { createListeningApp } from './browser.js';
import type { DbKind, TestApp } from './test-app.js';

/**
 * What the reconciliation tests start from: the app listening with the emulators mounted, the app's and the
 * emulators' clocks pinned to the same instant, the demo brand seeded, and the job deps a backfill of its
 * connections needs (`historyDays` of history, no real sleeps).
 */
export async function pinnedDemoApp(kind: DbKind, pinned: Date, historyDays: number): Promise<{ t: TestApp & { origin: string }; keyring: TokenKeyring; deps: JobDeps }> {
  const t = await createListeningApp(kind, {}, { now: () => pinned });
  const res = await fetch(`${t.origin}/sandbox/meta/__admin/clock`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ now: pinned.toISOString() }) });
  if (res.status !== 200) throw new Error(`could not pin the emulators' clock: ${res.status}`);
  const keyring = loadTokenKeyring(t.config);
  await seedDemo(t.app, { db: t.database.db, keyring });
  const deps: JobDeps = { db: t.database.db, config: t.config, keyring, log: t.app.log, historyDays, retry: { sleep: async () => undefined }, now: () => pinned };
  return { t, keyring, deps };
}

/** Today's (or, before it, yesterday's) hours:minutes UTC: a clock the tests pin so the synced days are known. */
export function lastUtcTime(hours: number, minutes: number): Date {
  const now = new Date();
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hours, minutes));
  return at.getTime() <= now.getTime() ? at : new Date(at.getTime() - 86_400_000);
}
