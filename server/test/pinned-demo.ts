import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { loadTokenKeyring } from '../src/lib/token-keyring.js';
import type { TokenKeyring } from '../src/lib/token-crypto.js';
import { DEMO_USER, seedDemo } from '../src/sandbox/demo.js';
import { runBackfill, type JobDeps } from '../src/sync/backfill.job.js';
import { Browser, createListeningApp } from './browser.js';
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

/**
 * The demo brand with its two Meta ad accounts backfilled from the emulator over `historyDays`, the demo user signed
 * in (`browser`) and a Meta token of the demo's Meta user minted to ask the emulator for its own answers.
 */
export async function syncedMetaDemo(kind: DbKind, pinned: Date, historyDays: number): Promise<{ t: TestApp & { origin: string }; brandId: string; accounts: string[]; browser: Browser; metaToken: string }> {
  const { t, deps } = await pinnedDemoApp(kind, pinned, historyDays);
  const conns = await queryRows<{ id: string; account_id: string; brand_id: string }>(t.database.db, sql`select id, account_id, brand_id from connections where platform = 'meta' order by account_id`);
  if (conns.map((c) => c.account_id).join() !== 'act_100000000000001,act_100000000000002') throw new Error(`the demo's Meta accounts: ${conns.map((c) => c.account_id).join()}`);
  for (const c of conns) {
    const r = await runBackfill(deps, c.id);
    if (r.outcome !== 'done') throw new Error(`backfill of Meta ${c.account_id}: ${r.outcome}`);
  }
  const browser = new Browser(t.origin);
  const login = await browser.post('/api/auth/login/normal', { email: DEMO_USER.email, password: DEMO_USER.password });
  if (login.status !== 200) throw new Error(`demo login failed: ${login.status} ${login.body}`);
  const mint = await fetch(`${t.origin}/sandbox/meta/__admin/tokens`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: DEMO_META_USER }) });
  const metaToken = ((await mint.json()) as { access_token: string }).access_token;
  return { t, brandId: conns[0]!.brand_id, accounts: conns.map((c) => c.account_id), browser, metaToken };
}

/** the demo's Meta user (the emulator's test user the demo connection belongs to) */
const DEMO_META_USER = '10000000000000001';
