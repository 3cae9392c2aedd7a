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
