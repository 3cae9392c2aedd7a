import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleEmulator } from '../src/google/app.js';
import { SANDBOX_APPS } from '../src/common/world.js';
import { startPlatform, type RunningPlatform } from './harness.js';

const CLIENT = SANDBOX_APPS.google;
const REDIRECT = 'https://app.example.com/oauth/google/callback';
const ADWORDS = 'https://www.googleapis.com/auth/adwords';
const ANALYTICS = 'https://www.googleapis.com/auth/analytics.readonly';
const DEMO_SUB = '100000000000000000001';

let p: RunningPlatform;
beforeAll(async () => {
  p = await startPlatform('google', googleEmulator);
});
afterAll(async () => p.close());

function authorizeUrl(extra: Record<string, string> = {}): string {
  const q = new URLSearchParams({
    client_id: CLIENT.clientId, redirect_uri: REDIRECT, response_type: 'code',
    scope: `openid email profile ${ADWORDS} ${ANALYTICS}`, state: 'st-123', access_type: 'offline', prompt: 'consent',
    ...extra,
  });
  return `${p.baseUrl}/o/oauth2/v2/auth?${q}`;
}

async function consent(url: string, decision: 'allow' | 'cancel', fields: Record<string, string | string[]> = {}): Promise<URL> {
  const html = await (await fetch(url)).text();
  const id = /name="consent_id" value="([^"]+)"/.exec(html)?.[1];
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  expect(id && action).toBeTruthy();
  const form = new URLSearchParams({ consent_id: id!, decision, account: DEMO_SUB });
  for (const [k, v] of Object.entries(fields)) {
    form.delete(k);
    for (const x of [v].flat()) form.append(k, x);
  }
  const res = await fetch(action!, { method: 'POST', body: form, redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

async function token(body: Record<string, string>, headers: Record<string, string> = {}): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${p.baseUrl}/token`, { method: 'POST', body: new URLSearchParams(body), headers });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

const secrets = { client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret };

describe('Google OAuth emulator', () => {
  it('renders a consent page with the scopes in words, an account chooser, Allow and Cancel', async () => {
    const res = await fetch(authorizeUrl({ login_hint: 'owner@northwind.example' }));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<button[^>]*value="allow"[^>]*>Allow<\/button>/);
    expect(html).toMatch(/<button[^>]*value="cancel"[^>]*>Cancel<\/button>/);
    expect(html).toContain('See, edit, create and delete your Google Ads accounts and data.');
    expect(html).toMatch(/<option value="100000000000000000002" selected>/);
  });

  it('shows Google error pages (no redirect) for bad client or scope', async () => {
    const bad = await fetch(authorizeUrl({ client_id: 'nope.apps.googleusercontent.com' }), { redirect: 'manual' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Error 401: invalid_client');
    const scope = await fetch(authorizeUrl({ scope: 'openid bogus' }), { redirect: 'manual' });
    expect(await scope.text()).toContain('Error 400: invalid_scope');
  });

  it('Cancel redirects with error=access_denied and the state', async () => {
    const loc = await consent(authorizeUrl(), 'cancel');
    expect(loc.origin + loc.pathname).toBe(REDIRECT);
    expect(loc.searchParams.get('error')).toBe('access_denied');
    expect(loc.searchParams.get('state')).toBe('st-123');
    expect(loc.searchParams.get('code')).toBeNull();
  });

  it('runs the full round trip: code with PKCE, tokens, id_token, userinfo, refresh, revoke', async () => {
    const verifier = 'v'.repeat(50);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const loc = await consent(authorizeUrl({ code_challenge: challenge, code_challenge_method: 'S256' }), 'allow', { granular: '1', scope_grant: [ADWORDS, ANALYTICS] });
    const code = loc.searchParams.get('code')!;
    expect(code).toMatch(/^4\/0A/);
    expect(loc.searchParams.get('state')).toBe('st-123');
    expect(loc.searchParams.get('authuser')).toBe('0');
    expect(loc.searchParams.get('prompt')).toBe('consent');
    expect(loc.searchParams.get('scope')!.split(' ')).toEqual(expect.arrayContaining(['email', 'profile', 'openid', ADWORDS, 'https://www.googleapis.com/auth/userinfo.email']));

    const missing = await token({ ...secrets, grant_type: 'authorization_code', code, redirect_uri: REDIRECT });
    expect(missing).toEqual({ status: 400, json: { error: 'invalid_grant', error_description: 'Missing code verifier.' } });
    const wrong = await token({ ...secrets, grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: 'x'.repeat(50) });
    expect(wrong.json.error_description).toBe('Invalid code verifier.');

    const ok = await token({ ...secrets, grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier });
    expect(ok.status).toBe(200);
    expect(Object.keys(ok.json)).toEqual(['access_token', 'expires_in', 'refresh_token', 'scope', 'token_type', 'id_token']);
    expect(ok.json).toMatchObject({ expires_in: 3599, token_type: 'Bearer' });
    expect(String(ok.json.access_token)).toMatch(/^ya29\.a0/);
    expect(String(ok.json.refresh_token)).toMatch(/^1\/\/0g/);
    expect(String(ok.json.scope).split(' ')).toEqual(['openid', 'https://www.googleapis.com/auth/userinfo.email', 'https://www.googleapis.com/auth/userinfo.profile', ADWORDS, ANALYTICS]);

    const [h, b, s] = String(ok.json.id_token).split('.') as [string, string, string];
    expect(createHmac('sha256', CLIENT.clientSecret).update(`${h}.${b}`).digest('base64url')).toBe(s);
    const claims = JSON.parse(Buffer.from(b, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ iss: 'https://accounts.google.com', aud: CLIENT.clientId, sub: DEMO_SUB, email: 'demo@parallels.dev', email_verified: true, name: 'Demo Marketer' });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);

    const reuse = await token({ ...secrets, grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier });
    expect(reuse).toEqual({ status: 400, json: { error: 'invalid_grant', error_description: 'Bad Request' } });

    const info = await fetch(`${p.baseUrl}/v1/userinfo`, { headers: { authorization: `Bearer ${String(ok.json.access_token)}` } });
    expect(await info.json()).toEqual({ sub: DEMO_SUB, name: 'Demo Marketer', given_name: 'Demo', family_name: 'Marketer', picture: expect.stringMatching(/^https:\/\/lh3\.googleusercontent\.com\//), email: 'demo@parallels.dev', email_verified: true });
    expect((await fetch(`${p.baseUrl}/oauth2/v3/userinfo`, { headers: { authorization: 'Bearer ya29.nope' } })).status).toBe(401);

    // refresh: new access token, no new refresh token; works with HTTP Basic client auth too
    const basic = `Basic ${Buffer.from(`${CLIENT.clientId}:${CLIENT.clientSecret}`).toString('base64')}`;
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: String(ok.json.refresh_token) }, { authorization: basic });
    expect(refreshed.status).toBe(200);
    expect(refreshed.json.refresh_token).toBeUndefined();
    expect(refreshed.json.access_token).not.toBe(ok.json.access_token);
    expect(refreshed.json.expires_in).toBe(3599);

    const info2 = await fetch(`${p.baseUrl}/tokeninfo?access_token=${String(refreshed.json.access_token)}`);
    expect(await info2.json()).toMatchObject({ aud: CLIENT.clientId, sub: DEMO_SUB, expires_in: '3599', access_type: 'offline' });

    // revoke the refresh token: the grant dies, including the access tokens minted from it
    expect((await fetch(`${p.baseUrl}/revoke?token=${encodeURIComponent(String(ok.json.refresh_token))}`, { method: 'POST' })).status).toBe(200);
    const dead = await token({ ...secrets, grant_type: 'refresh_token', refresh_token: String(ok.json.refresh_token) });
    expect(dead).toEqual({ status: 400, json: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' } });
    expect((await fetch(`${p.baseUrl}/v1/userinfo`, { headers: { authorization: `Bearer ${String(refreshed.json.access_token)}` } })).status).toBe(401);
  });

  it('gives a refresh token only on first offline consent unless prompt=consent; honours unticked scopes', async () => {
    const first = await consent(authorizeUrl({ prompt: 'select_account', scope: `openid ${ADWORDS}` }), 'allow', { account: '100000000000000000003', granular: '1' });
    const t1 = await token({ ...secrets, grant_type: 'authorization_code', code: first.searchParams.get('code')!, redirect_uri: REDIRECT });
    expect(t1.json.refresh_token).toBeDefined();
    expect(t1.json.scope).toBe('openid'); // the user unticked Ads
    const again = await consent(authorizeUrl({ prompt: 'select_account', scope: `openid ${ADWORDS}` }), 'allow', { account: '100000000000000000003', granular: '1', scope_grant: ADWORDS });
    const t2 = await token({ ...secrets, grant_type: 'authorization_code', code: again.searchParams.get('code')!, redirect_uri: REDIRECT });
    expect(t2.json.refresh_token).toBeUndefined();
    expect(t2.json.scope).toBe(`openid ${ADWORDS}`);
  });

  it('answers token endpoint errors exactly', async () => {
    expect(await token({ grant_type: 'refresh_token', refresh_token: 'x', client_id: 'nope', client_secret: 'x' })).toEqual({ status: 401, json: { error: 'invalid_client', error_description: 'The OAuth client was not found.' } });
    expect(await token({ grant_type: 'refresh_token', refresh_token: 'x', client_id: CLIENT.clientId, client_secret: 'wrong' })).toEqual({ status: 401, json: { error: 'invalid_client', error_description: 'Unauthorized' } });
    expect(await token({ ...secrets, grant_type: 'password' })).toEqual({ status: 400, json: { error: 'unsupported_grant_type', error_description: 'Invalid grant_type: password' } });
    expect(await token({ ...secrets, grant_type: 'authorization_code', redirect_uri: REDIRECT })).toEqual({ status: 400, json: { error: 'invalid_request', error_description: 'Missing required parameter: code' } });
    const json = await fetch(`${p.baseUrl}/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...secrets, grant_type: 'refresh_token', refresh_token: '1//0gnope' }) });
    expect(await json.json()).toEqual({ error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
  });

  it('admin mints tokens into the shared store and maps faults', async () => {
    const minted = (await (await fetch(`${p.baseUrl}/__admin/tokens`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as { access_token: string; refresh_token: string; scope: string };
    expect(minted.scope).toContain(ADWORDS);
    const rec = p.ctx.tokens.get(minted.access_token);
    expect(rec).toMatchObject({ kind: 'access', subject: DEMO_SUB, clientId: CLIENT.clientId });
    expect(p.ctx.tokens.get(minted.refresh_token)?.kind).toBe('refresh');

    const setFault = (key: string, plan: object) => fetch(`${p.baseUrl}/__admin/faults`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key, plan }) });
    await setFault(DEMO_SUB, { tokenRevoked: true, times: 1 });
    expect(await token({ ...secrets, grant_type: 'refresh_token', refresh_token: minted.refresh_token })).toEqual({ status: 400, json: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' } });
    expect((await token({ ...secrets, grant_type: 'refresh_token', refresh_token: minted.refresh_token })).status).toBe(200);

    await setFault(minted.refresh_token, { serverError: { status: 503 }, times: 1 });
    expect((await token({ ...secrets, grant_type: 'refresh_token', refresh_token: minted.refresh_token })).status).toBe(503);
    await setFault(minted.refresh_token, { malformed: true, times: 1 });
    const broken = await fetch(`${p.baseUrl}/token`, { method: 'POST', body: new URLSearchParams({ ...secrets, grant_type: 'refresh_token', refresh_token: minted.refresh_token }) });
    expect(broken.status).toBe(200);
    await expect(broken.json()).rejects.toThrow();
    await setFault(minted.refresh_token, { timeout: true, times: 1 });
    await expect(fetch(`${p.baseUrl}/token`, { method: 'POST', body: new URLSearchParams({ ...secrets, grant_type: 'refresh_token', refresh_token: minted.refresh_token }), signal: AbortSignal.timeout(300) })).rejects.toThrow();
  });
});
