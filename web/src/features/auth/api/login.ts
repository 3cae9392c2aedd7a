import { useMutation } from '@tanstack/react-query';
import { loginResponseSchema, type LoginBody, type LoginResponse } from '@parallels/contract/auth';
import { apiRequest } from '../../../lib/api-client';

export function login(body: LoginBody): Promise<LoginResponse> {
  return apiRequest('/api/auth/login/normal', { method: 'POST', body, schema: loginResponseSchema, skipSessionHandling: true });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
