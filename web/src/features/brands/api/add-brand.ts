import { useMutation } from '@tanstack/react-query';
import { addBrandResponseSchema, type AddBrandBody, type AddBrandResponse } from '@parallels/contract/brands';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/brands/add: the server links the creator to the new brand. */
export function addBrand(body: AddBrandBody): Promise<AddBrandResponse> {
  return apiRequest('/api/brands/add', { method: 'POST', body, schema: addBrandResponseSchema });
}

export function useAddBrand() {
  return useMutation({ mutationFn: addBrand });
}
