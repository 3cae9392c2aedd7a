import { PLATFORM_LABELS } from '@parallels/contract/brands';
import { timeAgo, useNow } from '../../../lib/relative-time';
import { toPercent } from './sync-progress-bar';
import type { ConnectionSync } from '../utils/sync-progress';

type Tone = 'progress' | 'ok' | 'attention' | 'problem' | 'idle';

const TONES: Record<Tone, string> = {
  progress: 'bg-brand-50 text-brand-700',
  ok: 'bg-emerald-50 text-emerald-700',
  attention: 'bg-amber-50 text-amber-800',
  problem: 'bg-red-50 text-red-700',
  idle: 'bg-slate-100 text-slate-700',
};

export interface SyncStatusText {
  label: string;
  tone: Tone;
  /** why, when something is wrong */
  detail: string | null;
}

/**
 * The one line a user needs about a connection (issue 5, "sync status visible to users"). A connection
 * whose token was refused needs the user, whatever the sync was doing, so that comes first.
 */
export function syncStatusText(c: ConnectionSync): SyncStatusText {
  if (c.status === 'reauth_required') return { label: 'Needs reconnection', tone: 'attention', detail: c.statusMessage };
  if (c.syncState === 'failing' || c.status === 'error') return { label: 'Failing', tone: 'problem', detail: c.lastError ?? c.statusMessage ?? 'The last sync did not finish.' };
  if (c.syncState === 'backfilling') return { label: `Backfilling ${toPercent(c.backfillProgress)}%`, tone: 'progress', detail: null };
  if (c.syncState === 'fresh') return { label: 'Up to date', tone: 'ok', detail: null };
  return { label: 'Waiting to sync', tone: 'idle', detail: null };
}

export function ConnectionSyncList({ connections }: { connections: readonly ConnectionSync[] }) {
  const at = useNow();
  if (connections.length === 0) return <p className="text-sm text-slate-500">No accounts connected yet.</p>;
  return (
    <ul aria-label="Sync status" className="space-y-2">
      {connections.map((c) => {
        const status = syncStatusText(c);
        return (
          <li key={c.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 rounded-lg border border-slate-200 px-3 py-2">
            <div className="min-w-0">
              <p className="truncate text-sm font-medium">{c.accountName}</p>
              <p className="text-xs text-slate-500">
                {PLATFORM_LABELS[c.platform]} ·{' '}
                {c.lastSyncedAt ? (
                  <>
                    Last synced <time dateTime={c.lastSyncedAt}>{timeAgo(c.lastSyncedAt, at)}</time>
                  </>
                ) : (
                  'Not synced yet'
                )}
              </p>
            </div>
            <div className="max-w-full text-right">
              <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${TONES[status.tone]}`}>{status.label}</span>
              {status.detail && <p className="mt-1 text-xs break-words text-slate-600">{status.detail}</p>}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
