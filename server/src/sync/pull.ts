import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { TokenKeyring } from '../lib/token-crypto.js';
import { PlatformError } from '../connectors/platform-error.js';
import type { RetryOptions } from '../connectors/retry.js';
import type { QuotaGate } from '../connectors/quota-gate.js';
import { refreshGoogleToken } from '../connectors/google/google-oauth.js';
import { refreshShopifyToken } from '../connectors/shopify/shopify-auth.js';
import { pullMetaWindow, type InsightsBudget } from '../connectors/meta/meta-sync.js';
import { pullGoogleAdsWindow } from '../connectors/google-ads/google-ads-sync.js';
import { pullGa4Window } from '../connectors/ga4/ga4-sync.js';
import { pullShopifyUpdates, pullShopifyWindow } from '../connectors/shopify/shopify-sync.js';
import { accessTokenFor, type Refresher } from '../modules/connections/grants.service.js';
import { RowSpool } from '../lib/row-spool.js';
import { loadSyncConnection, type SyncConnection } from './sync.sql.js';
import type { DayWindow } from './windows.js';

type MetaFacts = Awaited<ReturnType<typeof pullMetaWindow>>;
type GoogleAdsFacts = Awaited<ReturnType<typeof pullGoogleAdsWindow>>;
type Ga4Facts = Awaited<ReturnType<typeof pullGa4Window>>;
type ShopifyFacts = Awaited<ReturnType<typeof pullShopifyWindow>>;

/** One window's facts from one connection, tagged by platform. */
export type WindowFacts =
  | ({ platform: 'meta' } & MetaFacts)
  | ({ platform: 'google_ads' } & GoogleAdsFacts)
  | ({ platform: 'ga4' } & Ga4Facts)
  | ({ platform: 'shopify' } & ShopifyFacts);

export interface PullDeps {
  db: Database;
  config: Config;
  keyring: TokenKeyring;
  retry?: RetryOptions;
  /** the fleet's quota ledger, as the job's kind may spend it (sync/queue.ts; decision 022); none: calls are not metered */
  quota?: QuotaGate;
}

function refresherFor(deps: PullDeps, conn: SyncConnection): Refresher | undefined {
  if (conn.grant?.provider === 'google') return (rt) => refreshGoogleToken(deps.config.platforms.google, rt);
  if (conn.grant?.provider === 'shopify') return (rt) => refreshShopifyToken(deps.config.platforms.shopify, conn.accountId, rt);
  return undefined;
}

export async function connectionAccessToken(deps: PullDeps, conn: SyncConnection): Promise<string> {
  if (!conn.grant) throw new PlatformError(conn.platform, 'auth', 'The connection has no access: reconnect the account.');
  return accessTokenFor(deps, conn.grant, refresherFor(deps, conn));
}

/** A connection's access token by its id, for a screen that asks the platform directly; throws when the connection is gone. */
export async function connectionAccessTokenById(deps: PullDeps, connectionId: string, brandId: string): Promise<string> {
  const conn = await loadSyncConnection(deps.db, connectionId, brandId);
  if (!conn) throw new Error('connection gone');
  return connectionAccessToken(deps, conn);
}

/** Reads one window of one connection from its platform, the way each platform intends (batched). */
export interface PullOptions {
  /** Shopify refresh: orders updated since this instant, instead of the window's orders by creation */
  updatedSince?: string;
  /** the platform's side of the window is done, only our download is left (Shopify bulk exports, Meta report runs; others never call it) */
  onRemoteDone?: () => void;
  /** Meta: the ad account's ads_insights budget this window's report runs count against (window-concurrency.ts) */
  insightsBudget?: InsightsBudget;
}

export async function pullWindow(deps: PullDeps, conn: SyncConnection, window: DayWindow, options: PullOptions = {}): Promise<WindowFacts> {
  const base = { platforms: deps.config.platforms, accessToken: await connectionAccessToken(deps, conn), brandId: conn.brandId, window, retry: deps.retry, quota: deps.quota };
  const timezone = conn.brandTimezone;
  switch (conn.platform) {
    case 'meta':
      return { platform: 'meta', ...(await pullMetaWindow({ ...base, account: { accountId: conn.accountId, timezone }, onRemoteDone: options.onRemoteDone, insightsBudget: options.insightsBudget })) };
    case 'google_ads':
      return { platform: 'google_ads', ...(await pullGoogleAdsWindow({ ...base, account: { customerId: conn.accountId, managerId: conn.managerId, timezone } })) };
    case 'ga4':
      return { platform: 'ga4', ...(await pullGa4Window({ ...base, account: { propertyId: conn.accountId, timezone } })) };
    case 'shopify': {
      const account = { shop: conn.accountId, timezone };
      const facts = options.updatedSince ? await pullShopifyUpdates({ ...base, account, updatedSince: options.updatedSince }) : await pullShopifyWindow({ ...base, account, onRemoteDone: options.onRemoteDone });
      return { platform: 'shopify', ...facts };
    }
  }
}

/**
 * Frees what a pulled window keeps outside memory (Google Ads views, GA4 dimension rows, Meta delivery and
 * breakdown rows, Shopify orders and refunds, spooled to disk): once
 * its transaction has ended, committed or not, or when it is dropped unread. Safe to call twice.
 */
export async function releaseWindowFacts(facts: WindowFacts): Promise<void> {
  if (facts.platform === 'google_ads' && facts.viewDaily instanceof RowSpool) await facts.viewDaily.discard();
  if (facts.platform === 'ga4' && facts.dimensionDaily instanceof RowSpool) await facts.dimensionDaily.discard();
  if (facts.platform === 'shopify') {
    if (facts.orders instanceof RowSpool) await facts.orders.discard();
    if (facts.refunds instanceof RowSpool) await facts.refunds.discard();
  }
  if (facts.platform === 'meta') {
    if (facts.adDaily instanceof RowSpool) await facts.adDaily.discard();
    if (facts.breakdowns instanceof RowSpool) await facts.breakdowns.discard();
  }
}
