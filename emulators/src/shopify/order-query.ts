import { addDays, dayInZone, eachDay } from '../common/dates.js';
import { MAX_UPDATE_LAG_MS, orderState, type OrderRecord, type OrderState, type ShopOrders } from './orders.js';
import { parseSearch, timeMatches, timeOf, type ParsedSearch } from './search.js';
import { merchantDay } from '../common/world.js';
import { localToUtc } from './time.js';
import type { SortKey } from './connection.js';

// Which orders a query sees at an instant, in the requested order. Only the local days that can
// hold matches are generated (created/processed bounds directly; updated_at bounds through the
// longest time an order keeps changing after it is placed).

export interface ListedOrder { o: OrderRecord; s: OrderState }

export type OrderSortKey = 'ID' | 'CREATED_AT' | 'UPDATED_AT' | 'PROCESSED_AT' | 'ORDER_NUMBER' | 'TOTAL_PRICE';
export const ORDER_SORT_KEYS: OrderSortKey[] = ['ID', 'CREATED_AT', 'UPDATED_AT', 'PROCESSED_AT', 'ORDER_NUMBER', 'TOTAL_PRICE'];

const READ_ORDERS_WINDOW_MS = 60 * 86_400_000;

export interface OrderListing {
  items: ListedOrder[];
  warnings: Array<{ field: string; message: string }>;
}

/** the local days that can hold an order the search matches, and the oldest instant the app may see */
function candidateDays(orders: ShopOrders, asOf: number, search: ParsedSearch, allOrders: boolean): { lo: string; hi: string; oldest: number } {
  const tz = orders.merchant.timezone;
  const range = orders.historyRange(asOf);
  let lo = range.from;
  let hi = range.to;
  // Without read_all_orders an app sees only the last 60 days (shopify.dev, Order object).
  const oldest = allOrders ? -Infinity : asOf - READ_ORDERS_WINDOW_MS;
  const day = (ms: number): string => dayInZone(new Date(ms), tz);
  if (!allOrders) lo = maxDay(lo, day(oldest));
  for (const t of search.times) {
    const lower = t.op === '>' || t.op === '>=' || t.op === '=' ? t.from : undefined;
    const upper = t.op === '<' || t.op === '<=' ? t.from : t.op === '=' ? t.to : undefined;
    if (t.field === 'updated_at') {
      if (upper !== undefined) hi = minDay(hi, addDays(day(upper), 1));
      if (lower !== undefined) lo = maxDay(lo, addDays(day(lower - MAX_UPDATE_LAG_MS), -1));
    } else {
      if (upper !== undefined) hi = minDay(hi, addDays(day(upper), 1));
      if (lower !== undefined) lo = maxDay(lo, addDays(day(lower), -1));
    }
  }
  return { lo, hi, oldest };
}

/**
 * How many orders listOrders would give, without building them: a search on created_at alone counts the local
 * days it covers whole from merchantDay() (a day's orders are created within it) and generates only the days at
 * its edges, so a large store's quarter is counted in milliseconds. Any other search lists its orders.
 */
export function countOrders(orders: ShopOrders, asOf: number, query: string | undefined, allOrders: boolean): number {
  const tz = orders.merchant.timezone;
  const search = parseSearch(query, tz);
  if (search.predicates.length > 0 || search.times.some((t) => t.field !== 'created_at')) return listOrders(orders, asOf, query, 'ID', false, allOrders).items.length;
  const { lo, hi, oldest } = candidateDays(orders, asOf, search, allOrders);
  const matches = (t: number) => t >= oldest && search.times.every((f) => timeMatches(f, t));
  let n = 0;
  for (const d of eachDay(lo, hi)) {
    const first = localToUtc(d, 0, tz);
    const last = localToUtc(addDays(d, 1), 0, tz) - 1;
    if (matches(first) && matches(last)) n += merchantDay(orders.world.seed, orders.merchant, d).orders;
    else if (matches(first) || matches(last) || search.times.length > 0) for (const o of orders.day(d)) if (matches(o.createdAt)) n++;
  }
  for (const o of orders.live) if (o.createdAt <= asOf && matches(o.createdAt)) n++;
  return n;
}

