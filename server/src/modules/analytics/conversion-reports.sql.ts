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
 * monthly rollup, the partial edge months from the daily facts (both through their (brand_id, dimension, ...)
 * indexes), summed over the brand's properties. GA4's sessions by a dimension and day add up over days to its
 * answer for the month (a session belongs to the day it started), so the sums are exact; the reconciliation
 * test holds this against the emulator's runReport.
 */
export async function conversionMonthSums(db: Database, brandId: string, propertyIds: string[], dimension: string, range: DayRange): Promise<ValueMonthSums[]> {
  if (propertyIds.length === 0) return [];
  const { months, days } = splitByWholeMonths(range);
  const yyyymm = (column: SQL) => sql`(extract(year from ${column}) * 100 + extract(month from ${column}))::int`;
  const parts: SQL[] = [];
  if (months) {
    parts.push(sql`select m.value, ${yyyymm(sql`m.month`)} as month, m.sessions, m.purchases from ga4_dimension_monthly m
      where m.brand_id = ${brandId} and m.dimension = ${dimension} and m.month between ${months.from} and ${months.to} and m.property_id in (${inList(propertyIds)})`);
  }
  for (const d of days) {
    // an edge lies inside one month: its days are summed per value here
    parts.push(sql`select d.value, ${Number(d.from.slice(0, 4) + d.from.slice(5, 7))}::int as month, sum(d.sessions) as sessions, sum(d.purchases) as purchases
      from ga4_dimension_daily d
      where d.brand_id = ${brandId} and d.dimension = ${dimension} and d.date between ${d.from} and ${d.to} and d.property_id in (${inList(propertyIds)})
      group by d.value`);
  }
  // One row per value with its months as JSON: on the embedded PGlite every result row costs more than the SQL
  // (a two-year page-path report is ~37,500 value-months, 5x faster as ~1,500 rows). A value-month can come
  // twice only from two properties; those add up below.
  const rows = await queryRows<{ value: string; months: Array<[number, number, number]> | string }>(
    db,
    sql`select x.value, json_agg(json_build_array(x.month, x.sessions, x.purchases)) as months
        from (${sql.join(parts, sql` union all `)}) x
        group by x.value`,
  );
  const out: ValueMonthSums[] = [];
  for (const r of rows) {
    const list = typeof r.months === 'string' ? (JSON.parse(r.months) as Array<[number, number, number]>) : r.months;
    const byMonth = new Map<number, ValueMonthSums>();
    for (const [month, sessions, purchases] of list) {
      const hit = byMonth.get(month);
      if (hit) {
        hit.sessions += Number(sessions);
        hit.purchases += Number(purchases);
      } else byMonth.set(month, { value: r.value, month: String(month), sessions: Number(sessions), purchases: Number(purchases) });
    }
    out.push(...byMonth.values());
  }
  return out;
}
