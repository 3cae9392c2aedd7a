import { and, eq } from 'drizzle-orm';
import type { Platform } from '@parallels/contract/brands';
import type { Database } from './client.js';
import { ACCOUNT_FACT_TABLES } from './fact-tables.js';

type Executor = Pick<Database, 'delete'>;

/**
 * Disconnecting an account removes everything synced from it for that brand (the privacy policy's promise:
 * "disconnecting a platform ... removes its data"). Deleting a brand removes all of it by cascade.
 */
export async function forgetAccountFacts(db: Executor, brandId: string, platform: Platform, accountId: string): Promise<void> {
  for (const t of ACCOUNT_FACT_TABLES[platform]) await db.delete(t.table).where(and(eq(t.brand, brandId), eq(t.account, accountId)));
}
