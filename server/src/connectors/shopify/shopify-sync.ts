import type { PlatformsConfig } from '../../config.js';
import { PlatformError } from '../platform-error.js';
import { withRetry, type RetryOptions } from '../retry.js';
import { normaliseShop } from './shopify-auth.js';
import {
  blockingOperation, BulkFileRefused, bulkFailure, CANCEL_BULK_MUTATION, downloadJsonl, isRunning, POLL_BULK_QUERY, pollDelays, RUN_BULK_MUTATION,
  type BulkOperationNode, type BulkUserError,
} from './shopify-bulk.js';
import { shopifyGraphql, throttleWaitMs, type ShopifyQueryCost } from './shopify-graphql.js';
import { RowSpool, type Rows } from '../../lib/row-spool.js';
import {
  createdWindowQuery, localDay, mapBulkLine, mapOrder, searchTime, ShopifyMappingError,
  type ShopContext, type ShopifyOrderNode, type StoreOrderRow, type StoreRefundRow,
} from './shopify-mapping.js';

// Shopify's pull (issue 5, section 1): history through one bulk operation per window (platform-apis.md 5.3),
// recent changes through `orders` paged by updated_at (5.2), so refunds and cancellations that happen
// days after an order's day are picked up by the refresh. Every HTTP call goes through withRetry:
// THROTTLED and 429 are waited out as shopifyGraphql classifies them, 401/403 are 'auth' at once.

export interface ShopifyAccount {
  /** 'name.myshopify.com' */
  shop: string;
  /** the shop's ianaTimezone: order and refund days are local days */
  timezone: string;
}

export interface ShopifyPullInput {
  platforms: PlatformsConfig;
  accessToken: string;
  brandId: string;
  account: ShopifyAccount;
  retry?: RetryOptions;
}

export interface ShopifyWindowInput extends ShopifyPullInput {
  /** local days, both included */
  window: { from: string; to: string };
  /**
   * Called once Shopify's part is done (the export finished) and only the download is left: a backfill starts
   * the next window's export then, so Shopify works while we download and write this one.
   */
  onRemoteDone?: () => void;
}

export interface ShopifyUpdatesInput extends ShopifyPullInput {
  /** ISO instant: every order with updated_at at or after it */
  updatedSince: string;
}

export interface ShopifyWindowFacts {
  /** a window's orders and refunds are spooled to disk as the export downloads (a large store's 60 days are
   * hundreds of thousands of orders); the refresh's few are held in memory */
  orders: Rows<StoreOrderRow>;
  refunds: Rows<StoreRefundRow>;
  /** platform HTTP calls made (retries included), for the backfill benchmark */
  calls: number;
}

const MONEY = '{ shopMoney { amount } }';
/** the Order selection both pulls share (ShopifyOrderNode) */
export const ORDER_FIELDS = `id name createdAt updatedAt processedAt cancelledAt test displayFinancialStatus currencyCode
  totalPriceSet ${MONEY} subtotalPriceSet ${MONEY} totalDiscountsSet ${MONEY} totalTaxSet ${MONEY}
  totalShippingPriceSet ${MONEY} totalRefundedSet ${MONEY}
  refunds { id createdAt totalRefundedSet ${MONEY} }`;

/**
 * Orders per updates page. Not 250: Shopify prices a connection at 2 + first x node cost, an order with
 * six money bags and its refunds costs 16, and one query may cost at most 1000 (MAX_COST_EXCEEDED,
 * platform-apis.md 5.6). 2 + 50 x 16 = 802 leaves room should Shopify price the refunds list higher.
 */
export const UPDATES_PAGE_SIZE = 50;

const UPDATES_QUERY = `query OrderUpdates($first: Int!, $after: String, $query: String!) {
  orders(first: $first, after: $after, query: $query, sortKey: UPDATED_AT) {
    pageInfo { hasNextPage endCursor }
    nodes { ${ORDER_FIELDS} }
  }
}`;

/** how long one bulk export may run before we give up on it (Shopify allows up to 10 days; a shop's two years take minutes) */
const MAX_BULK_WAIT_MS = 60 * 60_000;
/** how many times we wait for someone else's bulk query before giving the window back to the job queue */
const MAX_BUSY_WAITS = 5;

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** one pull's calls: counted, retried, on the shop's GraphQL endpoint */
class ShopifySession {
  calls = 0;
  readonly ctx: ShopContext;

