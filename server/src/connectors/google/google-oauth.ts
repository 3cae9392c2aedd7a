import { createHash, randomBytes } from 'node:crypto';
import type { PlatformsConfig } from '../../config.js';
import { platformFetch } from '../http.js';
import { PlatformError } from '../platform-error.js';

type GoogleConfig = PlatformsConfig['google'];

// Minimal scopes per context (security checklist D3): sign-in needs identity only; each setup adds one API.
export const GOOGLE_SCOPES = {
  userLogin: ['openid', 'email', 'profile'],
  googleAdSetup: ['openid', 'email', 'https://www.googleapis.com/auth/adwords'],
  googleAnalyticsSetup: ['openid', 'email', 'https://www.googleapis.com/auth/analytics.readonly'],
} as const;
export type GoogleContext = keyof typeof GOOGLE_SCOPES;

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function googleAuthorizeUrl(config: GoogleConfig, input: { context: GoogleContext; redirectUri: string; state: string; codeChallenge: string }): string {
  const url = new URL(`${config.accountsUrl}/o/oauth2/v2/auth`);
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('redirect_uri', input.redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', GOOGLE_SCOPES[input.context].join(' '));
  url.searchParams.set('state', input.state);
  url.searchParams.set('code_challenge', input.codeChallenge);
  url.searchParams.set('code_challenge_method', 'S256');
  if (input.context !== 'userLogin') {
    // offline + consent: a refresh token every time, so background sync keeps working
    url.searchParams.set('access_type', 'offline');
    url.searchParams.set('prompt', 'consent');
    // Incremental authorization: the new token keeps the scopes granted before (Ads and GA4 on one identity).
    url.searchParams.set('include_granted_scopes', 'true');
  }
  return url.toString();
}

export interface GoogleTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
  scope: string;
}

function googleTokenError(status: number, body: unknown): PlatformError {
  const b = body as { error?: string; error_description?: string } | undefined;
  const message = b?.error_description ?? b?.error ?? `Google answered HTTP ${status}`;
  if (b?.error === 'invalid_grant') return new PlatformError('google', 'auth', message, { status, code: 'invalid_grant' });
  if (status >= 500) return new PlatformError('google', 'unavailable', message, { status });
  if (status === 429) return new PlatformError('google', 'rate_limit', message, { status, retryAfterMs: 30_000 });
  return new PlatformError('google', 'bad_request', message, { status, code: b?.error });
}

async function tokenCall(config: GoogleConfig, params: Record<string, string>): Promise<GoogleTokens> {
  const body = new URLSearchParams({ client_id: config.clientId, client_secret: config.clientSecret, ...params });
  const res = await platformFetch({ platform: 'google', url: `${config.oauth2Url}/token`, body });
  const json = res.json as { access_token?: string; refresh_token?: string; expires_in?: number; scope?: string } | undefined;
  if (res.status >= 400 || !json?.access_token) throw googleTokenError(res.status, res.json);
  return {
    accessToken: json.access_token,
    refreshToken: json.refresh_token ?? null,
    expiresAt: json.expires_in ? new Date(Date.now() + json.expires_in * 1000) : null,
    scope: json.scope ?? '',
  };
}

export function exchangeGoogleCode(config: GoogleConfig, input: { code: string; redirectUri: string; codeVerifier: string }): Promise<GoogleTokens> {
  return tokenCall(config, { grant_type: 'authorization_code', code: input.code, redirect_uri: input.redirectUri, code_verifier: input.codeVerifier });
}

export async function refreshGoogleToken(config: GoogleConfig, refreshToken: string): Promise<{ accessToken: string; expiresAt: Date | null }> {
  const t = await tokenCall(config, { grant_type: 'refresh_token', refresh_token: refreshToken });
  return { accessToken: t.accessToken, expiresAt: t.expiresAt };
}

export async function googleUserinfo(config: GoogleConfig, accessToken: string): Promise<{ sub: string; email: string | null; emailVerified: boolean; name: string | null }> {
  const res = await platformFetch({ platform: 'google', url: config.userinfoUrl, headers: { authorization: `Bearer ${accessToken}` } });
  const b = res.json as { sub?: string; email?: string; email_verified?: boolean; name?: string } | undefined;
  if (res.status === 401) throw new PlatformError('google', 'auth', 'Google did not accept the access token', { status: 401 });
  if (res.status >= 400 || !b?.sub) throw googleTokenError(res.status, res.json);
  return { sub: b.sub, email: b.email ?? null, emailVerified: b.email_verified === true, name: b.name ?? null };
}
