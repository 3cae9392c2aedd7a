import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  campaignGroupReachResponseSchema,
  campaignLabelsResponseSchema,
  metaCampaignResponseSchema,
  type CampaignGroupReach,
  type CampaignGroupReachRequest,
  type CampaignLabelsResponse,
  type SetCampaignLabels,
} from '@parallels/contract/meta-campaigns';
import { apiRequest } from '../../../lib/api-client';
import { realtime, type RealtimeClient } from '../../../lib/realtime';
import { fetchReport, reportKey } from '../../../lib/report-request';

/** spec/reports.md sections 7 and 9: the campaign call goes out on load and every 3 hours (10,800,000 ms). */
export const META_CAMPAIGNS_REFRESH_MS = 10_800_000;

/** POST /api/meta/campaign/{brandId}; nothing is asked while either date is missing. */
export function useMetaCampaigns(brandId: string, range: { from: string; to: string }) {
  return useQuery({
    queryKey: reportKey(brandId, 'meta-campaigns', range.from, range.to),
    queryFn: ({ signal }) => fetchReport(`/api/meta/campaign/${encodeURIComponent(brandId)}`, { startDate: range.from, endDate: range.to }, metaCampaignResponseSchema, signal),
    enabled: Boolean(range.from && range.to),
    refetchInterval: META_CAMPAIGNS_REFRESH_MS,
    retry: false,
  });
}

/**
 * POST /api/meta/campaign-groups/{brandId}: Meta's own Reach for each label group shown (its campaigns after the
 * tab and status filter), asked while grouping is on. Answers a map by group id; undefined while asking; null when
 * the call failed (the groups keep the sum of their campaigns', marked). Same refresh period as the campaigns.
 */
export function useCampaignGroupReach(brandId: string, range: { from: string; to: string }, groups: CampaignGroupReachRequest['groups'], enabled: boolean): Map<string, CampaignGroupReach> | null | undefined {
  const query = useQuery({
    queryKey: [...reportKey(brandId, 'meta-campaign-groups', range.from, range.to), groups],
    queryFn: ({ signal }) =>
      fetchReport(`/api/meta/campaign-groups/${encodeURIComponent(brandId)}`, { startDate: range.from, endDate: range.to, groups }, campaignGroupReachResponseSchema, signal),
    enabled: enabled && groups.length > 0 && Boolean(range.from && range.to),
    refetchInterval: META_CAMPAIGNS_REFRESH_MS,
    retry: false,
  });
  if (!enabled) return undefined;
  if (groups.length === 0) return new Map();
  if (query.isError) return null;
  return query.data ? new Map(query.data.data.groups.map((g) => [g.id, g])) : undefined;
}

export const labelsKey = (brandId: string) => ['meta-campaign-labels', brandId] as const;

/** GET /api/meta/labels/{brandId}: the brand's campaign labels, shared by its users. */
export function useCampaignLabels(brandId: string) {
  return useQuery({
    queryKey: labelsKey(brandId),
    queryFn: ({ signal }) => apiRequest(`/api/meta/labels/${encodeURIComponent(brandId)}`, { schema: campaignLabelsResponseSchema, signal }),
  });
}

/** PUT /api/meta/labels/{brandId}: one campaign's labels; the screen shows the change at once. */
export function useSetCampaignLabels(brandId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SetCampaignLabels) => apiRequest(`/api/meta/labels/${encodeURIComponent(brandId)}`, { method: 'PUT', body: input, schema: campaignLabelsResponseSchema }),
    onMutate: (input) => {
      const before = client.getQueryData<CampaignLabelsResponse>(labelsKey(brandId));
      if (before) client.setQueryData(labelsKey(brandId), withCampaignLabels(before, input.accountId, input.campaignId, input.labels));
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) client.setQueryData(labelsKey(brandId), context.before);
    },
    onSuccess: (answer) => client.setQueryData(labelsKey(brandId), answer),
  });
}

export function withCampaignLabels(current: CampaignLabelsResponse, accountId: string, campaignId: string, labels: string[]): CampaignLabelsResponse {
  const account = { ...(current.labels[accountId] ?? {}) };
  if (labels.length === 0) delete account[campaignId];
  else account[campaignId] = labels;
  return { ...current, labels: { ...current.labels, [accountId]: account } };
}

/** A colleague's label change (the brand room's 'campaign-labels-changed') refreshes this screen's labels. */
export function useLabelsRealtime(brandId: string, client: Pick<RealtimeClient, 'onMessage'> = realtime): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      client.onMessage((envelope) => {
        const data = envelope.data as { brandId?: string } | undefined;
        if (envelope.type === 'campaign-labels-changed' && data?.brandId === brandId) void queryClient.invalidateQueries({ queryKey: labelsKey(brandId) });
      }),
    [client, brandId, queryClient],
  );
}
