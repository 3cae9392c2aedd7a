import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { lastSocket } from '../../../../test/fake-socket';
import { createRealtimeClient } from '../../../lib/realtime';
import { connection } from '../testing/connection-fixture';
import { useLiveConnections } from './use-live-connections';

const progress = (brandId: string, connectionId: string, state: string, value: number) => ({
  type: 'backfill-progress',
  data: { brandId, connectionId, platform: 'meta', accountName: 'Sun Kissed Ads', progress: value, state },
});

describe('live connections', () => {
  const client = createRealtimeClient();
  afterEach(() => client.disconnect());

  it("lays this brand's backfill-progress events over the fetched connections", async () => {
    const fetched = [connection({ id: 'c1', syncState: 'backfilling', backfillProgress: 0.1, lastSyncedAt: null }), connection({ id: 'c2' })];
    const { result } = renderHook(({ brandId }) => useLiveConnections(brandId, fetched, client), { initialProps: { brandId: 'b1' } });
    client.connect('u1');
    await vi.dynamicImportSettled();
    const socket = lastSocket();
    expect(result.current[0]).toBe(fetched[0]);

    act(() => socket.send('brand-notification', progress('b1', 'c1', 'backfilling', 0.55)));
    act(() => socket.send('brand-notification', progress('b2', 'c1', 'backfilling', 0.99))); // another brand's
    expect(result.current[0]).toMatchObject({ syncState: 'backfilling', backfillProgress: 0.55, lastSyncedAt: null });
    expect(result.current[1]).toBe(fetched[1]);

    act(() => socket.send('brand-notification', progress('b1', 'c1', 'fresh', 1)));
    expect(result.current[0]).toMatchObject({ syncState: 'fresh', backfillProgress: 1, lastSyncedAt: expect.any(String) });

    act(() => socket.send('brand-notification', progress('b1', 'c2', 'reauth_required', 1)));
    expect(result.current[1]).toMatchObject({ status: 'reauth_required' });
  });
});
