import type { PlatformsConfig } from '../../config.js';
import { PlatformError } from '../platform-error.js';
import { withRetry, type RetryOptions } from '../retry.js';
import { allOrNone, orStopped } from '../all-or-none.js';
import { BUDGETS, metered, type QuotaGate } from '../quota-gate.js';
import { RowSpool, type Rows } from '../../lib/row-spool.js';
import { searchStream, searchStreamBatches } from './google-ads-api.js';
import {
  mapCampaignRows, mapDemographicRows, mapKeywordRows, mapProductViewRows, mapSearchTermRows, mapShoppingProducts,
  type AdsRow, type CampaignDailyRow, type MappingContext, type ProductRow, type ViewDailyRow,
} from './google-ads-mapping.js';
import { DAILY_RESOURCES, PRODUCTS_QUERY, dailyQuery, type DailyResource } from './google-ads-queries.js';

export interface GoogleAdsPullInput {
  platforms: PlatformsConfig;
  accessToken: string;
  brandId: string;
  account: {
    customerId: string;
    /** the manager the client is reached through (sent as login-customer-id); null when reached directly */
    managerId: string | null;
    /** the account's time zone: segments.date is already a day in it, so nothing is converted */
    timezone: string;
  };
  /** inclusive days in the account's time zone */
  window: { from: string; to: string };
  retry?: RetryOptions;
  /** read shopping_product too (default true); a backfill needs it once, not for every window */
  products?: boolean;
  /** the fleet's quota ledger: each query reserves one of the developer token's daily operations (decision 022) */
  quota?: QuotaGate;
}

export interface GoogleAdsWindowFacts {
  campaignDaily: CampaignDailyRow[];
  /**
   * On disk, batch by batch as Google sent them, each batch folded by its natural key on its own: a key may
   * come again in a later batch (age over ad groups, a product over campaigns), so the writer adds such rows
   * up (upsert with summed metrics) after it has deleted the window's days. Discard it once written
   * (releaseWindowFacts). Rows in memory are taken too (test seeds).
   */
  viewDaily: Rows<ViewDailyRow>;
  products: ProductRow[];
  /** HTTP calls made to Google Ads, retries included */
  calls: number;
}

const digits = (id: string) => id.replace(/-/g, '');

/**
 * Within a sync, an account that no longer answers to this Google user cannot be pulled however often we
 * try, and it is not the token's fault either (the token works; the person lost access): NOT_ADS_USER is
 * reported as `permission`, like USER_PERMISSION_DENIED, so the job fails visibly without asking for a
 * reconnection that would not help.
 */
function forSync(e: unknown): unknown {
  if (e instanceof PlatformError && e.kind === 'not_ads_user') return new PlatformError(e.platform, 'permission', e.message, e.details);
  return e;
}

/**
 * One Google Ads account over one window: one searchStream per resource (campaigns, search terms,
 * keywords, age, gender, products), each returning the whole window with daily rows in a single call
 * (platform-apis.md 3.3: a query is one quota operation however many rows it streams), plus the current
 * shopping products. Every call goes through withRetry: quota errors wait out Google's retryDelay, 5xx
 * back off, auth and permission errors fail at once. A day Google returned no row for has no fact row.
 * Answers are read batch by batch (searchStreamBatches); the views' rows, which grow with the account's search
 * terms, are spooled to disk as they arrive, so a window's pull holds a batch per query, not the window.
 */
export async function pullGoogleAdsWindow(input: GoogleAdsPullInput): Promise<GoogleAdsWindowFacts> {
  const config = input.platforms.googleAds;
  const customerId = digits(input.account.customerId);
  // Reached through a manager: its id; reached directly: the account's own (reference 3.1).
  const loginCustomerId = input.account.managerId ? digits(input.account.managerId) : customerId;
  const ctx: MappingContext = { brandId: input.brandId, customerId };
  let calls = 0;
  // one query is one operation of the developer token's daily budget, shared by every customer (reference 3.6)
  const operation = [{ budget: BUDGETS.googleAdsDeveloperToken(config.developerToken, config.operationsPerDay), cost: 1 }];
  // One call failing fails the pull: the others are cancelled (and not retried), so none is still in flight
  // when the pull has answered.
  const stop = new AbortController();
  const attempt = <R>(call: () => Promise<R>): Promise<R> =>
    withRetry(async () => {
      if (stop.signal.aborted) throw stop.signal.reason;
      return metered(input.quota, operation, async () => {
        calls++;
        try {
          return await orStopped(call(), stop.signal);
        } catch (e) {
          if (stop.signal.aborted) throw stop.signal.reason;
          throw forSync(e);
        }
      });
    }, input.retry);
  /** a small answer, whole (campaigns: one row per campaign a day; the current products) */
  const all = (query: string): Promise<AdsRow[]> => attempt(() => searchStream<AdsRow>(config, input.accessToken, customerId, query, loginCustomerId, undefined, stop.signal));
  // A view's rows (search terms grow with the account: a quarter of a large one is millions of rows) go to the
  // spool batch by batch as they arrive; each try writes its own part, dropped if the try fails.
  const viewDaily = new RowSpool<ViewDailyRow>();
  const { from, to } = input.window;
  const view = (resource: DailyResource, map: (rows: readonly AdsRow[]) => ViewDailyRow[]): Promise<void> =>
    attempt(() =>
      viewDaily.part(DAILY_RESOURCES.indexOf(resource), (append) => searchStreamBatches<AdsRow>(config, input.accessToken, customerId, dailyQuery(resource, from, to), (rows) => append(map(rows)), loginCustomerId, undefined, stop.signal)),
    );

  // Concurrent: a pull is a handful of queries and Google's per-account limit is per minute, not per
  // connection; a failure cancels the other calls and rejects the whole pull once they have stopped (the window
  // is retried as a unit by the job), and the spool with it (a part still being written removes itself when its
  // call ends).
  let campaigns: AdsRow[];
  let shopping: AdsRow[];
  try {
    [campaigns, , , , , , shopping] = await allOrNone(stop, [
      all(dailyQuery('campaign', from, to)),
      view('search_term', (rows) => mapSearchTermRows(ctx, rows)),
      view('keyword', (rows) => mapKeywordRows(ctx, rows)),
      view('age', (rows) => mapDemographicRows(ctx, 'age', rows)),
      view('gender', (rows) => mapDemographicRows(ctx, 'gender', rows)),
      view('product', (rows) => mapProductViewRows(ctx, rows)),
      input.products === false ? Promise.resolve<AdsRow[]>([]) : all(PRODUCTS_QUERY),
    ]);
  } catch (e) {
    await viewDaily.discard();
    throw e;
  }
  return { campaignDaily: mapCampaignRows(ctx, campaigns), viewDaily, products: mapShoppingProducts(ctx, shopping), calls };
}
