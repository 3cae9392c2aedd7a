import { useMutation } from '@tanstack/react-query';
import { addBrandToUserResponseSchema, type AddBrandToUserResponse } from '@parallels/contract/brands';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/users/add-brand (idempotent: the creator is already linked). */
export function addBrandToUser(body: { userId: string; brandId: string }): Promise<AddBrandToUserResponse> {
  return apiRequest('/api/users/add-brand', { method: 'POST', body, schema: addBrandToUserResponseSchema });
}

export function useAddBrandToUser() {
  return useMutation({ mutationFn: addBrandToUser });
}
