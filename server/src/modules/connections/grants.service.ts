import { decryptToken, encryptToken, type TokenKeyring } from '../../lib/token-crypto.js';
import type { Database } from '../../db/client.js';
import { PlatformError } from '../../connectors/platform-error.js';
import * as sqlq from '../../db/grants.sql.js';

// Associated data ties a sealed token to its owner and purpose: copied into another row, it will not open.
const aad = (g: { provider: string; userId: string; subject: string }, kind: 'access' | 'refresh') => `${g.provider}|${g.userId}|${g.subject}|${kind}`;

export interface GrantTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
}

export interface GrantDeps {
  db: Database;
  keyring: TokenKeyring;
}

/** Stores what a provider granted, sealed; returns the grant id (the only thing the browser sees). */
export async function saveGrant(
  deps: GrantDeps,
  input: { userId: string; provider: sqlq.Provider; subject: string; email: string | null; scope: string } & GrantTokens,
): Promise<string> {
  return sqlq.upsertGrant(deps.db, {
    userId: input.userId,
    provider: input.provider,
    subject: input.subject,
    email: input.email,
    scope: input.scope,
    accessTokenSealed: encryptToken(deps.keyring, input.accessToken, aad(input, 'access')),
    refreshTokenSealed: input.refreshToken ? encryptToken(deps.keyring, input.refreshToken, aad(input, 'refresh')) : null,
    accessExpiresAt: input.expiresAt,
  });
}

export function openGrant(deps: GrantDeps, grant: sqlq.GrantRow): GrantTokens {
  return {
    accessToken: decryptToken(deps.keyring, grant.accessTokenSealed, aad(grant, 'access')),
    refreshToken: grant.refreshTokenSealed ? decryptToken(deps.keyring, grant.refreshTokenSealed, aad(grant, 'refresh')) : null,
    expiresAt: grant.accessExpiresAt,
  };
}

/** A provider's refresh call; a provider that rotates refresh tokens (Shopify) returns the new one too. */
export type Refresher = (refreshToken: string) => Promise<{ accessToken: string; expiresAt: Date | null; refreshToken?: string | null }>;

// Refresh a little before expiry, so a token does not die in the middle of a call.
const EXPIRY_MARGIN_MS = 60_000;

const usable = (expiresAt: Date | null) => !expiresAt || expiresAt.getTime() - EXPIRY_MARGIN_MS > Date.now();

/**
 * A usable access token for a grant: refreshed through `refresh` when expired (Google, Zoho, expiring
 * Shopify tokens), the new one stored sealed. One refresh per grant at a time: callers in this process
 * share it (`inFlight`), other processes wait on the grant's lock and take what it stored. The caller's
 * row is brought up to date, so its next call needs no database round trip.
 */
export async function accessTokenFor(deps: GrantDeps, grant: sqlq.GrantRow, refresh?: Refresher): Promise<string> {
  if (grant.status !== 'active') throw new PlatformError(grant.provider, 'auth', 'The connection was revoked. Reconnect it to continue.');
  const tokens = openGrant(deps, grant);
  if (usable(tokens.expiresAt)) return tokens.accessToken;
  if (!refresh || !tokens.refreshToken) throw new PlatformError(grant.provider, 'auth', 'The access has expired. Reconnect to continue.');
  let pending = inFlight.get(grant.id);
  if (!pending) {
    pending = refreshGrantAccess(deps, grant.id, refresh).finally(() => inFlight.delete(grant.id));
    inFlight.set(grant.id, pending);
  }
  const fresh = await pending;
  Object.assign(grant, { accessTokenSealed: fresh.accessTokenSealed, refreshTokenSealed: fresh.refreshTokenSealed, accessExpiresAt: fresh.accessExpiresAt });
  return openGrant(deps, fresh).accessToken;
}

const inFlight = new Map<string, Promise<sqlq.GrantRow>>();

/**
 * The refresh itself, single-flight across processes (checklist D5): under the grant's advisory lock, read
 * the row again; if another process refreshed it meanwhile, that token is used, otherwise the provider is
 * called and both new tokens are stored before the lock is released. Two workers refreshing at once would
 * each spend the refresh token, and a provider that rotates them (Shopify) keeps only one: the other
 * grant would be dead until the merchant reconnected. `refresh` must not use the database: on PGlite the
 * transaction holds its only connection. Returns the stored row. Exported for tests, which call it from
 * several callers at once without the in-process map.
 */
export async function refreshGrantAccess(deps: GrantDeps, grantId: string, refresh: Refresher): Promise<sqlq.GrantRow> {
  return deps.db.transaction(async (tx) => {
    await sqlq.lockGrantForRefresh(tx, grantId);
    const current = await sqlq.findGrant(tx, grantId);
    if (!current || current.status !== 'active') throw new PlatformError(current?.provider ?? 'unknown', 'auth', 'The connection was revoked. Reconnect it to continue.');
    const tokens = openGrant(deps, current);
    if (usable(tokens.expiresAt)) return current;
    if (!tokens.refreshToken) throw new PlatformError(current.provider, 'auth', 'The access has expired. Reconnect to continue.');
    const next = await refresh(tokens.refreshToken);
    // Stored before use, both tokens together: a rotated refresh token lost here would force a reconnect.
    const accessTokenSealed = encryptToken(deps.keyring, next.accessToken, aad(current, 'access'));
    const refreshTokenSealed = next.refreshToken ? encryptToken(deps.keyring, next.refreshToken, aad(current, 'refresh')) : undefined;
    await sqlq.updateGrantAccess(tx, grantId, accessTokenSealed, next.expiresAt, refreshTokenSealed);
    return { ...current, accessTokenSealed, accessExpiresAt: next.expiresAt, refreshTokenSealed: refreshTokenSealed ?? current.refreshTokenSealed };
  });
}
