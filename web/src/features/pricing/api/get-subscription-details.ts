import { queryOptions, useQuery } from '@tanstack/react-query';
import { subscriptionDetailsSchema, type SubscriptionDetails } from '@parallels/contract/pricing';
import { apiRequest } from '../../../lib/api-client';

export function getSubscriptionDetails(brandId: string): Promise<SubscriptionDetails> {
  return apiRequest(`/api/pricing/details/${encodeURIComponent(brandId)}`, { schema: subscriptionDetailsSchema });
}

export function subscriptionDetailsQueryOptions(brandId: string) {
  return queryOptions({ queryKey: ['pricing', brandId], queryFn: () => getSubscriptionDetails(brandId) });
}

export function useSubscriptionDetails(brandId: string | null, enabled: boolean) {
  return useQuery({ ...subscriptionDetailsQueryOptions(brandId ?? ''), enabled: enabled && Boolean(brandId) });
}
