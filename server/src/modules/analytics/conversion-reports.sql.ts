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
 * The range split into the whole calendar months inside it (read from ga4_dimension_monthly) and the partial
 * months at its ends (read from the daily rows), each edge inside one month. Either part may be empty.
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
 * value's [value, sessions, purchases]), the partial edge months summed from the daily facts and packed the same
 * way in the query, so the answer is one row per month and property whatever the dimension's cardinality.
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
    // an edge lies inside one month: its days are summed per value, then packed like a month's row
    parts.push(sql`select ${Number(d.from.slice(0, 4) + d.from.slice(5, 7))}::int as month, json_agg(json_build_array(e.value, e.sessions, e.purchases)) as entries
      from (select d.value, sum(d.sessions) as sessions, sum(d.purchases) as purchases
        from ga4_dimension_daily d
        where d.brand_id = ${brandId} and d.dimension = ${dimension} and d.date between ${d.from} and ${d.to} and d.property_id in (${inList(propertyIds)})
        group by d.value) e`);
  }
  const rows = await queryRows<{ month: number; entries: Array<[string, number | string, number | string]> | string | null }>(db, sql.join(parts, sql` union all `));
  const parsed = rows.map((r) => ({ month: String(r.month), entries: typeof r.entries === 'string' ? (JSON.parse(r.entries) as Array<[string, number, number]>) : (r.entries ?? []) }));
  if (propertyIds.length === 1) {
    // one property: every value-month comes once (one row per month, one entry per value in it)
    return parsed.flatMap(({ month, entries }) => entries.map(([value, sessions, purchases]) => ({ value, month, sessions: Number(sessions), purchases: Number(purchases) })));
  }
  // A value-month comes twice only from two properties; those add up.
  const byKey = new Map<string, ValueMonthSums>();
  for (const { month, entries } of parsed) {
    for (const [value, sessions, purchases] of entries) {
      const key = `${month}|${value}`;
      const hit = byKey.get(key);
      if (hit) {
        hit.sessions += Number(sessions);
        hit.purchases += Number(purchases);
      } else byKey.set(key, { value, month, sessions: Number(sessions), purchases: Number(purchases) });
    }
  }
  return [...byKey.values()];
}
