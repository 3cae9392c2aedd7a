import type { ConnectionSync } from '../utils/sync-progress';

/** A connection's sync fields for tests: a fresh Facebook account unless told otherwise. */
export function connection(overrides: Partial<ConnectionSync> = {}): ConnectionSync {
  return {
    id: 'c1',
    platform: 'meta',
    accountName: 'Sun Kissed Ads',
    status: 'active',
    statusMessage: null,
    syncState: 'fresh',
    backfillProgress: 1,
    lastSyncedAt: '2026-03-01T09:00:00Z',
    lastError: null,
    ...overrides,
  };
}
