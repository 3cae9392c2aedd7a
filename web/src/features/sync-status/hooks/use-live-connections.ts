import { useEffect, useMemo, useState } from 'react';
import { realtimeMessageSchema } from '@parallels/contract/realtime';
import { realtime, type RealtimeClient } from '../../../lib/realtime';
import type { ConnectionSync } from '../utils/sync-progress';

type BackfillUpdate = Pick<ConnectionSync, 'backfillProgress' | 'syncState'> & { needsReconnect: boolean; syncedAt: string | null };

/**
 * The brand's connections as last fetched, with the realtime `backfill-progress` events that arrived since
 * laid over them, so progress moves without polling GET /api/brands/:brandId.
 */
export function useLiveConnections<T extends ConnectionSync>(brandId: string | undefined, connections: readonly T[], client: Pick<RealtimeClient, 'onMessage'> = realtime): T[] {
  const [updates, setUpdates] = useState<{ brandId: string | undefined; byConnection: Record<string, BackfillUpdate> }>({ brandId, byConnection: {} });

  useEffect(
    () =>
      client.onMessage((envelope) => {
        const parsed = realtimeMessageSchema.safeParse(envelope);
        if (!parsed.success || parsed.data.type !== 'backfill-progress' || parsed.data.data.brandId !== brandId) return;
        const { connectionId, progress, state } = parsed.data.data;
        const update: BackfillUpdate =
          state === 'reauth_required'
            ? { backfillProgress: progress, syncState: 'failing', needsReconnect: true, syncedAt: null }
            : { backfillProgress: progress, syncState: state, needsReconnect: false, syncedAt: state === 'fresh' ? new Date().toISOString() : null };
        setUpdates((u) => ({ brandId, byConnection: { ...(u.brandId === brandId ? u.byConnection : {}), [connectionId]: update } }));
      }),
    [client, brandId],
  );

  return useMemo(() => {
    // Updates belong to one brand: after a brand switch the old ones no longer apply.
    const byConnection = updates.brandId === brandId ? updates.byConnection : {};
    return connections.map((c) => {
      const u = byConnection[c.id];
      if (!u) return c;
      return {
        ...c,
        backfillProgress: u.backfillProgress,
        syncState: u.syncState,
        // A connection that is syncing again was reconnected; a failing one keeps what the server said.
        status: u.needsReconnect ? ('reauth_required' as const) : u.syncState === 'failing' ? c.status : ('active' as const),
        ...(u.syncedAt ? { lastSyncedAt: u.syncedAt, lastError: null } : {}),
      };
    });
  }, [connections, updates, brandId]);
}
