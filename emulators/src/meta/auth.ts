import { createHmac } from 'node:crypto';
import type { TokenRecord } from '../common/tokens.js';
import type { MetaIdentity } from '../common/world.js';
import { errors } from './errors.js';
import type { GraphRequest } from './http.js';
import type { MetaState } from './state.js';

// Access tokens on Graph calls: user tokens from the login flow (or minted by admin), and the app
// token `{app_id}|{app_secret}` that debug_token accepts. Optional appsecret_proof is verified.

export type Auth = { kind: 'user'; record: TokenRecord; identity: MetaIdentity } | { kind: 'app' };

export function authenticate(state: MetaState, g: GraphRequest): Auth {
  const { ctx } = state;
  const token = g.token;
  if (!token) throw errors.missingToken();
  const app = ctx.world.apps.meta;
  if (token.includes('|')) {
    if (token === `${app.clientId}|${app.clientSecret}`) return { kind: 'app' };
    throw errors.invalidToken();
  }
  const check = ctx.tokens.check(token, 'access');
  if (check.status !== 'valid') {
    if (check.status === 'revoked') throw errors.revokedToken();
    if (check.status === 'expired') throw errors.expiredToken(new Date(check.record?.expiresAt ?? 0), ctx.clock.now());
    throw errors.invalidToken();
  }
  const identity = ctx.world.meta.identities.find((i) => i.id === check.record.subject);
  if (!identity) throw errors.invalidToken();
  const proof = g.params.appsecret_proof;
  if (proof !== undefined && proof !== createHmac('sha256', app.clientSecret).update(token).digest('hex')) throw errors.badAppsecretProof();
  return { kind: 'user', record: check.record, identity };
}

export function hasAdsScope(record: TokenRecord): boolean {
  const scopes = record.scope.split(/[,\s]+/);
  return scopes.includes('ads_read') || scopes.includes('ads_management');
}
