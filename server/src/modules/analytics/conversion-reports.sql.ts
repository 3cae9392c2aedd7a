import { sql, type SQL } from 'drizzle-orm';
import type { DayRange } from '@parallels/contract/report-dates';
import { queryRows, type Database } from '../../db/client.js';
import { addDays, monthStart, splitWholeMonths } from '@parallels/contract/days';

/** One dimension value's sums for one month ('YYYYMM'). */
export interface ValueMonthSums {
  value: string;
  month: string;
  sessions: number;
  purchases: number;
}

const inList = (values: string[]): SQL => sql.join(values.map((v) => sql`${v}`), sql`, `);

/**
 * The range split into the whole calendar months inside it (read from the packed months) and the partial
 * months at its ends (read from the packed days), each edge inside one month. Either part may be empty.
 */
export function splitByWholeMonths(range: DayRange): { months: DayRange | null; days: DayRange[] } {
  const { months, edges } = splitWholeMonths(range);
  if (months || monthStart(range.from) === monthStart(range.to)) return { months, days: edges };
  // no whole month, the range runs across one month's end into the next: one part per month
  const second = monthStart(range.to);
  return { months: null, days: [{ from: range.from, to: addDays(second, -1) }, { from: second, to: range.to }] };
}

/**
 * Sessions and purchases of one conversion dimension by value and month over a range: whole months from the
 * packed monthly rollup (ga4_dimension_month_values: one row per property, dimension and month holding every
 * value's [value, sessions, purchases]), the partial edge months from the packed days (ga4_dimension_day_values:
 * the same, one row per property, dimension and day), so the query reads one row per month or edge day and
 * property whatever the dimension's cardinality; an edge month's days are added up here.
 * GA4's sessions by a dimension and day add up over days to its answer for the month (a session belongs to the
 * day it started), so the sums are exact; the reconciliation test holds this against the emulator's runReport.
 */
export async function conversionMonthSums(db: Database, brandId: string, propertyIds: string[], dimension: string, range: DayRange): Promise<ValueMonthSums[]> {
  if (propertyIds.length === 0) return [];
  const { months, days } = splitByWholeMonths(range);
  const parts: SQL[] = [];
  if (months) {
    parts.push(sql`select (extract(year from p.month) * 100 + extract(month from p.month))::int as month, p.entries from ga4_dimension_month_values p
      where p.brand_id = ${brandId} and p.dimension = ${dimension} and p.month between ${months.from} and ${months.to} and p.property_id in (${inList(propertyIds)})`);
  }
  for (const d of days) {
    // an edge lies inside one month: its packed days, added up below
    parts.push(sql`select ${Number(d.from.slice(0, 4) + d.from.slice(5, 7))}::int as month, p.entries from ga4_dimension_day_values p
      where p.brand_id = ${brandId} and p.dimension = ${dimension} and p.date between ${d.from} and ${d.to} and p.property_id in (${inList(propertyIds)})`);
  }
  const rows = await queryRows<{ month: number; entries: Array<[string, number | string, number | string]> | string }>(db, sql.join(parts, sql` union all `));
  const byMonth = new Map<string, Array<Array<[string, number | string, number | string]>>>();
  for (const r of rows) {
    const entries = typeof r.entries === 'string' ? (JSON.parse(r.entries) as Array<[string, number, number]>) : r.entries;
    const month = String(r.month);
    const list = byMonth.get(month);
    if (list) list.push(entries);
    else byMonth.set(month, [entries]);
  }
  const out: ValueMonthSums[] = [];
  for (const [month, packs] of byMonth) {
    if (packs.length === 1) {
      // one packed row for the month (a whole month of one property): every value comes once
      for (const [value, sessions, purchases] of packs[0]!) out.push({ value, month, sessions: Number(sessions), purchases: Number(purchases) });
      continue;
    }
    // an edge month's days, or two properties' month: a value's entries add up
    const byValue = new Map<string, ValueMonthSums>();
    for (const entries of packs) {
      for (const [value, sessions, purchases] of entries) {
        const hit = byValue.get(value);
        if (hit) {
          hit.sessions += Number(sessions);
          hit.purchases += Number(purchases);
        } else byValue.set(value, { value, month, sessions: Number(sessions), purchases: Number(purchases) });
      }
    }
    for (const v of byValue.values()) out.push(v);
  }
  return out;
}

interface Sums {
  sessions: number;
  purchases: number;
}

/** One dimension value's sums over a whole range, and in how many of the range's months it has a row. */
export interface ValueRangeSums extends Sums {
  value: string;
  months: number;
}

/**
 * One running-sums row of a range's sums: the latest year-to-date row with a month in from..to (the latest
 * month-to-date row with a day in from..to), added or subtracted, for the whole months (part 0) or the i-th
 * partial month (part i).
 */
export interface RunningSumTerm {
  part: number;
  sign: 1 | -1;
  of: 'year' | 'month';
  from: string;
  to: string;
}

/**
 * A range's sums as running-sums rows: the whole months per calendar year as year-to-date at their last month
 * minus year-to-date before their first (when they do not start in January), each partial month as month-to-date
 * at its last day minus month-to-date the day before its first (when it does not start on the 1st).
 */
