import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

/** Sends a message on a PostgreSQL channel: every process LISTENing on it hears it. */
export async function notifyChannel(db: Database, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}
