import { useMutation } from '@tanstack/react-query';
import { signupResponseSchema, type SignupBody, type SignupResponse } from '@parallels/contract/auth';
import { apiRequest } from '../../../lib/api-client';

export function signup(body: SignupBody): Promise<SignupResponse> {
  return apiRequest('/api/auth/signup', { method: 'POST', body, schema: signupResponseSchema, skipSessionHandling: true });
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