export function runningSumTerms(range: DayRange): { days: DayRange[]; terms: RunningSumTerm[] } {
  const { months, days } = splitByWholeMonths(range);
  const terms: RunningSumTerm[] = [];
  if (months) {
    for (let year = Number(months.from.slice(0, 4)); year <= Number(months.to.slice(0, 4)); year++) {
      const january = `${year}-01-01`;
      const december = `${year}-12-01`;
      terms.push({ part: 0, sign: 1, of: 'year', from: january, to: months.to < december ? months.to : december });
      if (months.from > january && months.from.startsWith(String(year))) terms.push({ part: 0, sign: -1, of: 'year', from: january, to: addDays(months.from, -1) });
    }
  }
  days.forEach((d, i) => {
    const first = monthStart(d.from);
    terms.push({ part: i + 1, sign: 1, of: 'month', from: first, to: d.to });
    if (d.from > first) terms.push({ part: i + 1, sign: -1, of: 'month', from: first, to: addDays(d.from, -1) });
  });
  return { days, terms };
}

/**
 * Sessions and purchases of one conversion dimension by value over a whole range, of one property, from the
 * running sums (decision 014, "Running sums for a range"): the whole months as year-to-date at their last month
 * minus year-to-date before their first (per calendar year), each partial month as month-to-date at its last day
 * minus month-to-date the day before its first. Each term is the latest running-sums row at or before its day or
 * month within its month or year (a day or month without rows for the dimension has none), so the query reads at
 * most two rows per year and per partial month whatever the dimension's cardinality. `edges` holds the partial
 * months' sums per value ('YYYYMM'), for the month cells. Sums are integers, so the differences are exact.
 */
export async function conversionRangeSums(
  db: Database,
  brandId: string,
  propertyId: string,
  dimension: string,
  range: DayRange,
): Promise<{ values: Map<string, ValueRangeSums>; edges: Map<string, Map<string, Sums>> }> {
  const { days, terms } = runningSumTerms(range);
  const query = (t: RunningSumTerm) =>
    t.of === 'year'
      ? sql`(select entries from ga4_dimension_year_to_date where brand_id = ${brandId} and dimension = ${dimension} and month between ${t.from} and ${t.to} and property_id = ${propertyId} order by month desc limit 1)`
      : sql`(select entries from ga4_dimension_month_to_date where brand_id = ${brandId} and dimension = ${dimension} and date between ${t.from} and ${t.to} and property_id = ${propertyId} order by date desc limit 1)`;
  const values = new Map<string, ValueRangeSums>();
  const edges = new Map<string, Map<string, Sums>>();
  if (terms.length === 0) return { values, edges };
  const rows = await queryRows<{ term: number; entries: Array<[string, number | string, number | string, number | string]> | string }>(
    db,
    sql.join(terms.map((t, i) => sql`select ${i}::int as term, e.entries from ${query(t)} e`), sql` union all `),
  );
  // per part, each value's summed terms (n: its days or months with a row)
  const parts = new Map<number, Map<string, Sums & { n: number }>>();
  for (const r of rows) {
    const { part, sign } = terms[r.term]!;
    const entries = typeof r.entries === 'string' ? (JSON.parse(r.entries) as Array<[string, number, number, number]>) : r.entries;
    let sums = parts.get(part);
    if (!sums) parts.set(part, (sums = new Map()));
    for (const [value, sessions, purchases, n] of entries) {
      const hit = sums.get(value);
      if (hit) {
        hit.sessions += sign * Number(sessions);
        hit.purchases += sign * Number(purchases);
        hit.n += sign * Number(n);
      } else sums.set(value, { sessions: sign * Number(sessions), purchases: sign * Number(purchases), n: sign * Number(n) });
    }
  }
  for (const [part, sums] of parts) {
    // a partial month counts once for a value with a row on one of its days; the whole months count their months
    const edgeMonth = part === 0 ? null : days[part - 1]!.from.slice(0, 4) + days[part - 1]!.from.slice(5, 7);
    const edge = edgeMonth === null ? null : new Map<string, Sums>();
    if (edge) edges.set(edgeMonth!, edge);
    for (const [value, s] of sums) {
      if (s.n <= 0) continue; // no row in the part (a value of earlier days or months only)
      edge?.set(value, { sessions: s.sessions, purchases: s.purchases });
      const months = edge ? 1 : s.n;
      const hit = values.get(value);
      if (hit) {
        hit.sessions += s.sessions;
        hit.purchases += s.purchases;
        hit.months += months;
      } else values.set(value, { value, sessions: s.sessions, purchases: s.purchases, months });
    }
  }
  return { values, edges };
}

/** Sessions and purchases of some values of one conversion dimension by month, over whole months (a page's month cells). */
export async function conversionValueMonths(db: Database, brandId: string, propertyId: string, dimension: string, months: DayRange, values: string[]): Promise<ValueMonthSums[]> {
  if (values.length === 0) return [];
  const rows = await queryRows<{ value: string; month: number; sessions: number | string; purchases: number | string }>(
    db,
    sql`select value, (extract(year from month) * 100 + extract(month from month))::int as month, sessions, purchases from ga4_dimension_monthly
      where brand_id = ${brandId} and property_id = ${propertyId} and dimension = ${dimension} and value in (${inList(values)}) and month between ${months.from} and ${months.to}`,
  );
  return rows.map((r) => ({ value: r.value, month: String(r.month), sessions: Number(r.sessions), purchases: Number(r.purchases) }));
}
