import { describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { RealtimeEnvelope } from '../../../lib/realtime';
import { labelsKey, useCampaignLabels, useLabelsRealtime } from './get-meta-campaigns';

describe('campaign labels over realtime', () => {
  it('a colleague’s change in this brand’s room refetches the labels; another brand’s does not', async () => {
    const listeners = new Set<(e: RealtimeEnvelope) => void>();
    const client = { onMessage: (l: (e: RealtimeEnvelope) => void) => (listeners.add(l), () => listeners.delete(l)) };
    let served = { success: true, labels: {}, customLabels: [] as string[] };
    const fetchMock = vi.fn<typeof fetch>(async () => new Response(JSON.stringify(served), { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const { result } = renderHook(
      () => {
        useLabelsRealtime('b1', client);
        return useCampaignLabels('b1');
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current.data?.labels).toEqual({}));
    served = { success: true, labels: { act_1: { c1: ['TOFU'] } }, customLabels: [] };
    act(() => listeners.forEach((l) => l({ type: 'campaign-labels-changed', data: { brandId: 'b2', accountId: 'act_1', campaignId: 'c1', labels: ['TOFU'] }, room: 'brand' })));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    act(() => listeners.forEach((l) => l({ type: 'campaign-labels-changed', data: { brandId: 'b1', accountId: 'act_1', campaignId: 'c1', labels: ['TOFU'] }, room: 'brand' })));
    await waitFor(() => expect(queryClient.getQueryData<typeof served>(labelsKey('b1'))?.labels).toEqual({ act_1: { c1: ['TOFU'] } }));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    vi.unstubAllGlobals();
  });
});
