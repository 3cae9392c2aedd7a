import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Brand, Connection, Platform } from '@parallels/contract/brands';
import { isDeadlock, type Database } from '../../db/client.js';
import { brands, connections, userBrands } from '../../db/schema.js';
import { forgetAccountFacts } from '../../db/forget-account.sql.js';

export interface NewConnection {
  platform: Platform;
  accountId: string;
  accountName: string;
  managerId: string | null;
  grantId: string | null;
  /** what the account reports in, where the platform says (not GA4) */
  currency?: string | null;
  timezone?: string | null;
}

interface BrandRow {
  id: string;
  name: string;
  currency: string;
  timezone: string;
}

/** The spec's brand shape, built from the brand and its connections. */
function toBrand(row: BrandRow, conns: Connection[]): Brand {
  const shop = conns.find((c) => c.platform === 'shopify');
  const ga4 = conns.find((c) => c.platform === 'ga4');
  return {
    _id: row.id,
    name: row.name,
    currency: row.currency,
    timezone: row.timezone,
    shopifyAccount: shop ? { shopName: shop.accountId } : null,
    fbAdAccounts: conns.filter((c) => c.platform === 'meta').map((c) => c.accountId),
    googleAdAccount: conns.filter((c) => c.platform === 'google_ads').map((c) => ({ clientId: c.accountId, managerId: c.managerId ?? '' })),
    ga4Account: ga4 ? { PropertyID: ga4.accountId } : null,
    connections: conns,
  };
}

const connectionColumns = {
  id: connections.id,
  brandId: connections.brandId,
  platform: connections.platform,
  accountId: connections.accountId,
  accountName: connections.accountName,
  managerId: connections.managerId,
  status: connections.status,
  statusMessage: connections.statusMessage,
  syncState: connections.syncState,
  backfillProgress: connections.backfillProgress,
  lastSyncedAt: connections.lastSyncedAt,
  lastError: connections.lastError,
};

interface ConnectionRow {
  id: string;
  brandId: string;
  platform: string;
  accountId: string;
  accountName: string;
  managerId: string | null;
  status: string;
  statusMessage: string | null;
  syncState: string;
  backfillProgress: string;
  lastSyncedAt: Date | null;
  lastError: string | null;
}

function toConnection({ brandId: _b, ...c }: ConnectionRow): Connection {
  return {
    ...c,
    platform: c.platform as Platform,
    status: c.status as Connection['status'],
    syncState: c.syncState as Connection['syncState'],
    backfillProgress: Number(c.backfillProgress),
    lastSyncedAt: c.lastSyncedAt ? c.lastSyncedAt.toISOString() : null,
  };
}

/** Brands by id, restricted to those on the user's list (others are silently left out). */
export async function findBrandsOfUser(db: Database, userId: string, brandIds?: string[]): Promise<Brand[]> {
  const where = brandIds ? and(eq(userBrands.userId, userId), inArray(userBrands.brandId, brandIds)) : eq(userBrands.userId, userId);
  const rows = await db
    .select({ id: brands.id, name: brands.name, currency: brands.currency, timezone: brands.timezone })
    .from(userBrands)
    .innerJoin(brands, eq(brands.id, userBrands.brandId))
    .where(where)
    .orderBy(asc(userBrands.createdAt), asc(brands.id));
  if (rows.length === 0) return [];
  const conns = await db
    .select(connectionColumns)
    .from(connections)
    .where(inArray(connections.brandId, rows.map((r) => r.id)))
    .orderBy(asc(connections.createdAt), asc(connections.accountId));
  return rows.map((r) =>
    toBrand(
      r,
      conns.filter((c) => c.brandId === r.id).map(toConnection),
    ),
  );
}

/** One brand; the caller has already checked access (brand-access hook). */
export async function findBrand(db: Database, brandId: string): Promise<Brand | undefined> {
  const rows = await db.select({ id: brands.id, name: brands.name, currency: brands.currency, timezone: brands.timezone }).from(brands).where(eq(brands.id, brandId)).limit(1);
  const row = rows[0];
  if (!row) return undefined;
  const conns = await db.select(connectionColumns).from(connections).where(eq(connections.brandId, brandId)).orderBy(asc(connections.createdAt), asc(connections.accountId));
  return toBrand(row, conns.map(toConnection));
}