export function listOrders(orders: ShopOrders, asOf: number, query: string | undefined, sortKey: OrderSortKey, reverse: boolean, allOrders: boolean): OrderListing {
  const search = parseSearch(query, orders.merchant.timezone);
  const { lo, hi, oldest } = candidateDays(orders, asOf, search, allOrders);
  const candidates: OrderRecord[] = [];
  for (const d of eachDay(lo, hi)) for (const o of orders.day(d)) candidates.push(o);
  for (const o of orders.live) if (o.createdAt <= asOf) candidates.push(o);

  const items: ListedOrder[] = [];
  for (const o of candidates) {
    if (o.createdAt < oldest) continue;
    const s = orderState(o, asOf);
    if (!search.times.every((t) => timeMatches(t, timeOf(t.field, o, s)))) continue;
    if (!search.predicates.every((p) => p(o, s))) continue;
    items.push({ o, s });
  }
  const key = sortKeyOf(sortKey);
  let sorted = true;
  for (let i = 1; i < items.length && sorted; i++) if (compareKeys(key(items[i - 1] as ListedOrder), key(items[i] as ListedOrder)) > 0) sorted = false;
  if (!sorted) items.sort((a, b) => compareKeys(key(a), key(b)));
  if (reverse) items.reverse();
  return { items, warnings: search.warnings };
}

/**
 * listOrders' items one at a time. Sorted by CREATED_AT or ID (ascending), a day's orders are already in that
 * order and days follow each other, so days are generated as they are reached and nothing is held: a bulk export
 * of a large store's quarter streams without building its hundreds of thousands of orders first. Other orders
 * list them all (listOrders).
 */
export function* eachListedOrder(orders: ShopOrders, asOf: number, query: string | undefined, sortKey: OrderSortKey, reverse: boolean, allOrders: boolean): Generator<ListedOrder> {
  if (reverse || (sortKey !== 'CREATED_AT' && sortKey !== 'ID')) {
    yield* listOrders(orders, asOf, query, sortKey, reverse, allOrders).items;
    return;
  }
  const search = parseSearch(query, orders.merchant.timezone);
  const { lo, hi, oldest } = candidateDays(orders, asOf, search, allOrders);
  const listed = (o: OrderRecord): ListedOrder | undefined => {
    if (o.createdAt < oldest) return undefined;
    const s = orderState(o, asOf);
    if (!search.times.every((t) => timeMatches(t, timeOf(t.field, o, s)))) return undefined;
    if (!search.predicates.every((p) => p(o, s))) return undefined;
    return { o, s };
  };
  for (const d of eachDay(lo, hi)) {
    for (const o of orders.day(d)) {
      const x = listed(o);
      if (x) yield x;
    }
  }
  for (const o of orders.live) {
    const x = o.createdAt <= asOf ? listed(o) : undefined;
    if (x) yield x;
  }
}

export function sortKeyOf(sortKey: OrderSortKey): (x: ListedOrder) => SortKey {
  switch (sortKey) {
    case 'CREATED_AT': return (x) => ({ value: x.o.createdAt, id: x.o.legacyId });
    case 'PROCESSED_AT': return (x) => ({ value: x.o.processedAt, id: x.o.legacyId });
    case 'UPDATED_AT': return (x) => ({ value: x.s.updatedAt, id: x.o.legacyId });
    case 'ORDER_NUMBER': return (x) => ({ value: x.o.number, id: x.o.legacyId });
    case 'TOTAL_PRICE': return (x) => ({ value: x.o.totalCents, id: x.o.legacyId });
    default: return (x) => ({ value: x.o.legacyId, id: x.o.legacyId });
  }
}

/** what the cursor's last_value says: Shopify writes timestamps as "2026-01-05 14:03:11.000000" */
export function cursorText(sortKey: OrderSortKey, k: SortKey): string | number {
  if (sortKey === 'CREATED_AT' || sortKey === 'PROCESSED_AT' || sortKey === 'UPDATED_AT') {
    return new Date(k.value).toISOString().replace('T', ' ').replace('Z', '000');
  }
  if (sortKey === 'TOTAL_PRICE') return (k.value / 100).toFixed(2);
  return k.value;
}

export function parseCursorValue(sortKey: OrderSortKey): (v: unknown) => number {
  if (sortKey === 'CREATED_AT' || sortKey === 'PROCESSED_AT' || sortKey === 'UPDATED_AT') {
    return (v) => Date.parse(`${String(v).replace(' ', 'T').slice(0, 23)}Z`);
  }
  if (sortKey === 'TOTAL_PRICE') return (v) => Math.round(Number(v) * 100);
  return (v) => Number(v);
}

function compareKeys(a: SortKey, b: SortKey): number {
  return a.value - b.value || a.id - b.id;
}

function maxDay(a: string, b: string): string { return a > b ? a : b; }
function minDay(a: string, b: string): string { return a < b ? a : b; }
