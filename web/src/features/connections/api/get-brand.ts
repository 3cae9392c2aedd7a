import { queryOptions, useQuery } from '@tanstack/react-query';
import { brandSchema, type Brand } from '@parallels/contract/brands';
import { apiRequest } from '../../../lib/api-client';

export function getBrand(brandId: string): Promise<Brand> {
  return apiRequest(`/api/brands/${encodeURIComponent(brandId)}`, { schema: brandSchema });
}

export function brandQueryOptions(brandId: string) {
  return queryOptions({ queryKey: ['brands', brandId], queryFn: () => getBrand(brandId) });
}

export function useBrand(brandId: string | undefined) {
  return useQuery({ ...brandQueryOptions(brandId ?? ''), enabled: Boolean(brandId) });
}
