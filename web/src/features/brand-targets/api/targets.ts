import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { successResponseSchema } from '@parallels/contract/common';
import { brandTargetResponseSchema, brandTargetsResponseSchema, type AddTargetBody, type UpdateTargetBody } from '@parallels/contract/targets';
import { apiRequest } from '../../../lib/api-client';

const TARGETS_KEY = ['brand-targets'] as const;

/** GET /api/performance/brandTarget: the targets of every brand on the user's list. */
export function useBrandTargets() {
  return useQuery({
    queryKey: TARGETS_KEY,
    queryFn: ({ signal }) => apiRequest('/api/performance/brandTarget', { schema: brandTargetsResponseSchema, signal }),
  });
}

function useTargetMutation<V>(call: (v: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: TARGETS_KEY }) });
}

export function useAddTarget() {
  return useTargetMutation((body: AddTargetBody) => apiRequest('/api/performance/addTarget', { method: 'POST', body, schema: brandTargetResponseSchema }));
}

export function useUpdateTarget() {
  return useTargetMutation(({ brandId, ...body }: UpdateTargetBody & { brandId: string }) =>
    apiRequest(`/api/performance/updateTarget/${encodeURIComponent(brandId)}`, { method: 'PATCH', body, schema: brandTargetResponseSchema }),
  );
}

export function useDeleteTarget() {
  return useTargetMutation(({ brandId, targetId }: { brandId: string; targetId: string }) =>
    apiRequest(`/api/performance/deleteTarget/${encodeURIComponent(brandId)}?targetId=${encodeURIComponent(targetId)}`, { method: 'DELETE', schema: successResponseSchema }),
  );
}
