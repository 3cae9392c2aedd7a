import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { startPlatform, type RunningPlatform } from './harness.js';
import { metaEmulator } from '../src/meta/app.js';
import { SANDBOX_APPS } from '../src/common/world.js';

// Facebook Login manual flow against the emulator, as a server-side client does it (raw fetch).

const APP = SANDBOX_APPS.meta;

interface GraphErr { message: string; type: string; code: number; error_subcode?: number; fbtrace_id: string }
interface Body { access_token?: string; token_type?: string; expires_in?: number; error?: GraphErr; data?: Record<string, unknown> & { scopes?: string[] } }
const REDIRECT = 'https://app.example.test/auth/meta/callback';

let p: RunningPlatform;
beforeAll(async () => { p = await startPlatform('meta', metaEmulator); });
afterAll(async () => { await p.close(); });

function dialogUrl(extra: Record<string, string> = {}): string {
  const q = new URLSearchParams({ client_id: APP.clientId, redirect_uri: REDIRECT, state: 'csrf-123', scope: 'ads_read,business_management', response_type: 'code', ...extra });
  return `${p.baseUrl}/v25.0/dialog/oauth?${q}`;
}

async function submit(action: 'allow' | 'cancel', userId?: string): Promise<URL> {
  const form = new URLSearchParams({ client_id: APP.clientId, redirect_uri: REDIRECT, state: 'csrf-123', scope: 'ads_read,business_management', response_type: 'code', action });
  if (userId) form.set('user_id', userId);
  const res = await fetch(`${p.baseUrl}/v25.0/dialog/oauth`, { method: 'POST', body: form, redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location') ?? '');
}

async function exchange(params: Record<string, string>): Promise<{ status: number; body: Body }> {
  const res = await fetch(`${p.baseUrl}/v25.0/oauth/access_token?${new URLSearchParams(params)}`);
  return { status: res.status, body: await res.json() as Body };
}

describe('meta oauth dialog', () => {
  it('renders a consent page with the permissions, a test-user chooser, Allow and Cancel', async () => {
    const res = await fetch(dialogUrl());
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('ads_read');
    expect(html).toContain('business_management');
    expect(html).toMatch(/<button[^>]*value="allow"[^>]*>Allow<\/button>/);
    expect(html).toMatch(/<button[^>]*value="cancel"[^>]*>Cancel<\/button>/);
    expect(html).toContain('<select id="user_id" name="user_id">');
    expect(html).toContain('Northwind Owner');
    expect(html).toContain('method="post"');
  });

  it('answers an unknown client_id with an error page, not a redirect', async () => {
    const res = await fetch(dialogUrl({ client_id: '999' }), { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toContain('Invalid App ID');
  });

  it('Cancel returns access_denied with Facebook\'s params and the state', async () => {
    const url = await submit('cancel');
    expect(url.origin + url.pathname).toBe(REDIRECT);
    expect(url.searchParams.get('error')).toBe('access_denied');
    expect(url.searchParams.get('error_code')).toBe('200');
    expect(url.searchParams.get('error_description')).toBe('Permissions error');
    expect(url.searchParams.get('error_reason')).toBe('user_denied');
    expect(url.searchParams.get('state')).toBe('csrf-123');
    expect(url.searchParams.get('code')).toBeNull();
  });
});

describe('meta token exchange', () => {
  it('Allow -> code -> short-lived token -> /me; the code is single-use', async () => {
    const url = await submit('allow', '10000000000000002');
    expect(url.searchParams.get('state')).toBe('csrf-123');
    const code = url.searchParams.get('code') ?? '';
    expect(code).toMatch(/^AQ/);
    const params = { client_id: APP.clientId, client_secret: APP.clientSecret, redirect_uri: REDIRECT, code };
    const first = await exchange(params);
    expect(first.status).toBe(200);
    expect(first.body.token_type).toBe('bearer');
    expect(first.body.expires_in).toBeGreaterThan(3600);
    expect(first.body.expires_in).toBeLessThanOrEqual(7200);
    const me = await (await fetch(`${p.baseUrl}/v25.0/me?fields=id,name,email&access_token=${first.body.access_token}`)).json();
    expect(me).toEqual({ id: '10000000000000002', name: 'Northwind Owner', email: 'owner@northwind.example' });

    const again = await exchange(params);
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ message: 'This authorization code has been used.', type: 'OAuthException', code: 100, error_subcode: 36009 });
    expect(typeof again.body.error?.fbtrace_id).toBe('string');
  });

  it('rejects a redirect_uri that differs from the dialog\'s, a missing one, a bad secret and a bad code', async () => {
    const code = (await submit('allow')).searchParams.get('code') ?? '';
    const mismatch = await exchange({ client_id: APP.clientId, client_secret: APP.clientSecret, redirect_uri: `${REDIRECT}/`, code });
    expect(mismatch.body.error).toMatchObject({ code: 100, error_subcode: 36008 });
    expect(mismatch.body.error?.message).toContain('redirect_uri is identical');
    const missing = await exchange({ client_id: APP.clientId, client_secret: APP.clientSecret, code });
    expect(missing.body.error).toMatchObject({ code: 191, message: 'Missing redirect_uri parameter.' });
    const secret = await exchange({ client_id: APP.clientId, client_secret: 'nope', redirect_uri: REDIRECT, code });
    expect(secret.body.error).toMatchObject({ code: 1, message: 'Error validating client secret.' });
    const bad = await exchange({ client_id: APP.clientId, client_secret: APP.clientSecret, redirect_uri: REDIRECT, code: 'garbage' });
    expect(bad.body.error).toMatchObject({ code: 100, message: 'Invalid verification code format.' });
    const app = await exchange({ client_id: '1', client_secret: APP.clientSecret, redirect_uri: REDIRECT, code });
    expect(app.body.error).toMatchObject({ code: 101 });
    // the failed attempts did not burn the code
    const ok = await exchange({ client_id: APP.clientId, client_secret: APP.clientSecret, redirect_uri: REDIRECT, code });
    expect(ok.status).toBe(200);
  });

  it('exchanges a short-lived token for a ~60-day one; an expired token cannot be exchanged', async () => {
    const code = (await submit('allow')).searchParams.get('code') ?? '';
    const short = (await exchange({ client_id: APP.clientId, client_secret: APP.clientSecret, redirect_uri: REDIRECT, code })).body.access_token ?? '';
    const long = await exchange({ grant_type: 'fb_exchange_token', client_id: APP.clientId, client_secret: APP.clientSecret, fb_exchange_token: short });
    expect(long.status).toBe(200);
    expect(long.body).toMatchObject({ token_type: 'bearer', expires_in: 5183944 });
    expect(long.body.access_token).not.toBe(short);

    const dbg = await (await fetch(`${p.baseUrl}/v25.0/debug_token?input_token=${long.body.access_token}&access_token=${APP.clientId}|${APP.clientSecret}`)).json() as Body;
    expect(dbg.data).toMatchObject({ app_id: APP.clientId, type: 'USER', is_valid: true, user_id: '10000000000000001' });
    expect(dbg.data?.scopes).toContain('ads_read');

    const expire = await fetch(`${p.baseUrl}/__admin/tokens/expire`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: short }) });
    expect(expire.status).toBe(200);
    const refused = await exchange({ grant_type: 'fb_exchange_token', client_id: APP.clientId, client_secret: APP.clientSecret, fb_exchange_token: short });
    expect(refused.body.error).toMatchObject({ code: 190, error_subcode: 463, type: 'OAuthException' });
    expect(refused.body.error?.message).toMatch(/^Error validating access token: Session has expired on \w+day, \d{2}-\w{3}-\d{2} \d{2}:\d{2}:\d{2} P[SD]T\. The current time is /);
  });

  it('accepts any vNN.0 version and the Authorization header', async () => {
    const { access_token } = await (await fetch(`${p.baseUrl}/__admin/tokens`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json() as Body;
    const res = await fetch(`${p.baseUrl}/v21.0/me`, { headers: { authorization: `Bearer ${access_token}` } });
    expect(res.headers.get('facebook-api-version')).toBe('v21.0');
    expect(await res.json()).toEqual({ name: 'Demo Marketer', id: '10000000000000001' });
  });

  it('answers missing and garbage tokens with 104 and 190', async () => {
    const none = await (await fetch(`${p.baseUrl}/v25.0/me`)).json() as Body;
    expect(none.error).toMatchObject({ code: 104, type: 'OAuthException' });
    const res = await fetch(`${p.baseUrl}/v25.0/me?access_token=EAAnotatoken`);
    expect(res.status).toBe(400);
    expect(res.headers.get('www-authenticate')).toContain('invalid_token');
    const body = await res.json() as Body;
    expect(body.error).toMatchObject({ code: 190, type: 'OAuthException' });
    expect(body.error?.error_subcode).toBeUndefined();
  });
});