  constructor(private readonly input: ShopifyPullInput) {
    const shop = normaliseShop(input.account.shop);
    if (!shop || shop !== input.account.shop) throw new PlatformError('shopify', 'bad_request', `not a shop domain: ${input.account.shop}`);
    try {
      localDay(new Date(0), input.account.timezone);
    } catch {
      throw new PlatformError('shopify', 'bad_request', `not a time zone: ${input.account.timezone}`);
    }
    this.ctx = { brandId: input.brandId, shop, timezone: input.account.timezone };
  }

  gql<T>(query: string, variables: Record<string, unknown>, onCost?: (cost: ShopifyQueryCost) => void): Promise<T> {
    const { platforms, accessToken } = this.input;
    return withRetry(() => {
      this.calls++;
      return shopifyGraphql<T>(platforms.shopify, this.ctx.shop, accessToken, query, variables, { onCost });
    }, this.input.retry);
  }

  sleep(ms: number): Promise<void> {
    return (this.input.retry?.sleep ?? defaultSleep)(ms);
  }
}

/** a malformed payload is Shopify's fault, like a malformed body (http.ts): 'unavailable' */
function unreadable(e: unknown): unknown {
  return e instanceof ShopifyMappingError ? new PlatformError('shopify', 'unavailable', `Shopify sent an order we cannot read: ${e.message}`) : e;
}

function mapped<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    throw unreadable(e);
  }
}

/** Poll one bulk operation until it is no longer running; null when Shopify does not know it. */
async function awaitBulk(s: ShopifySession, id: string, own: boolean): Promise<BulkOperationNode | null> {
  const delay = pollDelays();
  let waited = 0;
  for (;;) {
    const d = delay();
    await s.sleep(d);
    waited += d;
    const { node } = await s.gql<{ node: BulkOperationNode | null }>(POLL_BULK_QUERY, { id });
    if (!node || !isRunning(node.status)) return node;
    if (waited >= MAX_BULK_WAIT_MS) {
      // ours: cancel it so it does not hold the shop's bulk slot for the next attempt
      if (own) await s.gql(CANCEL_BULK_MUTATION, { id }).catch(() => undefined);
      throw new PlatformError('shopify', 'unavailable', `Shopify bulk operation ${id} did not finish in ${MAX_BULK_WAIT_MS / 60_000} minutes`, { code: 'BULK_TIMEOUT' });
    }
  }
}

/** Start a bulk query (waiting out one already in progress) and poll it to COMPLETED. */
async function runBulk(s: ShopifySession, query: string): Promise<BulkOperationNode> {
  for (let busy = 0; ; busy++) {
    const { bulkOperationRunQuery: payload } = await s.gql<{ bulkOperationRunQuery: { bulkOperation: { id: string } | null; userErrors: BulkUserError[] } }>(RUN_BULK_MUTATION, { query });
    if (payload.bulkOperation) {
      const op = await awaitBulk(s, payload.bulkOperation.id, true);
      if (!op) throw new PlatformError('shopify', 'unavailable', `Shopify lost bulk operation ${payload.bulkOperation.id}`);
      if (op.status !== 'COMPLETED') throw bulkFailure(op);
      return op;
    }
    const blocker = blockingOperation(payload.userErrors);
    if (blocker === undefined) throw new PlatformError('shopify', 'bad_request', `Shopify refused the bulk query: ${payload.userErrors.map((e) => e.message).join('; ')}`);
    if (busy >= MAX_BUSY_WAITS) throw new PlatformError('shopify', 'unavailable', 'Another bulk query kept the shop busy', { code: 'OPERATION_IN_PROGRESS' });
    // How the other one ends is not our business; once it is done the slot is free.
    if (blocker) await awaitBulk(s, blocker, false);
    else await s.sleep(5_000);
  }
}

function checkWindow(window: { from: string; to: string }): void {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  if (!day.test(window.from) || !day.test(window.to) || Number.isNaN(Date.parse(window.from)) || Number.isNaN(Date.parse(window.to)) || window.from > window.to) {
    throw new PlatformError('shopify', 'bad_request', `not a window of days: ${window.from}..${window.to}`);
  }
}

/**
 * History: every order created in the window's local days (with its refunds, whenever they happened),
 * through one bulk operation: 1 mutation, a few polls and one file, however long the window.
 */
