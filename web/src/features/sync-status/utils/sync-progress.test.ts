import { describe, expect, it } from 'vitest';
import { connection } from '../testing/connection-fixture';
import { brandSyncProgress } from './sync-progress';

describe('brand sync progress', () => {
  it('is the mean backfill progress, counting fresh connections as done', () => {
    expect(
      brandSyncProgress([connection({ syncState: 'fresh' }), connection({ id: 'c2', syncState: 'backfilling', backfillProgress: 0.5 }), connection({ id: 'c3', syncState: 'pending', backfillProgress: 0 })]),
    ).toEqual({ progress: 0.5, loaded: false });
  });

  it('is loaded once nothing waits or backfills; failing and reconnect-needing connections do not hold it back', () => {
    expect(
      brandSyncProgress([connection(), connection({ id: 'c2', syncState: 'failing', backfillProgress: 0.2 }), connection({ id: 'c3', status: 'reauth_required', syncState: 'backfilling', backfillProgress: 0.1 })]),
    ).toEqual({ progress: 1, loaded: true });
  });

  it('nothing connected is nothing loaded', () => {
    expect(brandSyncProgress([])).toEqual({ progress: 0, loaded: false });
  });
});
