import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Platform } from '@parallels/contract/brands';
import type { Database } from '../db/client.js';
import { brands, connections } from '../db/schema.js';
import { syncWindows } from '../db/facts-schema.js';
import { findGrant, type GrantRow } from '../db/grants.sql.js';

export interface SyncConnection {
  id: string;
  brandId: string;
  platform: Platform;
  accountId: string;
  accountName: string;
  managerId: string | null;
  status: string;
  brandTimezone: string;
  grant: GrantRow | undefined;
}

/** A connection by its id; a caller that knows the brand names it, so the lookup stays on the brand's shard (Citus). */
export async function loadSyncConnection(db: Database, connectionId: string, brandId?: string): Promise<SyncConnection | undefined> {
  const rows = await db
    .select({
      id: connections.id,
      brandId: connections.brandId,
      platform: connections.platform,
      accountId: connections.accountId,
      accountName: connections.accountName,
      managerId: connections.managerId,
      status: connections.status,
      grantId: connections.grantId,
      brandTimezone: brands.timezone,
    })
    .from(connections)
    .innerJoin(brands, eq(brands.id, connections.brandId))
    .where(and(eq(connections.id, connectionId), brandId ? eq(connections.brandId, brandId) : undefined))
    .limit(1);
  const row = rows[0];
  if (!row) return undefined;
  return { ...row, platform: row.platform as Platform, grant: row.grantId ? await findGrant(db, row.grantId) : undefined };
}

/** Active connections (optionally of one brand), with the timezone their days are counted in. */
export async function listActiveSyncTargets(db: Database, brandId?: string): Promise<Array<{ id: string; timezone: string }>> {
  return db
    .select({ id: connections.id, timezone: brands.timezone })
    .from(connections)
    .innerJoin(brands, eq(brands.id, connections.brandId))
    .where(and(eq(connections.status, 'active'), brandId ? eq(connections.brandId, brandId) : undefined));
}

/** Every committed window of some connections, of any stream. */
export async function syncedWindows(db: Database, connectionIds: string[]): Promise<Array<{ connectionId: string; from: string; to: string }>> {
  if (connectionIds.length === 0) return [];
  return db
    .select({ connectionId: syncWindows.connectionId, from: syncWindows.windowFrom, to: syncWindows.windowTo })
    .from(syncWindows)
    .where(inArray(syncWindows.connectionId, connectionIds));
}

export async function listActiveConnectionIds(db: Database): Promise<string[]> {
  const rows = await db.select({ id: connections.id }).from(connections).where(eq(connections.status, 'active'));
  return rows.map((r) => r.id);
}

/** Active connections that synced once but not since `before` (null: still on their first sync, the backfill's). */
export async function listOverdueConnectionIds(db: Database, before: Date): Promise<string[]> {
  const rows = await db
    .select({ id: connections.id })
    .from(connections)
    .where(and(eq(connections.status, 'active'), sql`${connections.lastSyncedAt} < ${before.toISOString()}`));
  return rows.map((r) => r.id);
}

export async function connectionWindows(db: Database, connectionId: string): Promise<Array<{ from: string; to: string }>> {
  return db.select({ from: syncWindows.windowFrom, to: syncWindows.windowTo }).from(syncWindows).where(eq(syncWindows.connectionId, connectionId));
}

/** The newest day any committed window of the connection reached, if any. */
export async function syncedThrough(db: Database, connectionId: string): Promise<string | null> {
  const rows = await db.select({ to: sql<string | null>`max(${syncWindows.windowTo})::text` }).from(syncWindows).where(eq(syncWindows.connectionId, connectionId));
  return rows[0]?.to ?? null;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The window's checkpoint, written inside the same transaction as its facts (checklist G1). */
export async function recordWindow(tx: Tx, input: { brandId: string; connectionId: string; stream: string; from: string; to: string; rows: number; calls: number }): Promise<void> {
  await tx
    .insert(syncWindows)
    .values({ brandId: input.brandId, connectionId: input.connectionId, stream: input.stream, windowFrom: input.from, windowTo: input.to, rows: input.rows, calls: input.calls })
    .onConflictDoUpdate({ target: [syncWindows.brandId, syncWindows.connectionId, syncWindows.stream, syncWindows.windowFrom], set: { windowTo: input.to, rows: input.rows, calls: input.calls, completedAt: sql`now()` } });
}

export type SyncStateUpdate =
  | { state: 'backfilling'; progress: number }
  | { state: 'fresh' }
  | { state: 'failing'; error: string }
  | { state: 'reauth_required'; error: string };

export async function setSyncState(db: Database, connectionId: string, update: SyncStateUpdate): Promise<void> {
  const set =
    update.state === 'backfilling'
      ? { syncState: 'backfilling', backfillProgress: update.progress.toFixed(4) }
      : update.state === 'fresh'
        ? { syncState: 'fresh', backfillProgress: '1', lastSyncedAt: new Date(), lastError: null }
        : update.state === 'failing'
          ? { syncState: 'failing', lastError: update.error }
          : { syncState: 'failing', status: 'reauth_required', statusMessage: update.error, lastError: update.error };
  await db.update(connections).set(set).where(eq(connections.id, connectionId));
}
