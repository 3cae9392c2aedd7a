import { useMutation, useQueryClient } from '@tanstack/react-query';
import { brandSchema, type Brand, type UpdateBrandBody } from '@parallels/contract/brands';
import { apiRequest } from '../../../lib/api-client';
import { brandQueryOptions } from './get-brand';

/** PATCH /api/brands/update/:brandId: the list sent replaces the brand's list for that platform. */
export function updateBrandAccounts(brandId: string, body: UpdateBrandBody): Promise<Brand> {
  return apiRequest(`/api/brands/update/${encodeURIComponent(brandId)}`, { method: 'PATCH', body, schema: brandSchema });
}

export function useUpdateBrandAccounts(brandId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateBrandBody) => updateBrandAccounts(brandId, body),
    onSuccess: (brand) => queryClient.setQueryData(brandQueryOptions(brandId).queryKey, brand),
  });
}
