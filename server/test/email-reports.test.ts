import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SUMMARY_SOURCES } from '@parallels/contract/summary';
import { queryRows } from '../src/db/client.js';
import { createMailer } from '../src/mail/mailer.js';
import { insertBrand } from '../src/modules/brands/brands.sql.js';
import { buildDigest } from '../src/modules/email-reports/digest.service.js';
import { deliverEmail, DELIVERY_LEASE_SECONDS, dueDigests, MAX_DELIVERY_ATTEMPTS } from '../src/modules/email-reports/email-reports.service.js';
import { claimDelivery, insertDelivery } from '../src/modules/email-reports/email-reports.sql.js';
import { signUnsubscribe } from '../src/modules/email-reports/unsubscribe-token.js';
import { createKeyring } from '../src/lib/token-crypto.js';
import { createTestApp, DB_KINDS, sessionCookie, type TestApp } from './test-app.js';
import { seedGa4Window, seedGoogleWindow, seedMetaWindow, seedShopifyWindow, subscribeBrand } from './reports-seed.js';

// Email reports (issue 22). The clock: Monday 2026-03-16 02:00 UTC, 07:30 in Asia/Kolkata, so yesterday's daily
// digest (2026-03-15) and last week's weekly (2026-03-09 to 2026-03-15) are both due.
const NOW = new Date('2026-03-16T02:00:00Z');
const ORIGIN = 'http://localhost:3000';