export async function insertBrand(db: Database, input: { name: string; currency: string; timezone: string; userId: string; connections: NewConnection[] }): Promise<string> {
  return db.transaction(async (tx) => {
    const [brand] = await tx.insert(brands).values({ name: input.name, currency: input.currency, timezone: input.timezone, createdBy: input.userId }).returning({ id: brands.id });
    if (!brand) throw new Error('brand insert returned nothing');
    await tx.insert(userBrands).values({ userId: input.userId, brandId: brand.id });
    if (input.connections.length) await tx.insert(connections).values(input.connections.map((c) => ({ ...c, brandId: brand.id })));
    return brand.id;
  });
}

/** Makes the brand's accounts of one platform exactly `wanted`: adds the new, removes the missing. */
export async function replaceConnections(db: Database, brandId: string, platform: Platform, wanted: NewConnection[]): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await tx.select({ accountId: connections.accountId }).from(connections).where(and(eq(connections.brandId, brandId), eq(connections.platform, platform)));
    const keep = new Set(wanted.map((w) => w.accountId));
    const gone = current.map((c) => c.accountId).filter((id) => !keep.has(id));
    if (gone.length) {
      await tx.delete(connections).where(and(eq(connections.brandId, brandId), eq(connections.platform, platform), inArray(connections.accountId, gone)));
      for (const accountId of gone) await forgetAccountFacts(tx, brandId, platform, accountId);
    }
    const have = new Set(current.map((c) => c.accountId));
    const added = wanted.filter((w) => !have.has(w.accountId));
    if (added.length) await tx.insert(connections).values(added.map((c) => ({ ...c, brandId })));
  });
}

/** A reconnect: the brand's connections of a platform use the new grant and are active again. */
export async function attachGrant(db: Database, brandId: string, platforms: Platform[], grantId: string): Promise<number> {
  const rows = await db
    .update(connections)
    .set({ grantId, status: 'active', statusMessage: null })
    .where(and(eq(connections.brandId, brandId), inArray(connections.platform, platforms)))
    .returning({ id: connections.id });
  return rows.length;
}

export async function setBrandStore(db: Database, brandId: string, store: { currency: string; timezone: string }): Promise<void> {
  await db.update(brands).set(store).where(eq(brands.id, brandId));
}

export async function deleteBrand(db: Database, brandId: string): Promise<{ connectionIds: string[] }> {
  // Everything keyed by the brand goes with it (connections, their sync windows, every fact and summary table
  // cascade), as the privacy policy says; the connection ids are returned so their jobs can go too.
  // A sync writing the brand's rows meanwhile may lock some of them before the brand row (a window's delete and
  // insert): PostgreSQL then ends one side with a deadlock. If that side is this one, it simply runs again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const conns = await tx.select({ id: connections.id }).from(connections).where(eq(connections.brandId, brandId));
        await tx.delete(brands).where(eq(brands.id, brandId));
        return { connectionIds: conns.map((c) => c.id) };
      });
    } catch (e) {
      if (attempt >= 5 || !isDeadlock(e)) throw e;
    }
  }
}

export async function linkUserToBrand(db: Database, userId: string, brandId: string): Promise<void> {
  await db.insert(userBrands).values({ userId, brandId }).onConflictDoNothing();
}

export async function brandCurrency(db: Database, brandId: string): Promise<string | undefined> {
  const rows = await db.select({ currency: brands.currency }).from(brands).where(eq(brands.id, brandId)).limit(1);
  return rows[0]?.currency;
}

/** Whether the brand is on the user's list. */
export async function isBrandOfUser(db: Database, userId: string, brandId: string): Promise<boolean> {
  const rows = await db.select({ brandId: userBrands.brandId }).from(userBrands).where(and(eq(userBrands.userId, userId), eq(userBrands.brandId, brandId))).limit(1);
  return rows.length > 0;
}
