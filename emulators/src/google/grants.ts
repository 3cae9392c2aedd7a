import { randomBytes } from 'node:crypto';
import type { EmulatorContext } from '../common/context.js';
import type { TokenRecord, TokenStore } from '../common/tokens.js';
import type { GoogleIdentity } from '../common/world.js';
import { canonicalScopes, splitScopes } from './scopes.js';

/**
 * A grant = one user's consent to one client for a set of scopes. Its refresh token and every access
 * token minted from it are linked, because Google's /revoke of either one revokes them all.
 * Tokens live in the TokenStore the mounter shares between google, google-ads and ga4:
 * access tokens kind 'access', refresh tokens kind 'refresh', subject = the identity's `sub`,
 * scope = the granted scopes (long forms, space-separated), clientId = the OAuth client id.
 */
export const ACCESS_TOKEN_TTL_SECONDS = 3599;

export const DEFAULT_MINT_SCOPE = 'openid email profile https://www.googleapis.com/auth/adwords https://www.googleapis.com/auth/analytics.readonly';

export interface Grant {
  id: string;
  clientId: string;
  sub: string;
  scope: string;
  tokens: Set<string>;
}

const grantsByStore = new WeakMap<TokenStore, Map<string, Grant>>();

function registry(store: TokenStore): Map<string, Grant> {
  let map = grantsByStore.get(store);
  if (!map) {
    map = new Map();
    grantsByStore.set(store, map);
  }
  return map;
}

function random(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

export function findIdentity(ctx: EmulatorContext, sub: string): GoogleIdentity | undefined {
  return ctx.world.google.identities.find((i) => i.sub === sub);
}

export function newGrant(ctx: EmulatorContext, input: { sub: string; clientId: string; scope: string }): Grant {
  const grant: Grant = { id: random(12), clientId: input.clientId, sub: input.sub, scope: input.scope, tokens: new Set() };
  registry(ctx.tokens).set(grant.id, grant);
  return grant;
}

export function grantOf(ctx: EmulatorContext, record: TokenRecord): Grant | undefined {
  const id = record.data.grant;
  return id ? registry(ctx.tokens).get(id) : undefined;
}

/** Google access tokens look like `ya29.a0A...`; we keep the shape so logs and redaction rules match. */
export function issueAccessToken(ctx: EmulatorContext, grant: Grant, accessType: string): TokenRecord {
  const record = ctx.tokens.issue({
    kind: 'access',
    subject: grant.sub,
    clientId: grant.clientId,
    scope: grant.scope,
    ttlSeconds: ACCESS_TOKEN_TTL_SECONDS,
    data: { grant: grant.id, accessType },
    token: `ya29.a0${random(96)}`,
  });
  grant.tokens.add(record.token);
  return record;
}

/** Refresh tokens (`1//0g...`) do not expire by time; they die by revocation. */
export function issueRefreshToken(ctx: EmulatorContext, grant: Grant): TokenRecord {
  const record = ctx.tokens.issue({
    kind: 'refresh',
    subject: grant.sub,
    clientId: grant.clientId,
    scope: grant.scope,
    ttlSeconds: null,
    data: { grant: grant.id },
    token: `1//0g${random(72)}`,
  });
  grant.tokens.add(record.token);
  return record;
}

/** Revoke a token and every token of its grant (Google: revoking either half revokes both). */
export function revokeWithGrant(ctx: EmulatorContext, token: string): boolean {
  const record = ctx.tokens.get(token);
  if (!record || record.kind === 'code') return false;
  const grant = grantOf(ctx, record);
  for (const t of grant?.tokens ?? [token]) ctx.tokens.revoke(t);
  return true;
}

/**
 * Admin mint: tokens for a test identity without the consent dance.
 * Body: { sub?, email?, scope?, clientId? }; the default scope covers Ads and GA4.
 */
export function mintTokens(ctx: EmulatorContext, body: Record<string, unknown>): Record<string, unknown> {
  const identities = ctx.world.google.identities;
  const wanted = typeof body.sub === 'string' ? body.sub : undefined;
  const email = typeof body.email === 'string' ? body.email : undefined;
  const identity = wanted || email ? identities.find((i) => i.sub === wanted || i.email === email) : identities[0];
  if (!identity) throw new Error(`unknown Google identity ${wanted ?? email ?? ''}`);
  const scope = canonicalScopes(splitScopes(typeof body.scope === 'string' ? body.scope : DEFAULT_MINT_SCOPE)).join(' ');
  const clientId = typeof body.clientId === 'string' ? body.clientId : ctx.world.apps.google.clientId;
  const grant = newGrant(ctx, { sub: identity.sub, clientId, scope });
  const access = issueAccessToken(ctx, grant, 'offline');
  const refresh = issueRefreshToken(ctx, grant);
  return {
    access_token: access.token,
    refresh_token: refresh.token,
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    scope,
    token_type: 'Bearer',
    sub: identity.sub,
    email: identity.email,
  };
}
