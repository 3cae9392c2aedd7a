import { decryptToken, encryptToken, type TokenKeyring } from '../../lib/token-crypto.js';
import type { Database } from '../../db/client.js';
import { PlatformError } from '../../connectors/platform-error.js';
import * as sqlq from './grants.sql.js';

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

/**
 * A usable access token for a grant: refreshed through `refresh` when expired (Google, Zoho, expiring
 * Shopify tokens), the new one stored sealed. Concurrent callers share one refresh per grant.
 */
export async function accessTokenFor(deps: GrantDeps, grant: sqlq.GrantRow, refresh?: Refresher): Promise<string> {
  if (grant.status !== 'active') throw new PlatformError(grant.provider, 'auth', 'The connection was revoked. Reconnect it to continue.');
  const tokens = openGrant(deps, grant);
  const fresh = !tokens.expiresAt || tokens.expiresAt.getTime() - EXPIRY_MARGIN_MS > Date.now();
  if (fresh) return tokens.accessToken;
  if (!refresh || !tokens.refreshToken) throw new PlatformError(grant.provider, 'auth', 'The access has expired. Reconnect to continue.');
  let pending = inFlight.get(grant.id);
  if (!pending) {
    pending = (async () => {
      const next = await refresh(tokens.refreshToken!);
      // Stored before use, both tokens together: a rotated refresh token lost here would force a reconnect.
      const refreshSealed = next.refreshToken ? encryptToken(deps.keyring, next.refreshToken, aad(grant, 'refresh')) : undefined;
      await sqlq.updateGrantAccess(deps.db, grant.id, encryptToken(deps.keyring, next.accessToken, aad(grant, 'access')), next.expiresAt, refreshSealed);
      return next.accessToken;
    })().finally(() => inFlight.delete(grant.id));
    inFlight.set(grant.id, pending);
  }
  return pending;
}

const inFlight = new Map<string, Promise<string>>();
