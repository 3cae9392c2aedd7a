import { queryOptions, useQuery } from '@tanstack/react-query';
import { getUserResponseSchema, type GetUserResponse } from '@parallels/contract/users';
import { apiRequest } from '../../../lib/api-client';

export function getUserWithBrands(userId: string): Promise<GetUserResponse> {
  return apiRequest(`/api/users/getuser/${encodeURIComponent(userId)}`, { schema: getUserResponseSchema });
}

export function userBrandsQueryOptions(userId: string) {
  return queryOptions({ queryKey: ['users', userId, 'brands'], queryFn: () => getUserWithBrands(userId) });
}

export function useUserBrands(userId: string | undefined) {
  return useQuery({ ...userBrandsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}