export async function pullShopifyWindow(input: ShopifyWindowInput): Promise<ShopifyWindowFacts> {
  checkWindow(input.window);
  const s = new ShopifySession(input);
  const search = createdWindowQuery(input.window, s.ctx.timezone);
  const bulkQuery = `{ orders(query: ${JSON.stringify(search)}, sortKey: CREATED_AT) { edges { node { ${ORDER_FIELDS} } } } }`;
  const op = await runBulk(s, bulkQuery);
  input.onRemoteDone?.();
  // url null: the query matched nothing (no orders is not an error, and no rows are invented)
  if (!op.url) return { orders: [], refunds: [], calls: s.calls };
  const url = op.url;
  // Spooled as they download, SPOOL_BATCH orders at a time; each try of the download writes its own parts, which
  // are removed when it fails, so a retried download starts over (decision 019).
  const orders = new RowSpool<StoreOrderRow>({ dates: ['createdAt', 'updatedAt', 'cancelledAt'] });
  const refunds = new RowSpool<StoreRefundRow>({ dates: ['refundedAt'] });
  try {
    await withRetry(async () => {
      s.calls++;
      await orders.part(0, (appendOrders) =>
        refunds.part(0, async (appendRefunds) => {
          let orderBatch: StoreOrderRow[] = [];
          let refundBatch: StoreRefundRow[] = [];
          const flush = async () => {
            await appendOrders(orderBatch);
            await appendRefunds(refundBatch);
            orderBatch = [];
            refundBatch = [];
          };
          await downloadJsonl(url, (line) => {
            const m = mapBulkLine(s.ctx, line);
            if (m.order) orderBatch.push(m.order);
            for (const r of m.refunds) refundBatch.push(r);
            return orderBatch.length >= SPOOL_BATCH ? flush() : undefined;
          });
          await flush();
        }),
      );
    }, input.retry);
  } catch (e) {
    await Promise.all([orders.discard(), refunds.discard()]);
    // An expired or refused file URL, or an order we cannot read: downloading the same file again cannot
    // help (withRetry lets these through at once); the job retries the window with a new export.
    if (e instanceof BulkFileRefused) throw new PlatformError('shopify', 'unavailable', e.message, { status: e.status, code: 'BULK_FILE_REFUSED' });
    throw unreadable(e);
  }
  return { orders, refunds, calls: s.calls };
}

/** orders per spooled batch of a window's export */
const SPOOL_BATCH = 1_000;

/**
 * Refresh: every order updated since `updatedSince` (new orders, refunds, cancellations, fulfilments),
 * paged by cursor in updated_at order, with its refunds. An order updated while we page moves behind
 * the cursor and comes again: the later copy wins.
 */
export async function pullShopifyUpdates(input: ShopifyUpdatesInput): Promise<ShopifyWindowFacts> {
  const since = new Date(input.updatedSince);
  if (Number.isNaN(since.getTime())) throw new PlatformError('shopify', 'bad_request', `not an instant: ${input.updatedSince}`);
  const s = new ShopifySession(input);
  // Whole seconds, rounded down: Shopify's DateTime has no millis, and >= an earlier instant only widens.
  const query = `updated_at:>='${searchTime(since)}'`;
  const byId = new Map<string, { order: StoreOrderRow; refunds: StoreRefundRow[] }>();
  let after: string | null = null;
  let wait = 0;
  do {
    if (wait > 0) await s.sleep(wait);
    let cost: ShopifyQueryCost | undefined;
    const page: { orders: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: ShopifyOrderNode[] } } = await s.gql(
      UPDATES_QUERY,
      { first: UPDATES_PAGE_SIZE, after, query },
      (c) => (cost = c),
    );
    for (const node of page.orders.nodes) byId.set(node.id, mapped(() => mapOrder(s.ctx, node)));
    after = page.orders.pageInfo.hasNextPage ? page.orders.pageInfo.endCursor : null;
    // Pace on the bucket Shopify reports rather than run into THROTTLED (and its retry) on the next page.
    wait = throttleWaitMs(cost, cost?.requestedQueryCost ?? 0);
  } while (after);
  const values = [...byId.values()];
  return { orders: values.map((v) => v.order), refunds: values.flatMap((v) => v.refunds), calls: s.calls };
}
