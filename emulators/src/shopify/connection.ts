import { GraphQLExecError } from './graphql/types.js';

// Relay connections as Shopify serves them: opaque base64 cursors holding the last row's sort value
// and id (`{"last_id":5123456789,"last_value":"2026-01-05 14:03:11.000000"}`), first/last <= 250.

export interface PageArgs { first?: unknown; last?: unknown; after?: unknown; before?: unknown }

export interface Page<T> {
  items: T[];
  cursors: string[];
  hasNextPage: boolean;
  hasPreviousPage: boolean;
}

export const MAX_PAGE = 250;

export function checkPageArgs(args: PageArgs, field: string): { first?: number; last?: number } {
  const first = typeof args.first === 'number' ? args.first : undefined;
  const last = typeof args.last === 'number' ? args.last : undefined;
  if (first === undefined && last === undefined) throw new GraphQLExecError('you must provide one of first or last', { code: 'BAD_REQUEST' });
  if (first !== undefined && last !== undefined) throw new GraphQLExecError('providing both first and last is not supported', { code: 'BAD_REQUEST' });
  for (const [label, n] of [['first', first], ['last', last]] as const) {
    if (n !== undefined && (n < 0 || n > MAX_PAGE)) {
      throw new GraphQLExecError(`Argument '${label}' on Field '${field}' has an invalid value (${n}). Expected a value between 0 and ${MAX_PAGE}.`, { code: 'BAD_REQUEST' });
    }
  }
  return { first, last };
}

export interface SortKey { value: number; id: number }

export function encodeCursor(key: SortKey, valueText: string | number): string {
  return Buffer.from(JSON.stringify({ last_id: key.id, last_value: valueText })).toString('base64');
}

export function decodeCursor(cursor: unknown, parseValue: (v: unknown) => number): SortKey {
  try {
    const json = JSON.parse(Buffer.from(String(cursor), 'base64').toString('utf8')) as { last_id?: unknown; last_value?: unknown };
    const id = Number(json.last_id);
    const value = parseValue(json.last_value);
    if (Number.isFinite(id) && Number.isFinite(value)) return { id, value };
  } catch {
    // falls through
  }
  throw new GraphQLExecError('Invalid cursor for current pagination sort.', { code: 'BAD_REQUEST' });
}

/**
 * One page of `items`, which are already in the requested order. `keyOf` gives each item's sort key;
 * `descending` says whether that order is descending (reverse: true), so cursors compare correctly.
 */
export function paginate<T>(items: T[], keyOf: (t: T) => SortKey, textOf: (t: T) => string | number, args: PageArgs, size: { first?: number; last?: number }, descending: boolean, parseValue: (v: unknown) => number, withCursors = true): Page<T> {
  const cmp = (a: SortKey, b: SortKey): number => {
    const c = a.value - b.value || a.id - b.id;
    return descending ? -c : c;
  };
  const firstIndexWhere = (pred: (k: SortKey) => boolean): number => {
    let lo = 0;
    let hi = items.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (pred(keyOf(items[mid] as T))) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  let start = 0;
  let end = items.length;
  if (args.after != null) {
    const after = decodeCursor(args.after, parseValue);
    start = firstIndexWhere((k) => cmp(k, after) > 0);
  }
  if (args.before != null) {
    const before = decodeCursor(args.before, parseValue);
    end = Math.max(start, firstIndexWhere((k) => cmp(k, before) >= 0));
  }
  let from = start;
  let to = end;
  if (size.first !== undefined) to = Math.min(end, start + size.first);
  if (size.last !== undefined) from = Math.max(start, end - size.last);
  const slice = items.slice(from, to);
  return {
    items: slice,
    cursors: withCursors ? slice.map((t) => encodeCursor(keyOf(t), textOf(t))) : [],
    hasNextPage: to < items.length,
    hasPreviousPage: from > 0,
  };
}

/** the object a connection field resolves to: edges, nodes and pageInfo */
export function connection<T>(page: Page<T>): Record<string, unknown> {
  return {
    edges: page.items.map((node, i) => ({ cursor: page.cursors[i], node })),
    nodes: page.items,
    pageInfo: {
      hasNextPage: page.hasNextPage,
      hasPreviousPage: page.hasPreviousPage,
      startCursor: page.cursors[0] ?? null,
      endCursor: page.cursors[page.cursors.length - 1] ?? null,
    },
  };
}
