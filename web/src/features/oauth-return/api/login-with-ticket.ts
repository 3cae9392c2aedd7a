import { useMutation } from '@tanstack/react-query';
import { loginResponseSchema, type LoginResponse } from '@parallels/contract/auth';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/login/oauth?auth_token=...: trades the single-use ticket from /callback for a session. */
export function loginWithTicket(ticket: string): Promise<LoginResponse> {
  // A refused ticket is a failed sign-in, not an expired session: no 401 handling here.
  return apiRequest(`/api/auth/login/oauth?${new URLSearchParams({ auth_token: ticket })}`, { method: 'POST', schema: loginResponseSchema, skipSessionHandling: true });
}

export function useLoginWithTicket() {
  return useMutation({ mutationFn: loginWithTicket });
}
