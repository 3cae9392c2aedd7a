import { CodeChallengeMethod, OAuth2Client } from 'google-auth-library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleEmulator } from '../../src/google/app.js';
import { SANDBOX_APPS } from '../../src/common/world.js';
import { startPlatform, type RunningPlatform } from '../harness.js';

// google-auth-library's OAuth2Client against the Google OAuth emulator, for what our Google connectors do:
// the consent URL with PKCE, the code exchange, userinfo, tokeninfo, a refresh and a revocation.
const CLIENT = SANDBOX_APPS.google;
const REDIRECT = 'https://app.example.com/oauth/google/callback';
const ADWORDS = 'https://www.googleapis.com/auth/adwords';
const ANALYTICS = 'https://www.googleapis.com/auth/analytics.readonly';
const DEMO_SUB = '100000000000000000001';

let p: RunningPlatform;
let client: OAuth2Client;
beforeAll(async () => {
  p = await startPlatform('google', googleEmulator);
  client = new OAuth2Client({
    clientId: CLIENT.clientId, clientSecret: CLIENT.clientSecret, redirectUri: REDIRECT,
    endpoints: {
      oauth2AuthBaseUrl: `${p.baseUrl}/o/oauth2/v2/auth`, oauth2TokenUrl: `${p.baseUrl}/token`,
      tokenInfoUrl: `${p.baseUrl}/tokeninfo`, oauth2RevokeUrl: `${p.baseUrl}/revoke`,
    },
  });
});
afterAll(async () => p.close());

/** Press Allow on the emulator's consent page for the demo identity; the code from the redirect. */
async function allow(authUrl: string): Promise<URL> {
  const html = await (await fetch(authUrl)).text();
  const id = /name="consent_id" value="([^"]+)"/.exec(html)?.[1];
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  expect(id && action).toBeTruthy();
  const res = await fetch(action!, { method: 'POST', body: new URLSearchParams({ consent_id: id!, decision: 'allow', account: DEMO_SUB }), redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

describe('google-auth-library OAuth2Client against the Google emulator', () => {
  it('consent with PKCE, code exchange, userinfo, tokeninfo, refresh and revoke', async () => {
    const { codeVerifier, codeChallenge } = await client.generateCodeVerifierAsync();
    const authUrl = client.generateAuthUrl({
      access_type: 'offline', prompt: 'consent', scope: ['openid', 'email', 'profile', ADWORDS, ANALYTICS], state: 'st-1',
      code_challenge: codeChallenge, code_challenge_method: CodeChallengeMethod.S256,
    });
    expect(authUrl.startsWith(`${p.baseUrl}/o/oauth2/v2/auth?`)).toBe(true);
    const back = await allow(authUrl);
    expect(back.searchParams.get('state')).toBe('st-1');

    const { tokens } = await client.getToken({ code: back.searchParams.get('code')!, codeVerifier });
    expect(tokens.access_token).toBeTruthy();
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.scope?.split(' ')).toEqual(expect.arrayContaining([ADWORDS, ANALYTICS]));
    expect(tokens.expiry_date).toBeGreaterThan(0);
    client.setCredentials(tokens);

    const me = await client.request<{ sub: string; email: string }>({ url: `${p.baseUrl}/v1/userinfo` });
    expect(me.data).toMatchObject({ sub: DEMO_SUB, email: 'demo@parallels.dev' });

    const info = await client.getTokenInfo(tokens.access_token!);
    expect(info).toMatchObject({ sub: DEMO_SUB, aud: CLIENT.clientId, email: 'demo@parallels.dev' });
    expect(info.scopes).toEqual(expect.arrayContaining([ADWORDS, ANALYTICS]));

    const { credentials } = await client.refreshAccessToken();
    expect(credentials.access_token).toBeTruthy();
    expect(credentials.access_token).not.toBe(tokens.access_token);
    expect(credentials.refresh_token).toBe(tokens.refresh_token);
    expect((await client.getTokenInfo(credentials.access_token!)).sub).toBe(DEMO_SUB);

    await client.revokeToken(tokens.refresh_token!);
    await expect(client.refreshAccessToken()).rejects.toMatchObject({ message: expect.stringContaining('invalid_grant') });
  });
});
