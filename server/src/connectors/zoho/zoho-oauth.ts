import type { PlatformsConfig } from '../../config.js';
import { platformFetch } from '../http.js';
import { PlatformError } from '../platform-error.js';

type ZohoConfig = PlatformsConfig['zoho'];

export const ZOHO_SCOPES = ['Desk.tickets.CREATE', 'Desk.basic.READ'];

export function zohoAuthorizeUrl(config: ZohoConfig, input: { redirectUri: string; state: string }): string {
  const url = new URL(`${config.accountsUrl}/oauth/v2/auth`);
  url.searchParams.set('scope', ZOHO_SCOPES.join(','));
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('access_type', 'offline');
  url.searchParams.set('redirect_uri', input.redirectUri);
  url.searchParams.set('state', input.state);
  return url.toString();
}

/** Zoho answers token failures with HTTP 200 and {"error": "invalid_code"} (platform-apis.md 6.1). */
export async function exchangeZohoCode(config: ZohoConfig, input: { code: string; redirectUri: string }): Promise<{ accessToken: string; refreshToken: string | null; expiresAt: Date | null; scope: string }> {
  const body = new URLSearchParams({ grant_type: 'authorization_code', client_id: config.clientId, client_secret: config.clientSecret, redirect_uri: input.redirectUri, code: input.code });
  const res = await platformFetch({ platform: 'zoho', url: `${config.accountsUrl}/oauth/v2/token`, body });
  const b = res.json as { access_token?: string; refresh_token?: string; expires_in?: number; error?: string } | undefined;
  if (res.status >= 500) throw new PlatformError('zoho', 'unavailable', `Zoho answered HTTP ${res.status}`, { status: res.status });
  if (!b?.access_token) throw new PlatformError('zoho', 'auth', `Zoho refused the code: ${b?.error ?? res.status}`, { code: b?.error });
  return { accessToken: b.access_token, refreshToken: b.refresh_token ?? null, expiresAt: b.expires_in ? new Date(Date.now() + b.expires_in * 1000) : null, scope: ZOHO_SCOPES.join(',') };
}
