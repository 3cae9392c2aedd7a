import { checkTokenResponseSchema, type CheckTokenResponse } from '@parallels/contract/auth';
import { successResponseSchema } from '@parallels/contract/common';
import { apiRequest } from '../../../lib/api-client';

export function checkToken(): Promise<CheckTokenResponse> {
  return apiRequest('/api/auth/check-token', { schema: checkTokenResponseSchema });
}

export async function logout(): Promise<void> {
  await apiRequest('/api/auth/logout', { method: 'POST', schema: successResponseSchema, skipSessionHandling: true });
}
