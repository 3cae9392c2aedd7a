import { sql, type SQL } from 'drizzle-orm';
import type { DayRange } from '@parallels/contract/report-dates';
import { queryRows, type Database } from '../../db/client.js';

/** One dimension value's sums for one month ('YYYYMM'). */
export interface ValueMonthSums {
  value: string;
  month: string;
  sessions: number;
  purchases: number;
}

const inList = (values: string[]): SQL => sql.join(values.map((v) => sql`${v}`), sql`, `);

/**
 * Sessions and purchases of one conversion dimension by value and month over a range, from the daily facts
 * (ga4_dimension_daily, read through its (brand_id, dimension, date) index). GA4's sessions by a dimension and
 * day add up over days to its answer for the month (a session belongs to the day it started), so summing the
 * days is exact; the reconciliation test holds this against the emulator's runReport.
 */
export async function conversionMonthSums(db: Database, brandId: string, propertyIds: string[], dimension: string, range: DayRange): Promise<ValueMonthSums[]> {
  if (propertyIds.length === 0) return [];
  return queryRows<ValueMonthSums>(
    db,
    sql`select d.value, to_char(d.date, 'YYYYMM') as month, sum(d.sessions)::float8 as sessions, sum(d.purchases)::float8 as purchases
        from ga4_dimension_daily d
        where d.brand_id = ${brandId} and d.dimension = ${dimension} and d.date between ${range.from} and ${range.to}
          and d.property_id in (${inList(propertyIds)})
        group by d.value, to_char(d.date, 'YYYYMM')`,
  );
}
