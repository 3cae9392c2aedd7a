import { platformFetch } from '../http.js';
import { graphGet, metaError, type MetaConfig } from './meta-api.js';

// Facebook Login, server-side code flow (platform-apis.md 1.1). Meta has no refresh tokens: the short
// token is exchanged for a long-lived one (about 60 days); after that the user reconnects.
export const META_SCOPES = ['ads_read', 'business_management', 'email'];

export function metaAuthorizeUrl(config: MetaConfig, input: { redirectUri: string; state: string }): string {
  const url = new URL(`${config.dialogUrl}/${config.version}/dialog/oauth`);
  url.searchParams.set('client_id', config.appId);
  url.searchParams.set('redirect_uri', input.redirectUri);
  url.searchParams.set('state', input.state);
  url.searchParams.set('scope', META_SCOPES.join(','));
  url.searchParams.set('response_type', 'code');
  return url.toString();
}

export interface MetaToken {
  accessToken: string;
  expiresAt: Date | null;
}

async function tokenCall(config: MetaConfig, params: Record<string, string>): Promise<MetaToken> {
  const url = new URL(`${config.graphUrl}/${config.version}/oauth/access_token`);
  for (const [k, v] of Object.entries({ client_id: config.appId, client_secret: config.appSecret, ...params })) url.searchParams.set(k, v);
  const res = await platformFetch({ platform: 'meta', url: url.toString() });
  const body = res.json as { access_token?: string; expires_in?: number } | undefined;
  if (res.status >= 400 || !body?.access_token) throw metaError(res.status, res.json, res.headers);
  return { accessToken: body.access_token, expiresAt: body.expires_in ? new Date(Date.now() + body.expires_in * 1000) : null };
}

/** code -> short-lived token -> long-lived token */
export async function exchangeMetaCode(config: MetaConfig, code: string, redirectUri: string): Promise<MetaToken> {
  const short = await tokenCall(config, { code, redirect_uri: redirectUri });
  return tokenCall(config, { grant_type: 'fb_exchange_token', fb_exchange_token: short.accessToken });
}

export function metaMe(config: MetaConfig, accessToken: string): Promise<{ id: string; name?: string; email?: string }> {
  return graphGet(config, 'me', { fields: 'id,name,email' }, accessToken);
}
