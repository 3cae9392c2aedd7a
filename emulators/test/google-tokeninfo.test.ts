import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleEmulator } from '../src/google/app.js';
import { startPlatform, type RunningPlatform } from './harness.js';

// tokeninfo takes the access token as a parameter or, as google-auth-library's getTokenInfo sends it, as
// `Authorization: Bearer <token>` on a POST with an empty form body.
const ANALYTICS = 'https://www.googleapis.com/auth/analytics.readonly';
const DEMO_SUB = '100000000000000000001';

let p: RunningPlatform;
let token = '';
beforeAll(async () => {
  p = await startPlatform('google', googleEmulator);
  const minted = await fetch(`${p.baseUrl}/__admin/tokens`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sub: DEMO_SUB, scope: `${ANALYTICS} https://www.googleapis.com/auth/userinfo.email` }) });
  token = ((await minted.json()) as { access_token: string }).access_token;
});
afterAll(async () => p.close());

async function info(path: string, init: RequestInit): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${p.baseUrl}${path}`, init);
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

describe('Google tokeninfo', () => {
  it('POST /tokeninfo with Authorization: Bearer <token> answers the token info', async () => {
    const res = await info('/tokeninfo', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8', authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ sub: DEMO_SUB, email: 'demo@parallels.dev', email_verified: 'true', expires_in: expect.stringMatching(/^\d+$/) });
    expect(String(res.json.scope).split(' ')).toContain(ANALYTICS);
  });

  it('GET /tokeninfo and /oauth2/v3/tokeninfo take the bearer header too, and agree with the parameter form', async () => {
    const byParam = await info(`/tokeninfo?access_token=${token}`, {});
    const byHeader = await info('/tokeninfo', { headers: { authorization: `Bearer ${token}` } });
    expect(byHeader).toEqual(byParam);
    expect(byHeader.status).toBe(200);
    const v3 = await info('/oauth2/v3/tokeninfo', { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(v3).toEqual(byParam);
  });

  it('a bad bearer token is invalid_token, as a bad parameter is', async () => {
    const res = await info('/tokeninfo', { method: 'POST', headers: { authorization: 'Bearer ya29.nope' } });
    expect(res).toEqual({ status: 400, json: { error: 'invalid_token', error_description: 'Invalid Value' } });
    expect(await info('/tokeninfo', { method: 'POST' })).toEqual(res);
  });
});
