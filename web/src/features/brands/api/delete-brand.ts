import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@parallels/contract/auth';
import type { GetUserResponse } from '@parallels/contract/users';
import { successResponseSchema, type SuccessResponse } from '@parallels/contract/common';
import { apiRequest } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session-store';
import { userBrandsQueryOptions } from './get-user-brands';

/** DELETE /api/brands/delete/:brandId */
export function deleteBrand(brandId: string): Promise<SuccessResponse> {
  return apiRequest(`/api/brands/delete/${encodeURIComponent(brandId)}`, { method: 'DELETE', schema: successResponseSchema });
}

/** Deletes, drops the brand from the cached list and the stored user at once, then refreshes the list. */
export function useDeleteBrand(user: User) {
  const queryClient = useQueryClient();
  const key = userBrandsQueryOptions(user.id).queryKey;
  return useMutation({
    mutationFn: deleteBrand,
    onSuccess: (_res, brandId) => {
      const current = sessionStore.get().user ?? user;
      const nextUser = { ...current, brands: current.brands.filter((id) => id !== brandId) };
      queryClient.setQueryData(key, (old: GetUserResponse | undefined) => (old ? { ...old, user: nextUser, brands: old.brands.filter((b) => b._id !== brandId) } : old));
      // updateUser also moves the selection off a deleted brand.
      sessionStore.updateUser(nextUser);
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
