import { sql } from 'drizzle-orm';
import type { Platform } from '@parallels/contract/brands';
import { queryRows, type Database } from '../../db/client.js';
import type { SourceConnection } from './source-status.js';

interface Row {
  id: string;
  platform: Platform;
  account_id: string;
  account_name: string;
  manager_id: string | null;
  status: string;
  status_message: string | null;
  sync_state: string;
  last_synced_at: string | null;
  last_error: string | null;
  currency: string | null;
  windows: Array<[string, string]> | string;
}

/** The brand's connections of one platform, each with the sync windows it has committed (one query). */
export async function loadSourceConnections(db: Database, brandId: string, platform: Platform): Promise<SourceConnection[]> {
  const rows = await queryRows<Row>(
    db,
    sql`select c.id, c.platform, c.account_id, c.account_name, c.manager_id, c.status, c.status_message, c.sync_state,
          to_char(c.last_synced_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_synced_at, c.last_error, c.currency,
          coalesce((select json_agg(json_build_array(w.window_from::text, w.window_to::text)) from sync_windows w where w.brand_id = c.brand_id and w.connection_id = c.id), '[]'::json) as windows
        from connections c
        where c.brand_id = ${brandId} and c.platform = ${platform}
        order by c.created_at, c.account_id`,
  );
  return rows.map((r) => ({
    id: r.id,
    platform: r.platform,
    accountId: r.account_id,
    accountName: r.account_name,
    managerId: r.manager_id,
    status: r.status,
    statusMessage: r.status_message,
    syncState: r.sync_state,
    lastSyncedAt: r.last_synced_at,
    lastError: r.last_error,
    currency: r.currency,
    windows: typeof r.windows === 'string' ? (JSON.parse(r.windows) as Array<[string, string]>) : r.windows,
  }));
}
