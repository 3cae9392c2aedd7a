import { checkTokenResponseSchema, type CheckTokenResponse, type User } from '@parallels/contract/auth';
import { successResponseSchema } from '@parallels/contract/common';
import { apiRequest } from '../../../lib/api-client';

export function checkToken(): Promise<CheckTokenResponse> {
  return apiRequest('/api/auth/check-token', { schema: checkTokenResponseSchema });
}

export async function logout(): Promise<void> {
  await apiRequest('/api/auth/logout', { method: 'POST', schema: successResponseSchema, skipSessionHandling: true });
}

/** The session cookie's user when it is still valid, else null (a 401 here is an answer, not a session ending). */
export async function restoreSession(): Promise<User | null> {
  try {
    const answer = await apiRequest('/api/auth/check-token', { schema: checkTokenResponseSchema, skipSessionHandling: true });
    return answer.isValid ? (answer.user ?? null) : null;
  } catch {
    return null;
  }
}
