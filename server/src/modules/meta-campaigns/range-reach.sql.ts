import { sql } from 'drizzle-orm';
import type { DayRange } from '@parallels/contract/report-dates';
import { queryRows, type Database } from '../../db/client.js';

// meta_range_reach (migration 0020): Meta's own range reach, shared by every API process (decision 016).

export interface StoredReach {
  subject: string;
  reach: number;
  unique_link_clicks: number;
  fetched_at: Date;
}

interface Where {
  brandId: string;
  connectionId: string;
  range: DayRange;
}

/** The connection's rows for the range fetched after `freshAfter`: of one subject, or of every subject starting with a prefix. */
export async function freshRangeReach(db: Database, at: Where, subject: { exactly: string } | { startingWith: string }, freshAfter: Date): Promise<StoredReach[]> {
  const match = 'exactly' in subject ? sql`subject = ${subject.exactly}` : sql`subject like ${`${subject.startingWith}%`}`;
  const rows = await queryRows<StoredReach>(
    db,
    sql`select subject, reach::float8 as reach, unique_link_clicks::float8 as unique_link_clicks, fetched_at from meta_range_reach
        where brand_id = ${at.brandId} and connection_id = ${at.connectionId} and date_from = ${at.range.from} and date_to = ${at.range.to}
          and ${match} and fetched_at > ${freshAfter.toISOString()}`,
  );
  return rows.map((r) => ({ ...r, fetched_at: new Date(r.fetched_at) }));
}

/** Stores one answer of Meta's (its subjects), and forgets the connection's answers that are no longer fresh. */
export async function storeRangeReach(
  db: Database,
  at: Where,
  rows: Array<{ subject: string; reach: number; uniqueLinkClicks: number }>,
  fetchedAt: Date,
  staleBefore: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from meta_range_reach where brand_id = ${at.brandId} and connection_id = ${at.connectionId} and fetched_at <= ${staleBefore.toISOString()}`);
    const CHUNK = 500;
    for (let i = 0; i < rows.length; i += CHUNK) {
      const values = rows
        .slice(i, i + CHUNK)
        .map((r) => sql`(${at.brandId}, ${at.connectionId}, ${at.range.from}, ${at.range.to}, ${r.subject}, ${r.reach}, ${r.uniqueLinkClicks}, ${fetchedAt.toISOString()})`);
      await tx.execute(
        sql`insert into meta_range_reach (brand_id, connection_id, date_from, date_to, subject, reach, unique_link_clicks, fetched_at)
            values ${sql.join(values, sql`, `)}
            on conflict (brand_id, connection_id, date_from, date_to, subject)
            do update set reach = excluded.reach, unique_link_clicks = excluded.unique_link_clicks, fetched_at = excluded.fetched_at`,
      );
    }
  });
}
