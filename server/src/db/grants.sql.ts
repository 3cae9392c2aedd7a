import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from './client.js';
import { platformGrants } from './schema.js';

export type Provider = 'google' | 'facebook' | 'shopify' | 'zoho';

export interface GrantRow {
  id: string;
  userId: string;
  provider: Provider;
  subject: string;
  email: string | null;
  scope: string;
  accessTokenSealed: string;
  refreshTokenSealed: string | null;
  accessExpiresAt: Date | null;
  status: string;
}

const columns = {
  id: platformGrants.id,
  userId: platformGrants.userId,
  provider: platformGrants.provider,
  subject: platformGrants.subject,
  email: platformGrants.email,
  scope: platformGrants.scope,
  accessTokenSealed: platformGrants.accessTokenSealed,
  refreshTokenSealed: platformGrants.refreshTokenSealed,
  accessExpiresAt: platformGrants.accessExpiresAt,
  status: platformGrants.status,
};

export interface GrantInput {
  userId: string;
  provider: Provider;
  subject: string;
  email: string | null;
  scope: string;
  accessTokenSealed: string;
  /** null keeps the refresh token already stored (Google sends one only on first consent) */
  refreshTokenSealed: string | null;
  accessExpiresAt: Date | null;
}

/** One grant per (user, provider, identity): a reconnect replaces its tokens in place. */
export async function upsertGrant(db: Database, g: GrantInput): Promise<string> {
  const rows = await db
    .insert(platformGrants)
    .values({ ...g, status: 'active' })
    .onConflictDoUpdate({
      target: [platformGrants.userId, platformGrants.provider, platformGrants.subject],
      set: {
        email: g.email,
        scope: g.scope,
        accessTokenSealed: g.accessTokenSealed,
        ...(g.refreshTokenSealed ? { refreshTokenSealed: g.refreshTokenSealed } : {}),
        accessExpiresAt: g.accessExpiresAt,
        status: 'active',
        updatedAt: new Date(),
      },
    })
    .returning({ id: platformGrants.id });
  return rows[0]!.id;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findGrant(db: Database, id: string): Promise<GrantRow | undefined> {
  // grant ids are uuids: anything else names no grant (and must not reach the uuid column as a query error)
  if (!UUID.test(id)) return undefined;
  const rows = await db.select(columns).from(platformGrants).where(eq(platformGrants.id, id)).limit(1);
  return rows[0] as GrantRow | undefined;
}

/** The user's most recent grant at a provider whose scope includes `scopeIncludes` (if given). */
export async function latestGrant(db: Database, userId: string, provider: Provider, scopeIncludes?: string): Promise<GrantRow | undefined> {
  const rows = await db
    .select(columns)
    .from(platformGrants)
    .where(and(eq(platformGrants.userId, userId), eq(platformGrants.provider, provider), eq(platformGrants.status, 'active')))
    .orderBy(desc(platformGrants.updatedAt));
  return (rows as GrantRow[]).find((g) => !scopeIncludes || g.scope.split(/[ ,]/).includes(scopeIncludes));
}

export async function updateGrantAccess(db: Database, id: string, accessTokenSealed: string, accessExpiresAt: Date | null, refreshTokenSealed?: string): Promise<void> {
  await db
    .update(platformGrants)
    .set({ accessTokenSealed, accessExpiresAt, ...(refreshTokenSealed ? { refreshTokenSealed } : {}), updatedAt: new Date() })
    .where(eq(platformGrants.id, id));
}

/**
 * Inside a transaction: waits until no other transaction, in this process or another, holds this grant's
 * refresh lock, and holds it until commit or rollback (a killed process's lock dies with its connection).
 */
export async function lockGrantForRefresh(tx: Database, id: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('grant-refresh:' || ${id}::text))`);
}

export async function markGrantRevoked(db: Database, id: string): Promise<void> {
  await db.update(platformGrants).set({ status: 'revoked', updatedAt: new Date() }).where(eq(platformGrants.id, id));
}
