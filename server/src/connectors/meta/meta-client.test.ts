import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformError } from '../platform-error.js';
import { MetaNoDataError, MetaSession, metaUsageReports } from './meta-client.js';

// A scripted Graph on loopback: each path answers [status, body] in turn (the last one repeats).
let server: Server;
let base: string;
const script = new Map<string, Array<[number, unknown]>>();
const hits = new Map<string, number>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname.replace('/v25.0/', '');
    const n = hits.get(path) ?? 0;
    hits.set(path, n + 1);
    const answers = script.get(path) ?? [[404, { error: { message: 'unknown', code: 100, error_subcode: 33 } }]];
    const [status, body] = answers[Math.min(n, answers.length - 1)]!;
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const session = (sleeps: number[] = []) =>
  new MetaSession({ graphUrl: base, dialogUrl: base, version: 'v25.0', appId: '1', appSecret: 's' }, 'tok', { sleep: async (ms) => void sleeps.push(ms), random: () => 0 });

describe('MetaSession', () => {
  it('given a Graph error on HTTP 200 (suppress_http_code), when called, then it is classified like any other', async () => {
    script.set('act_1', [[200, { error: { message: 'Error validating access token: Session has expired', type: 'OAuthException', code: 190, error_subcode: 463 } }]]);
    await expect(session().get(session().url('act_1'))).rejects.toMatchObject({ kind: 'auth' });
  });

  it('given "no data for these breakdowns" (2/1504041), when called, then it is not retried and does not stop sibling calls', async () => {
    script.set('nodata', [[400, { error: { message: 'No data available for the requested metrics and breakdowns', code: 2, error_subcode: 1504041 } }]]);
    script.set('ok', [[200, { data: [{ id: '1' }] }]]);
    const s = session();
    await expect(s.get(s.url('nodata'))).rejects.toBeInstanceOf(MetaNoDataError);
    expect(hits.get('nodata')).toBe(1);
    expect(await s.all(s.url('ok'))).toEqual([{ id: '1' }]);
    expect(s.calls).toBe(2);
  });

  it('given an auth failure in one branch, when a sibling calls next, then it fails at once without a request', async () => {
    script.set('expired', [[400, { error: { message: 'Session has expired', type: 'OAuthException', code: 190, error_subcode: 463 } }]]);
    const s = session();
    await expect(s.get(s.url('expired'))).rejects.toMatchObject({ kind: 'auth' });
    const before = hits.get('ok') ?? 0;
    const error = await s.get(s.url('ok')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect(hits.get('ok') ?? 0).toBe(before);
    expect(s.calls).toBe(1);
  });

  it('given an edge of several pages, when read, then paging.next is followed and an empty page ends it', async () => {
    script.set('pages', [
      [200, { data: [{ id: 'a' }], paging: { cursors: { after: 'MAZDZD' }, next: `${base}/v25.0/pages?after=MAZDZD` } }],
      [200, { data: [{ id: 'b' }], paging: { next: `${base}/v25.0/pages?after=MQZDZD` } }],
      [200, { data: [], paging: { next: `${base}/v25.0/pages?after=loop` } }],
    ]);
    const s = session();
    expect(await s.all(s.url('pages'))).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(s.calls).toBe(3);
  });
});

describe('metaUsageReports (the quota ledger reading Meta usage headers)', () => {
  it("takes the app's highest percentage and only this ad account's entries", () => {
    const headers = new Headers({
      'x-app-usage': JSON.stringify({ call_count: 12, total_cputime: 40, total_time: 7 }),
      // the token reaches two accounts: the other one's 97% is not ours
      'x-business-use-case-usage': JSON.stringify({ '111': [{ type: 'ads_insights', call_count: 28, total_cputime: 12, total_time: 15 }], '222': [{ type: 'ads_insights', call_count: 97, total_cputime: 1, total_time: 1 }] }),
      'x-ad-account-usage': JSON.stringify({ acc_id_util_pct: 31.5, reset_time_duration: 0 }),
    });
    const [app, account] = metaUsageReports(headers, 'app-1', 'act_111');
    expect(app).toMatchObject({ budget: { key: 'app:app-1' }, charged: 0, remaining: 60 });
    expect(account).toMatchObject({ budget: { key: 'ad_account:act_111' }, charged: 0, remaining: 68.5 });
  });

  it('reports nothing used when the headers are absent or malformed', () => {
    const [app, account] = metaUsageReports(new Headers({ 'x-app-usage': '{not json' }), 'app-1', 'act_111');
    expect(app!.remaining).toBeUndefined();
    expect(account!.remaining).toBeUndefined();
  });
});
