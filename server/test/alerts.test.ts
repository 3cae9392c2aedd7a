import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { RealtimeMessage } from '@parallels/contract/realtime';
import { queryRows } from '../src/db/client.js';
import { insertBrand } from '../src/modules/brands/brands.sql.js';
import { evaluateBrandAlerts, type AlertDeps } from '../src/modules/alerts/alerts.service.js';
import { deliverEmail } from '../src/modules/email-reports/email-reports.service.js';
import { createTestApp, DB_KINDS, sessionCookie, type TestApp } from './test-app.js';
import { seedMetaWindow } from './reports-seed.js';
import { loadTokenKeyring } from '../src/lib/token-keyring.js';
import type { JobDeps } from '../src/sync/backfill.job.js';
import { QUEUES, startSyncQueue } from '../src/sync/queue.js';

// Alerts (issue 22 item 2). The clock: 2026-03-16 02:00 UTC (07:30 in Asia/Kolkata): yesterday is 2026-03-15.
const START = new Date('2026-03-16T02:00:00Z');
let now = START;
const ORIGIN = 'http://localhost:3000';

describe.each(DB_KINDS)('alerts on %s', (kind) => {
  let t: TestApp;
  let cookie: string;
  let brandId: string;
  let otherBrandId: string;
  let ruleId: string;
  const published: Array<{ target: unknown; message: RealtimeMessage }> = [];
  const emails: string[] = [];
  let deps: AlertDeps;
  const brand = () => ({ id: brandId, currency: 'INR', timezone: 'Asia/Kolkata' });

  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, ...(payload === undefined ? {} : { payload }) });

  beforeAll(async () => {
    now = START; // each database's run starts on the same day (a test below moves the clock on)
    t = await createTestApp(kind, {}, { now: () => now });
    await t.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { origin: ORIGIN }, payload: { username: 'maya', email: 'maya@example.com', password: 'maya-password-1' } });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login/normal', headers: { origin: ORIGIN }, payload: { email: 'maya@example.com', password: 'maya-password-1' } });
    cookie = sessionCookie(login);
    const userId = login.json().user.id as string;
    const db = t.database.db;
    brandId = await insertBrand(db, { name: 'Alert_Brand', currency: 'INR', timezone: 'Asia/Kolkata', userId, connections: [{ platform: 'meta', accountId: 'act_1', accountName: 'Store One', managerId: null, grantId: null }] });
    // yesterday: 100 spend, 250 revenue: ROAS 2.5
    await seedMetaWindow(db, brandId, 'act_1', { from: '2026-03-01', to: '2026-03-15' }, () => [{ campaignId: 'c1', spend: 100, revenue: 250, purchases: 2, clicks: 40, impressions: 4000 }]);
    const lee = (await queryRows<{ id: string }>(db, sql`insert into users (username, email) values ('lee', 'lee@example.com') returning id`))[0]!.id;
    otherBrandId = await insertBrand(db, { name: 'Not_Mine', currency: 'USD', timezone: 'UTC', userId: lee, connections: [] });
    deps = { db, now: () => now, realtime: { publish: async (target, message) => void published.push({ target, message }) }, enqueueEmail: async (id) => void emails.push(id) };
  });
  afterAll(async () => t?.close());

  describe('rules', () => {
    it('adds a rule and says it in words', async () => {
      const res = await inject('POST', `/api/alerts/rules/${brandId}`, { source: 'facebook-ads', metric: 'metaroas', period: 'yesterday', comparison: 'below', threshold: 3 });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ source: 'facebook-ads', metric: 'metaroas', threshold: 3, description: 'Meta ROAS yesterday below 3' });
      ruleId = res.json().data.id;
      expect((await inject('GET', `/api/alerts/rules/${brandId}`)).json().data.map((r: { id: string }) => r.id)).toEqual([ruleId]);
    });

    it('refuses a metric of another source, a negative threshold, a foreign brand and an unknown rule', async () => {
      const wrongMetric = await inject('POST', `/api/alerts/rules/${brandId}`, { source: 'google-ads', metric: 'metaroas', period: 'yesterday', comparison: 'below', threshold: 2 });
      expect(wrongMetric.statusCode).toBe(400);
      expect(wrongMetric.json().message).toContain('Choose a metric of that source');
      const negative = await inject('POST', `/api/alerts/rules/${brandId}`, { source: 'google-ads', metric: 'spend', period: 'yesterday', comparison: 'above', threshold: -1 });
      expect(negative.statusCode).toBe(400);
      expect(negative.json().message).toContain('Enter a threshold of 0 or more');
      expect((await inject('POST', `/api/alerts/rules/${otherBrandId}`, { source: 'google-ads', metric: 'spend', period: 'yesterday', comparison: 'above', threshold: 1 })).statusCode).toBe(404);
      const missing = await inject('PUT', `/api/alerts/rules/${brandId}/00000000-0000-4000-8000-000000000000`, { source: 'google-ads', metric: 'spend', period: 'yesterday', comparison: 'above', threshold: 1 });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('Alert rule not found');
    });
  });

  describe('firing and resolving', () => {
    it('fires a rule once while it holds, in the brand room and by email to a user who asked', async () => {
      await inject('PUT', `/api/email/settings/${brandId}`, { alerts: true });
      expect(await evaluateBrandAlerts(deps, brand())).toMatchObject({ fired: [`rule:${ruleId}`], resolved: [] });
      expect(await evaluateBrandAlerts(deps, brand())).toEqual({ fired: [], resolved: [] });
      expect(published).toEqual([{ target: { brandId }, message: { type: 'alert', data: { brandId, state: 'fired', title: 'Meta ROAS yesterday below 3', message: 'Your alert rule matched: Meta ROAS yesterday below 3.', actionUrl: '/dashboard' } } }]);
      expect(emails).toHaveLength(1);
      expect(await deliverEmail(t.app.mail.deps, emails[0]!)).toMatchObject({ status: 'sent' });
      const mail = t.app.mail.inbox!.list().find((m) => m.subject === 'Alert for Alert Brand: Meta ROAS yesterday below 3');
      expect(mail).toBeDefined();
      expect(t.app.mail.inbox!.get(mail!.id)!.headers.find((h) => h.name === 'list-unsubscribe-post')?.value).toBe('List-Unsubscribe=One-Click');
    });

    it('says once that it resolved, and fires again only after that, on another day', async () => {
      await inject('PUT', `/api/alerts/rules/${brandId}/${ruleId}`, { source: 'facebook-ads', metric: 'metaroas', period: 'yesterday', comparison: 'below', threshold: 2 });
      expect(await evaluateBrandAlerts(deps, brand())).toEqual({ fired: [], resolved: [`rule:${ruleId}`] });
      expect(await evaluateBrandAlerts(deps, brand())).toEqual({ fired: [], resolved: [] });
      expect(published.at(-1)!.message).toMatchObject({ type: 'alert', data: { state: 'resolved', title: 'Resolved: Meta ROAS yesterday below 2' } });
      // holds again the same day: once per condition and day
      await inject('PUT', `/api/alerts/rules/${brandId}/${ruleId}`, { source: 'facebook-ads', metric: 'metaroas', period: 'yesterday', comparison: 'below', threshold: 3 });
      expect(await evaluateBrandAlerts(deps, brand())).toEqual({ fired: [], resolved: [] });
      now = new Date('2026-03-17T02:00:00Z');
      await seedMetaWindow(t.database.db, brandId, 'act_1', { from: '2026-03-16', to: '2026-03-16' }, () => [{ campaignId: 'c1', spend: 100, revenue: 250, purchases: 2, clicks: 40, impressions: 4000 }]);
      expect(await evaluateBrandAlerts(deps, brand())).toMatchObject({ fired: [`rule:${ruleId}`] });
    });

    it('built in: a connection needing reconnection fires, and resolves once it is reconnected', async () => {
      await t.database.db.execute(sql`update connections set status = 'reauth_required' where brand_id = ${brandId}::uuid`);
      const fired = await evaluateBrandAlerts(deps, brand());
      expect(fired.fired.filter((k) => k.startsWith('reconnect:'))).toHaveLength(1);
      expect(published.at(-1)!.message).toMatchObject({ type: 'alert', data: { state: 'fired', title: 'Reconnect Facebook Store One' } });
      await t.database.db.execute(sql`update connections set status = 'active' where brand_id = ${brandId}::uuid`);
      const resolved = await evaluateBrandAlerts(deps, brand());
      expect(resolved.resolved.filter((k) => k.startsWith('reconnect:'))).toHaveLength(1);
      expect((await evaluateBrandAlerts(deps, brand())).resolved).toEqual([]);
    });

    it('built in: a source not synced for over 6 hours fires', async () => {
      await t.database.db.execute(sql`update connections set last_synced_at = ${new Date(now.getTime() - 7 * 3_600_000).toISOString()}::timestamptz where brand_id = ${brandId}::uuid`);
      expect((await evaluateBrandAlerts(deps, brand())).fired.filter((k) => k.startsWith('stale:'))).toHaveLength(1);
      await t.database.db.execute(sql`update connections set last_synced_at = ${new Date(now.getTime() - 3_600_000).toISOString()}::timestamptz where brand_id = ${brandId}::uuid`);
      expect((await evaluateBrandAlerts(deps, brand())).resolved.filter((k) => k.startsWith('stale:'))).toHaveLength(1);
    });

    it('built in: after a stop, an overdue connection is refreshed at start and is not called stale while that refresh is due or running', async () => {
      now = new Date(now.getTime() + 86_400_000); // a new day: the stale alert above fired today already
      const jobDeps: JobDeps = { db: t.database.db, config: t.config, keyring: loadTokenKeyring(t.config), log: t.app.log, now: () => now };
      const queue = await startSyncQueue(t.database, jobDeps, { work: false });
      try {
        // stopped for 7 hours: the last sync is older than the 3-hour cadence and the 6-hour alert
        await t.database.db.execute(sql`update connections set last_synced_at = ${new Date(now.getTime() - 7 * 3_600_000).toISOString()}::timestamptz where brand_id = ${brandId}::uuid`);
        expect(await queue.refreshOverdue()).toBe(1);
        const [job] = await queue.boss.fetch<{ connectionId: string }>(QUEUES.refresh);
        expect((await evaluateBrandAlerts(deps, brand())).fired.filter((k) => k.startsWith('stale:'))).toEqual([]);
        // the refresh ended without a sync (it failed for good): now it is stale, and said once
        await queue.boss.fail(QUEUES.refresh, job!.id, new Error('gave up'));
        expect((await evaluateBrandAlerts(deps, brand())).fired.filter((k) => k.startsWith('stale:'))).toHaveLength(1);
        // a connection synced within the cadence is not refreshed again
        await t.database.db.execute(sql`update connections set last_synced_at = ${new Date(now.getTime() - 3_600_000).toISOString()}::timestamptz where brand_id = ${brandId}::uuid`);
        expect(await queue.refreshOverdue()).toBe(0);
        expect((await evaluateBrandAlerts(deps, brand())).resolved.filter((k) => k.startsWith('stale:'))).toHaveLength(1);
      } finally {
        await queue.stop();
      }
    });
  });
});
