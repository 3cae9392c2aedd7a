import type { PlatformsConfig } from '../../config.js';
import { PlatformError } from '../platform-error.js';
import { withRetry, type RetryOptions } from '../retry.js';
import { searchStream } from './google-ads-api.js';
import {
  mapCampaignRows, mapDemographicRows, mapKeywordRows, mapProductViewRows, mapSearchTermRows, mapShoppingProducts,
  type AdsRow, type CampaignDailyRow, type MappingContext, type ProductRow, type ViewDailyRow,
} from './google-ads-mapping.js';
import { PRODUCTS_QUERY, dailyQuery, type DailyResource } from './google-ads-queries.js';

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
}

export interface GoogleAdsWindowFacts {
  campaignDaily: CampaignDailyRow[];
  viewDaily: ViewDailyRow[];
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
 */
export async function pullGoogleAdsWindow(input: GoogleAdsPullInput): Promise<GoogleAdsWindowFacts> {
  const config = input.platforms.googleAds;
  const customerId = digits(input.account.customerId);
  // Reached through a manager: its id; reached directly: the account's own (reference 3.1).
  const loginCustomerId = input.account.managerId ? digits(input.account.managerId) : customerId;
  let calls = 0;
  const run = (query: string): Promise<AdsRow[]> =>
    withRetry(async () => {
      calls++;
      try {
        return await searchStream<AdsRow>(config, input.accessToken, customerId, query, loginCustomerId);
      } catch (e) {
        throw forSync(e);
      }
    }, input.retry);

  const { from, to } = input.window;
  const daily = (resource: DailyResource) => run(dailyQuery(resource, from, to));
  // Concurrent: a pull is a handful of queries and Google's per-account limit is per minute, not per
  // connection; a failure rejects the whole pull (the window is retried as a unit by the job).
  const [campaigns, terms, keywords, ages, genders, productView, shopping] = await Promise.all([
    daily('campaign'),
    daily('search_term'),
    daily('keyword'),
    daily('age'),
    daily('gender'),
    daily('product'),
    input.products === false ? Promise.resolve<AdsRow[]>([]) : run(PRODUCTS_QUERY),
  ]);

  const ctx: MappingContext = { brandId: input.brandId, customerId };
  return {
    campaignDaily: mapCampaignRows(ctx, campaigns),
    viewDaily: [
      ...mapSearchTermRows(ctx, terms),
      ...mapKeywordRows(ctx, keywords),
      ...mapDemographicRows(ctx, 'age', ages),
      ...mapDemographicRows(ctx, 'gender', genders),
      ...mapProductViewRows(ctx, productView),
    ],
    products: mapShoppingProducts(ctx, shopping),
    calls,
  };
}