async function waitFor<T>(probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(DB_KINDS)('email reports on %s', (kind) => {
  let t: TestApp;
  let cookie: string;
  let userId: string;
  let brandId: string;
  let otherBrandId: string;

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, ...(payload === undefined ? {} : { payload }) });
  const deliveries = () =>
    queryRows<{ id: string; kind: string; period: string; status: string; attempts: number; last_error: string | null }>(
      t.database.db,
      sql`select id, kind, period, status, attempts, last_error from email_deliveries where user_id = ${userId}::uuid order by kind, period`,
    );

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { now: () => NOW, sync: true });
    await t.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { origin: ORIGIN }, payload: { username: 'maya', email: 'maya@example.com', password: 'maya-password-1' } });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login/normal', headers: { origin: ORIGIN }, payload: { email: 'maya@example.com', password: 'maya-password-1' } });
    cookie = sessionCookie(login);
    userId = login.json().user.id as string;
    const db = t.database.db;
    const conn = (platform: 'shopify' | 'meta' | 'google_ads' | 'ga4', accountId: string, accountName: string) => ({ platform, accountId, accountName, managerId: platform === 'google_ads' ? '2222222222' : null, grantId: null });
    brandId = await insertBrand(db, {
      name: 'Mail_Brand',
      currency: 'INR',
      timezone: 'Asia/Kolkata',
      userId,
      connections: [conn('shopify', 'mail.myshopify.com', 'Mail Store'), conn('meta', 'act_1', 'Store One'), conn('google_ads', '1111111111', 'Search'), conn('ga4', '999', 'Web')],
    });
    await subscribeBrand(db, brandId);
    // Meta: c1 every day (100 spend, 250 revenue); c2 on the 15th only (50 spend, 0 revenue).
    await seedMetaWindow(db, brandId, 'act_1', { from: '2026-03-01', to: '2026-03-15' }, (d) => [
      { campaignId: 'c1', spend: 100, revenue: 250, purchases: 2, clicks: 40, impressions: 4000 },
      ...(d === '2026-03-15' ? [{ campaignId: 'c2', spend: 50, revenue: 0, purchases: 0, clicks: 10, impressions: 1000 }] : []),
    ]);
    await seedGoogleWindow(db, brandId, '1111111111', { from: '2026-03-01', to: '2026-03-15' }, () => [{ campaignId: 'g1', costMicros: 20_000_000, conversions: 1, value: 90, clicks: 3, impressions: 300 }]);
    // GA4 has synced to the 14th only: the 15th is missing, never 0.
    await seedGa4Window(db, brandId, '999', { from: '2026-03-01', to: '2026-03-14' }, () => ({ sessions: 100, addToCarts: 10, checkouts: 5, purchases: 2 }));
    await seedShopifyWindow(db, brandId, 'mail.myshopify.com', { from: '2026-03-01', to: '2026-03-15' }, (d) => ({ orders: [{ orderId: '1', total: d === '2026-03-15' ? 900 : 500 }] }));
    otherBrandId = await insertBrand(db, { name: 'Not_Mine', currency: 'USD', timezone: 'UTC', userId: (await queryRows<{ id: string }>(db, sql`insert into users (username, email) values ('lee', 'lee@example.com') returning id`))[0]!.id, connections: [] });
  });
  afterAll(async () => t?.close());

  describe('settings', () => {
    it('lists every brand of the user with all emails off until turned on', async () => {
      const res = await inject('GET', '/api/email/settings');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, data: [{ brandId, brandName: 'Mail_Brand', daily: false, weekly: false, alerts: false }] });
    });

    it('changes only the switches sent, and refuses bad input, foreign brands and anonymous callers', async () => {
      const res = await inject('PUT', `/api/email/settings/${brandId}`, { daily: true });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ brandId, brandName: 'Mail_Brand', daily: true, weekly: false, alerts: false });
      const empty = await inject('PUT', `/api/email/settings/${brandId}`, {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe('Send daily, weekly or alerts');
      const wrong = await inject('PUT', `/api/email/settings/${brandId}`, { daily: 'yes' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toContain('daily must be true or false');
      expect((await inject('PUT', `/api/email/settings/${otherBrandId}`, { daily: true })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/api/email/settings' })).statusCode).toBe(401);
      expect((await inject('PUT', `/api/email/settings/${brandId}`, { weekly: true })).json().data).toMatchObject({ daily: true, weekly: true });
    });
  });

  describe('digest figures', () => {
    it.each([
      ['daily', '2026-03-15', '2026-03-15'],
      ['weekly', '2026-03-09', '2026-03-15'],
    ] as const)('%s: every figure equals the summary endpoint for the same range', async (digestKind, from, to) => {
      const brand = { id: brandId, name: 'Mail_Brand', currency: 'INR', timezone: 'Asia/Kolkata' };
      const digest = await buildDigest({ ...t.app.mail.deps, publicUrl: t.config.publicUrl }, { userId, brand, kind: digestKind, period: from });
      expect(digest.range).toEqual({ from, to });
      for (const source of SUMMARY_SOURCES) {
        const res = await inject('POST', `/api/summary/${source}/${brandId}`, { startDate: from, endDate: to });
        expect(res.statusCode).toBe(200);
        const custom = res.json().periodData.custom as Record<string, { current: number | null; previous: number | null; change: number | null }>;
        const section = digest.sources.find((s) => s.source === source)!;
        expect(section.metrics.length).toBeGreaterThan(0);
        for (const m of section.metrics) {
          const { current, previous, change } = custom[m.key]!;
          expect({ source, key: m.key, current: m.current, previous: m.previous, change: m.change }).toEqual({ source, key: m.key, current, previous, change });
        }
      }
    });

    it("shows this month's targets with the progress the targets endpoint answers", async () => {
      const added = await inject('POST', '/api/performance/addTarget', { brandId, name: 'March push', source: 'Meta', targetSales: 10000, targetSpend: 4000, targetROAS: 2.5, targetDate: '2026-03-31' });
      expect(added.statusCode).toBe(201);
      const [listed] = (await inject('GET', '/api/performance/brandTarget')).json().data as Array<{ achievedSales: number; achievedSpend: number; achievedROAS: number }>;
      const brand = { id: brandId, name: 'Mail_Brand', currency: 'INR', timezone: 'Asia/Kolkata' };
      const digest = await buildDigest({ ...t.app.mail.deps, publicUrl: t.config.publicUrl }, { userId, brand, kind: 'daily', period: '2026-03-15' });
      expect(digest.targets).toEqual([
        { name: 'March push', source: 'Meta', targetDate: '2026-03-31', targetSales: 10000, achievedSales: listed!.achievedSales, targetSpend: 4000, achievedSpend: listed!.achievedSpend, targetRoas: 2.5, achievedRoas: listed!.achievedROAS },
      ]);
      expect(listed!.achievedSpend).toBe(1550); // 15 days of 100, and 50 on the 15th
    });

    it('says a source that has not synced the day is missing, never 0, and ranks the campaigns', async () => {
      const brand = { id: brandId, name: 'Mail_Brand', currency: 'INR', timezone: 'Asia/Kolkata' };
      const digest = await buildDigest({ ...t.app.mail.deps, publicUrl: t.config.publicUrl }, { userId, brand, kind: 'daily', period: '2026-03-15' });
      const ga4 = digest.sources.find((s) => s.source === 'analytics')!;
      expect(ga4.metrics.map((m) => m.current)).toEqual([null, null]);
      const store = digest.sources.find((s) => s.source === 'shopify')!;
      expect(store.metrics.find((m) => m.key === 'totalSales')).toMatchObject({ current: 900, previous: 500 });
      expect(digest.campaigns?.bySpend.map((c) => c.spend)).toEqual([100, 50]);
      expect(digest.campaigns?.bestRoas.map((c) => c.roas)).toEqual([2.5, 0]);
    });
  });

  describe('schedule and delivery', () => {
    it('is due at 07:00 in the brand timezone: daily every day, weekly on Mondays', () => {
      const sub = { timezone: 'Asia/Kolkata', daily: true, weekly: true };
      expect(dueDigests(sub, new Date('2026-03-16T01:20:00Z'))).toEqual([]); // 06:50
      expect(dueDigests(sub, new Date('2026-03-16T01:30:00Z'))).toEqual([
        { kind: 'daily', period: '2026-03-15' },
        { kind: 'weekly', period: '2026-03-09' },
      ]);
      expect(dueDigests(sub, new Date('2026-03-17T01:30:00Z'))).toEqual([{ kind: 'daily', period: '2026-03-16' }]);
      expect(dueDigests({ ...sub, daily: false }, new Date('2026-03-17T01:30:00Z'), true)).toEqual([{ kind: 'weekly', period: '2026-03-09' }]);
    });

    it('sends each digest once, through SMTP, with one-click unsubscribe headers, when the schedule runs twice', async () => {
      const inbox = t.app.mail.inbox!;
      const jobs = t.app.mail.jobs!;
      expect(await jobs.runSchedule()).toBe(2);
      expect(await jobs.runSchedule()).toBe(0);
      const messages = await waitFor(() => (inbox.list().length >= 2 ? inbox.list() : undefined));
      const rows = await waitFor(async () => {
        const r = await deliveries();
        return r.every((d) => d.status === 'sent') ? r : undefined;
      });
      expect(rows.map((r) => [r.kind, r.period, r.status, r.attempts])).toEqual([
        ['daily', '2026-03-15', 'sent', 1],
        ['weekly', '2026-03-09', 'sent', 1],
      ]);
      // the job sent again (a retry or a second worker) finds the delivery sent
      expect(await deliverEmail(t.app.mail.deps, rows[0]!.id)).toMatchObject({ status: 'skipped' });
      await new Promise((r) => setTimeout(r, 500));
      expect(inbox.list()).toHaveLength(2);
      const daily = inbox.get(messages.find((m) => m.subject.startsWith('Daily'))!.id)!;
      expect(daily.subject).toBe('Daily report for Mail Brand: 2026-03-15');
      expect(daily.to).toEqual(['maya@example.com']);
      expect(daily.text).toContain('Sessions: missing');
      expect(daily.html).toContain('Mail Brand');
      const header = (name: string) => daily.headers.find((h) => h.name === name)?.value;
      expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(header('list-unsubscribe')).toMatch(/^<http:\/\/localhost:3000\/api\/email\/unsubscribe\?token=[^>]+>$/);
    });

    it('lets one of two workers send a delivery', async () => {
      const id = (await insertDelivery(t.database.db, { userId, brandId, kind: 'daily', period: '2026-03-14' }))!;
      const before = t.app.mail.inbox!.list().length;
      const outcomes = await Promise.all([deliverEmail(t.app.mail.deps, id), deliverEmail(t.app.mail.deps, id)]);
      expect(outcomes.map((o) => o.status).sort()).toEqual(['sent', 'skipped']);
      expect(t.app.mail.inbox!.list()).toHaveLength(before + 1);
    });

    it('leaves a delivery a killed worker held until its lease ends, then another worker sends it once', async () => {
      const id = (await insertDelivery(t.database.db, { userId, brandId, kind: 'daily', period: '2026-03-12' }))!;
      // a worker claims it and dies before sending
      expect(await claimDelivery(t.database.db, id, DELIVERY_LEASE_SECONDS)).toMatchObject({ id, attempts: 1 });
      const before = t.app.mail.inbox!.list().length;
      expect(await deliverEmail(t.app.mail.deps, id)).toMatchObject({ status: 'skipped' });
      await t.database.db.execute(sql`update email_deliveries set claimed_at = now() - make_interval(secs => ${DELIVERY_LEASE_SECONDS + 1}) where id = ${id}::uuid`);
      expect(await deliverEmail(t.app.mail.deps, id)).toMatchObject({ status: 'sent' });
      expect(await deliverEmail(t.app.mail.deps, id)).toMatchObject({ status: 'skipped' });
      expect(t.app.mail.inbox!.list()).toHaveLength(before + 1);
      expect((await deliveries()).find((d) => d.id === id)).toMatchObject({ status: 'sent', attempts: 2 });
    });

    it('records a failing SMTP server on the delivery, retries, and fails it after the last attempt', async () => {
      const id = (await insertDelivery(t.database.db, { userId, brandId, kind: 'daily', period: '2026-03-13' }))!;
      const broken = createMailer('smtp://127.0.0.1:1', 'Parallels <reports@parallels.dev>');
      const deps = { ...t.app.mail.deps, mailer: broken, log: { info() {}, warn() {}, error() {} } };
      const first = await deliverEmail(deps, id);
      expect(first.status).toBe('retry');
      let row = (await deliveries()).find((d) => d.id === id)!;
      expect(row).toMatchObject({ status: 'queued', attempts: 1 });
      expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
      for (let i = 1; i < MAX_DELIVERY_ATTEMPTS; i++) await deliverEmail(deps, id);
      row = (await deliveries()).find((d) => d.id === id)!;
      expect(row).toMatchObject({ status: 'failed', attempts: MAX_DELIVERY_ATTEMPTS });
      expect(await deliverEmail(t.app.mail.deps, id)).toMatchObject({ status: 'skipped' });
      broken.close();
    });
  });

  describe('unsubscribe', () => {
    const tokenOf = (url: string) => decodeURIComponent(new URL(url).searchParams.get('token')!);

    it('GET asks first; the one-click POST turns the digest off without a session', async () => {
      const daily = t.app.mail.inbox!.list().find((m) => m.subject === 'Daily report for Mail Brand: 2026-03-15')!;
      const link = t.app.mail.inbox!.get(daily.id)!.headers.find((h) => h.name === 'list-unsubscribe')!.value.slice(1, -1);
      const url = `/api/email/unsubscribe?token=${encodeURIComponent(tokenOf(link))}`;
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('Stop sending daily email reports for Mail Brand?');
      expect((await inject('GET', '/api/email/settings')).json().data[0]).toMatchObject({ daily: true });
      // a mail client's one-click POST (RFC 8058): a form body, no cookie, no Origin
      const done = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
      expect(done.statusCode).toBe(200);
      expect(done.body).toContain('You will no longer get daily email reports for Mail Brand.');
      expect((await inject('GET', '/api/email/settings')).json().data[0]).toMatchObject({ daily: false, weekly: true });
    });

    it('refuses forged, tampered and expired links', async () => {
      const keyring = t.app.mail.deps.keyring;
      const claim = { userId, brandId, topic: 'weekly' as const, expiresAt: Math.floor(NOW.getTime() / 1000) + 3600 };
      const post = (token: string) => t.app.inject({ method: 'POST', url: `/api/email/unsubscribe?token=${encodeURIComponent(token)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
      const forged = signUnsubscribe(createKeyring([{ id: keyring.current.id, key: Buffer.alloc(32, 7) }]), claim);
      const valid = signUnsubscribe(keyring, claim);
      const [id, , sig] = valid.split('.');
      const tampered = `${id}.${Buffer.from(JSON.stringify({ u: userId, b: otherBrandId, t: 'weekly', e: claim.expiresAt })).toString('base64url')}.${sig}`;
      const expired = signUnsubscribe(keyring, { ...claim, expiresAt: Math.floor(NOW.getTime() / 1000) - 1 });
      for (const token of [forged, tampered, 'nonsense']) {
        const res = await post(token);
        expect(res.statusCode).toBe(400);
        expect(res.body).toContain('This unsubscribe link is not valid.');
      }
      const old = await post(expired);
      expect(old.statusCode).toBe(400);
      expect(old.body).toContain('This unsubscribe link has expired.');
      expect((await inject('GET', '/api/email/settings')).json().data[0]).toMatchObject({ weekly: true });
      expect((await post(valid)).statusCode).toBe(200);
      expect((await inject('GET', '/api/email/settings')).json().data[0]).toMatchObject({ weekly: false });
    });
  });

  describe('sandbox inbox', () => {
    it('lists and shows the caught messages to a signed-in user', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/sandbox/mail' })).statusCode).toBe(401);
      const list = await inject('GET', '/api/sandbox/mail');
      expect(list.statusCode).toBe(200);
      const first = list.json().data[0];
      expect(first).toMatchObject({ to: ['maya@example.com'] });
      const one = await inject('GET', `/api/sandbox/mail/${first.id}`);
      expect(one.statusCode).toBe(200);
      expect(one.json().data.text).toContain('Unsubscribe:');
      expect((await inject('GET', '/api/sandbox/mail/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    });

    it("does not show another user's mail", async () => {
      await t.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { origin: ORIGIN }, payload: { username: 'ravi', email: 'ravi@example.com', password: 'ravi-password-1' } });
      const login = await t.app.inject({ method: 'POST', url: '/api/auth/login/normal', headers: { origin: ORIGIN }, payload: { email: 'ravi@example.com', password: 'ravi-password-1' } });
      const ravi = { cookie: sessionCookie(login), origin: ORIGIN };
      expect((await t.app.inject({ method: 'GET', url: '/api/sandbox/mail', headers: ravi })).json().data).toEqual([]);
      const mayas = t.app.mail.inbox!.list()[0]!;
      expect((await t.app.inject({ method: 'GET', url: `/api/sandbox/mail/${mayas.id}`, headers: ravi })).statusCode).toBe(404);
    });
  });
});
