import { performance } from 'node:perf_hooks';
import { hashSeed } from '../common/rng.js';
import { findMerchant, type Merchant, type ShopifyShop } from '../common/world.js';
import type { EmulatorContext } from '../common/context.js';
import { ShopOrders } from './orders.js';

// Everything the Shopify emulator remembers per shop: its orders, bulk operations, app
// subscriptions and the cost bucket of the (single) sandbox app on that shop.

export type BulkStatus = 'CREATED' | 'RUNNING' | 'COMPLETED' | 'CANCELING' | 'CANCELED' | 'FAILED' | 'EXPIRED';

export interface BulkOperation {
  __node: 'BulkOperation';
  id: number;
  shop: string;
  query: string;
  /** the clock instant the export reflects */
  asOf: number;
  createdAt: number;
  createdReal: number;
  completedAt: number | null;
  polls: number;
  canceled: boolean;
  /** set when the export cannot run (e.g. the token lacks read_orders): status FAILED */
  errorCode: 'ACCESS_DENIED' | 'INTERNAL_SERVER_ERROR' | 'TIMEOUT' | null;
  allOrders: boolean;
  /** bytes: null for an export streamed as it downloads (bulk.ts countBulkFile) */
  counts: { objects: number; roots: number; bytes: number | null } | null;
  /** realistic latency: the export completes this many ms (real time) after createdReal, however often it is polled */
  readyMs?: number;
  /** the JSONL, rendered once when the export finished, in an unlinked temp file (bulk.ts renderBulkFile); dropped for all but the newest files */
  file?: BulkFile;
}

/** a rendered export: an open descriptor of an unlinked temp file, closed once dropped and read by no download */
export interface BulkFile {
  fd: number;
  bytes: number;
  readers: number;
  dropped: boolean;
}

export interface SubscriptionLineItem {
  id: number;
  kind: 'recurring' | 'usage';
  amount: string;
  currencyCode: string;
  interval: string;
  terms: string | null;
}

export interface AppSubscription {
  __node: 'AppSubscription';
  id: number;
  shop: string;
  name: string;
  status: 'PENDING' | 'ACTIVE' | 'DECLINED' | 'EXPIRED' | 'FROZEN' | 'CANCELLED';
  test: boolean;
  trialDays: number;
  returnUrl: string;
  createdAt: number;
  activatedAt: number | null;
  currentPeriodEnd: number | null;
  lineItems: SubscriptionLineItem[];
}

export interface ShopPlan { displayName: string; restoreRate: number; maximumAvailable: number; shopifyPlus: boolean }

export interface ShopRuntime {
  shop: ShopifyShop;
  index: number;
  shopId: number;
  merchant: Merchant;
  plan: ShopPlan;
  orders: ShopOrders;
  bulkOps: BulkOperation[];
  /** the most bulk query operations this shop has had running at once, and how many starts it refused as over the limit */
  bulkConcurrency: { peak: number; refused: number };
  subscriptions: AppSubscription[];
  bucket: { available: number; clockAt: number; realAt: number };
}

// GraphQL Admin restore rates by plan (shopify.dev/docs/apps/build/apis/graphql-admin/rate-limits);
// the bucket holds 20 seconds' worth, as `maximumAvailable: 2000.0` at 100 points/s shows.
const PLANS: Record<string, ShopPlan> = {
  demo: { displayName: 'Advanced', restoreRate: 200, maximumAvailable: 4000, shopifyPlus: false },
  other: { displayName: 'Basic', restoreRate: 100, maximumAvailable: 2000, shopifyPlus: false },
};

export class ShopifyState {
  private readonly shops = new Map<string, ShopRuntime>();
  private bulkSeq = 0;
  private subscriptionSeq = 0;
  /** admin toggle: rateLimit faults answer HTTP 429 + Retry-After instead of GraphQL THROTTLED */
  http429 = false;

  constructor(readonly ctx: EmulatorContext) {}

  runtime(domain: string): ShopRuntime | undefined {
    const existing = this.shops.get(domain);
    if (existing) return existing;
    const index = this.ctx.world.shopify.shops.findIndex((s) => s.domain === domain);
    const shop = this.ctx.world.shopify.shops[index];
    if (!shop) return undefined;
    const merchant = findMerchant(this.ctx.world, shop.merchantId);
    const plan = PLANS[merchant.id] ?? (PLANS.other as ShopPlan);
    const rt: ShopRuntime = {
      shop, index, merchant, plan,
      shopId: 60_000_000_000 + (hashSeed('shop', domain) % 9_000_000_000),
      orders: new ShopOrders(this.ctx.world, shop, index, merchant),
      bulkOps: [],
      bulkConcurrency: { peak: 0, refused: 0 },
      subscriptions: [],
      bucket: { available: plan.maximumAvailable, clockAt: this.ctx.clock.now().getTime(), realAt: performance.now() },
    };
    this.shops.set(domain, rt);
    return rt;
  }

  nextBulkId(): number {
    this.bulkSeq += 1;
    return 4_412_345_678 + this.bulkSeq * 1_017;
  }

  nextSubscriptionId(): number {
    this.subscriptionSeq += 1;
    return 29_898_883_094 + this.subscriptionSeq * 2_311;
  }
}

/** the numeric app id in confirmation URLs (stable per client id) */
export function appId(clientId: string): number {
  return 1_000_000 + (hashSeed('app', clientId) % 8_999_999);
}

/**
 * The leaky bucket, refilled by elapsed time. Both the emulator clock and real time count (the larger
 * wins): tests pin the clock, yet a client that sleeps after THROTTLED must see the bucket refill.
 */
export function refill(rt: ShopRuntime, clockNow: number): number {
  const realNow = performance.now();
  const elapsed = Math.max(clockNow - rt.bucket.clockAt, realNow - rt.bucket.realAt, 0) / 1000;
  rt.bucket.available = Math.min(rt.plan.maximumAvailable, rt.bucket.available + elapsed * rt.plan.restoreRate);
  rt.bucket.clockAt = clockNow;
  rt.bucket.realAt = realNow;
  return rt.bucket.available;
}
