import { sql } from 'drizzle-orm';
import { queryRows, type Database } from './client.js';

/**
 * Whether pg-boss's job table exists (the queue creates its schema when it first starts, so a process that never
 * started it, or a database before its first worker, has none). Shared by readiness and the alerts' look at jobs.
 */
export async function jobTableExists(db: Database): Promise<boolean> {
  const [row] = await queryRows<{ present: boolean }>(db, sql`select to_regclass('pgboss.job') is not null as present`);
  return row?.present === true;
}
