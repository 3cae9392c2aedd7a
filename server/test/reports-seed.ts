import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';
import { saveSubscription } from '../src/modules/pricing/pricing.sql.js';
import { inShortTransactions, writeWindowFacts, writeWindowSteps } from '../src/sync/facts-writer.sql.js';
import type { WindowFacts } from '../src/sync/pull.js';
import { recordWindow } from '../src/sync/sync.sql.js';
import { eachDay } from '@parallels/contract/days';

// Seeds facts the way a sync writes them (the window writer, with its checkpoint), so report tests exercise
// the same rollups and coverage a real sync produces.

export interface MetaDay {
  campaignId: string;
  spend: number;
  revenue: number;
  purchases: number;
  clicks: number;
  impressions: number;
}

export interface GoogleDay {
  campaignId: string;
  costMicros: number;
  conversions: number;
  value: number;
  clicks: number;
  impressions: number;
}

export interface Ga4Day {
  sessions: number;
  addToCarts: number;
  checkouts: number;
  purchases: number;
}

export function daysOf(from: string, to: string): string[] {
  return eachDay({ from, to });
}

async function connectionId(db: Database, brandId: string, accountId: string): Promise<string> {
  const r = (await db.execute(sql`select id from connections where brand_id = ${brandId} and account_id = ${accountId}`)) as unknown as { rows: Array<{ id: string }> };
  if (!r.rows[0]) throw new Error(`no connection ${accountId}`);
  return r.rows[0].id;
}

/** In the window's one transaction, or (`shortSteps`) a step at a time as decision 027 writes a window nothing covers on PGlite. */
async function writeWindow(db: Database, brandId: string, accountId: string, window: { from: string; to: string }, facts: WindowFacts, shortSteps = false): Promise<void> {
  const id = await connectionId(db, brandId, accountId);
  if (shortSteps) {
    await writeWindowSteps(inShortTransactions(db), brandId, accountId, window, facts, async (tx, rows) => {
      await recordWindow(tx, { brandId, connectionId: id, stream: 'backfill', from: window.from, to: window.to, rows, calls: 1 });
    });
    return;
  }
  await db.transaction(async (tx) => {
    const rows = await writeWindowFacts(tx, brandId, accountId, window, facts);
    await recordWindow(tx, { brandId, connectionId: id, stream: 'backfill', from: window.from, to: window.to, rows, calls: 1 });
  });
}

/** One synced Meta window: `day(date)` lists that day's campaign rows. */
export async function seedMetaWindow(db: Database, brandId: string, accountId: string, window: { from: string; to: string }, day: (date: string) => MetaDay[]): Promise<void> {
  const adDaily = daysOf(window.from, window.to).flatMap((date) =>
    day(date).map((c) => ({
      brandId,
      accountId,
      level: 'campaign',
      entityId: c.campaignId,
      date,
      campaignId: c.campaignId,
      campaignName: `Campaign ${c.campaignId}`,
      spend: c.spend.toFixed(2),
      impressions: c.impressions,
      clicks: c.clicks,
      purchases: c.purchases,
      purchaseValue: c.revenue.toFixed(2),
    })),
  );
  await writeWindow(db, brandId, accountId, window, { platform: 'meta', campaigns: [], adsetInterests: [], adDaily, breakdowns: [], calls: 1 });
}

export async function seedGoogleWindow(db: Database, brandId: string, customerId: string, window: { from: string; to: string }, day: (date: string) => GoogleDay[]): Promise<void> {
  const campaignDaily = daysOf(window.from, window.to).flatMap((date) =>
    day(date).map((c) => ({
      brandId,
      customerId,
      campaignId: c.campaignId,
      date,
      campaignName: `Campaign ${c.campaignId}`,
      status: 'ENABLED',
      costMicros: c.costMicros,
      impressions: c.impressions,
      clicks: c.clicks,
      conversions: String(c.conversions),
      conversionsValue: c.value.toFixed(2),
    })),
  );
  await writeWindow(db, brandId, customerId, window, { platform: 'google_ads', campaignDaily, viewDaily: [], products: [], calls: 1 });
}

/** One value of a conversion dimension on one day. */
export interface Ga4DimensionDay extends Ga4Day {
  dimension: string;
  value: string;
}

export async function seedGa4Window(
  db: Database,
  brandId: string,
  propertyId: string,
  window: { from: string; to: string },
  day: (date: string) => Ga4Day,
  dimensions: (date: string) => Ga4DimensionDay[] = () => [],
  options: { shortSteps?: boolean } = {},
): Promise<void> {
  const daily = daysOf(window.from, window.to).map((date) => ({ brandId, propertyId, date, ...day(date), purchaseRevenue: '0' }));
  const dimensionDaily = daysOf(window.from, window.to).flatMap((date) => dimensions(date).map((d) => ({ brandId, propertyId, date, ...d, purchaseRevenue: '0' })));
  await writeWindow(db, brandId, propertyId, window, { platform: 'ga4', daily, dimensionDaily, calls: 1 }, options.shortSteps);
}

export interface StoreOrderSeed {
  orderId: string;
  total: number;
  cancelled?: boolean;
  test?: boolean;
}

/** One synced Shopify window: `day(date)` lists that day's orders and refunds. */
export async function seedShopifyWindow(
  db: Database,
  brandId: string,
  shop: string,
  window: { from: string; to: string },
  day: (date: string) => { orders: StoreOrderSeed[]; refunds?: number[] },
): Promise<void> {
  const days = daysOf(window.from, window.to).map((date) => ({ date, ...day(date) }));
  const orders = days.flatMap(({ date, orders: list }) =>
    list.map((o) => ({
      brandId,
      shop,
      orderId: `${date}-${o.orderId}`,
      orderName: `#${o.orderId}`,
      createdAt: new Date(`${date}T10:00:00Z`),
      orderDate: date,
      updatedAt: new Date(`${date}T10:00:00Z`),
      cancelledAt: o.cancelled ? new Date(`${date}T11:00:00Z`) : null,
      test: o.test ? 1 : 0,
      financialStatus: 'PAID',
      currency: 'INR',
      totalPrice: o.total.toFixed(2),
      totalRefunded: '0',
    })),
  );
  const refunds = days.flatMap(({ date, refunds: list = [] }) =>
    list.map((amount, i) => ({ brandId, shop, refundId: `${date}-r${i}`, orderId: `${date}-1`, refundedAt: new Date(`${date}T12:00:00Z`), refundDate: date, amount: amount.toFixed(2) })),
  );
  await writeWindow(db, brandId, shop, window, { platform: 'shopify', orders, refunds, calls: 1 });
}

/** Puts a brand on a paid plan (reports need Startup and up), as an approved Shopify charge would. */
export async function subscribeBrand(db: Database, brandId: string, plan: 'STARTUP' | 'GROWTH' = 'STARTUP'): Promise<void> {
  await saveSubscription(db, { brandId, shop: `${brandId}.myshopify.com`, plan, status: 'active', chargeId: `test-${brandId}`, trialEndsOn: null, billingOn: null });
}
