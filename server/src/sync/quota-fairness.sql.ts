import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.js';

/** The brand a connection belongs to (its sync jobs are grouped by brand: decision 022); null when it is gone. */
export async function brandOfConnection(db: Database, connectionId: string): Promise<string | null> {
  const rows = await queryRows<{ brand_id: string }>(db, sql`select brand_id from connections where id = ${connectionId}::uuid`);
  return rows[0]?.brand_id ?? null;
}
