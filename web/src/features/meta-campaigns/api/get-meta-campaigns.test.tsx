import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CampaignLabelsResponse } from '@parallels/contract/meta-campaigns';
import { api, sent, server } from '../../../../test/api';
import type { RealtimeEnvelope } from '../../../lib/realtime';
import { labelsKey, useCampaignLabels, useLabelsRealtime } from './get-meta-campaigns';

describe('campaign labels over realtime', () => {
  it('a colleague’s change in this brand’s room refetches the labels; another brand’s does not', async () => {
    const listeners = new Set<(e: RealtimeEnvelope) => void>();
    const client = { onMessage: (l: (e: RealtimeEnvelope) => void) => (listeners.add(l), () => listeners.delete(l)) };
    let served: CampaignLabelsResponse = { success: true, labels: {}, customLabels: [] };
    server.use(api('GET /api/meta/labels/:brandId', () => served));
    const labelCalls = () => sent('GET /api/meta/labels/b1').length;
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
    expect(labelCalls()).toBe(1);
    act(() => listeners.forEach((l) => l({ type: 'campaign-labels-changed', data: { brandId: 'b1', accountId: 'act_1', campaignId: 'c1', labels: ['TOFU'] }, room: 'brand' })));
    await waitFor(() => expect(queryClient.getQueryData<typeof served>(labelsKey('b1'))?.labels).toEqual({ act_1: { c1: ['TOFU'] } }));
    expect(labelCalls()).toBe(2);
  });
});
