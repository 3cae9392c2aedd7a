import { addDays } from '../common/dates.js';
import { localToUtc } from './time.js';
import type { OrderRecord, OrderState } from './orders.js';

// The `query:` argument of `orders` in Shopify's search syntax (shopify.dev/docs/api/usage/search-syntax):
// terms separated by whitespace, AND implied (an explicit AND is accepted), `field:value` with the
// comparators `:`, `:<`, `:>`, `:<=`, `:>=`, values optionally quoted, `-field:value` negates.
// Dates without a time (and times without a zone) are read in the shop's time zone [U].
// OR is not supported here: such a query gets a search warning and the OR'ed term is ignored.

export type Comparator = '=' | '<' | '>' | '<=' | '>=';
export type TimeField = 'created_at' | 'updated_at' | 'processed_at';

export interface TimeFilter { field: TimeField; op: Comparator; from: number; to: number }

export interface ParsedSearch {
  times: TimeFilter[];
  predicates: Array<(o: OrderRecord, s: OrderState) => boolean>;
  warnings: Array<{ field: string; message: string }>;
}

export function parseSearch(query: string | undefined, timeZone: string): ParsedSearch {
  const out: ParsedSearch = { times: [], predicates: [], warnings: [] };
  if (!query) return out;
  const terms = query.match(/(?:[^\s"']+|"[^"]*"|'[^']*')+/g) ?? [];
  for (let raw of terms) {
    if (raw === 'AND') continue;
    if (raw === 'OR') {
      out.warnings.push({ field: 'OR', message: 'OR is not supported by the sandbox; terms are ANDed.' });
      continue;
    }
    const negate = raw.startsWith('-');
    if (negate) raw = raw.slice(1);
    const m = /^([a-z_]+):(<=|>=|<|>)?(.*)$/.exec(raw);
    if (!m) {
      const word = unquote(raw).toLowerCase();
      add(out, negate, (o) => `#${o.number}` === word || String(o.number) === word);
      continue;
    }
    const field = m[1] as string;
    const op = (m[2] ?? '=') as Comparator;
    const value = unquote(m[3] ?? '');
    if (field === 'created_at' || field === 'updated_at' || field === 'processed_at') {
      const range = parseInstant(value, timeZone);
      if (!range) {
        out.warnings.push({ field, message: `Invalid timestamp for query filter \`${field}\`.` });
        continue;
      }
      const filter: TimeFilter = { field, op, from: range[0], to: range[1] };
      if (negate) add(out, true, (o, s) => timeMatches(filter, timeOf(field, o, s)));
      else out.times.push(filter);
      continue;
    }
    const v = value.toLowerCase();
    switch (field) {
      case 'financial_status':
        add(out, negate, (_o, s) => s.financialStatus.toLowerCase() === v);
        break;
      case 'fulfillment_status':
        add(out, negate, (_o, s) => (['shipped', 'fulfilled'].includes(v) ? s.fulfillmentStatus === 'FULFILLED' : ['unshipped', 'unfulfilled'].includes(v) ? s.fulfillmentStatus === 'UNFULFILLED' : v === 'any'));
        break;
      case 'status':
        add(out, negate, (_o, s) => v === 'any' || (v === 'cancelled' && s.cancelled) || (v === 'open' && !s.cancelled && s.fulfillmentStatus !== 'FULFILLED') || (v === 'closed' && !s.cancelled && s.fulfillmentStatus === 'FULFILLED'));
        break;
      case 'test':
        add(out, negate, (o) => String(o.test) === v);
        break;
      case 'source_name':
        add(out, negate, (o) => o.sourceName === v);
        break;
      case 'name':
        add(out, negate, (o) => `#${o.number}` === value || String(o.number) === value);
        break;
      case 'id': {
        const n = Number(value.replace(/^gid:\/\/shopify\/Order\//, ''));
        add(out, negate, (o) => compare(o.legacyId, op, n, n + 1));
        break;
      }
      default:
        out.warnings.push({ field, message: 'Invalid search field for this query.' });
    }
  }
  return out;
}

export function timeOf(field: TimeField, o: OrderRecord, s: OrderState): number {
  return field === 'created_at' ? o.createdAt : field === 'processed_at' ? o.processedAt : s.updatedAt;
}

export function timeMatches(f: TimeFilter, t: number): boolean {
  return compare(t, f.op, f.from, f.to);
}

/** `:` means "within" for a day (from..to) and "equal" for an instant */
function compare(t: number, op: Comparator, from: number, to: number): boolean {
  switch (op) {
    case '=': return t >= from && t < to;
    case '<': return t < from;
    case '<=': return t <= from;
    case '>': return t > from;
    case '>=': return t >= from;
  }
}

function add(out: ParsedSearch, negate: boolean, p: (o: OrderRecord, s: OrderState) => boolean): void {
  out.predicates.push(negate ? (o, s) => !p(o, s) : p);
}

function unquote(v: string): string {
  return v.replace(/^(["'])(.*)\1$/, '$2');
}

/** [instant, end of the unit] for a date or date-time value */
function parseInstant(value: string, timeZone: string): [number, number] | null {
  const day = /^(\d{4}-\d{2}-\d{2})$/.exec(value);
  if (day) {
    const d = day[1] as string;
    if (Number.isNaN(Date.parse(`${d}T00:00:00Z`))) return null;
    return [localToUtc(d, 0, timeZone), localToUtc(addDays(d, 1), 0, timeZone)];
  }
  const local = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/.exec(value);
  if (local) {
    const t = localToUtc(local[1] as string, Number(local[2]) * 3600 + Number(local[3]) * 60 + Number(local[4] ?? 0), timeZone);
    return Number.isNaN(t) ? null : [t, t + 1000];
  }
  if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(value)) return null;
  const t = Date.parse(value.replace(' ', 'T'));
  return Number.isNaN(t) ? null : [t, t + 1000];
}
