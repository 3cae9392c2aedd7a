import { queryOptions, useQuery } from '@tanstack/react-query';
import { sandboxMailListSchema, sandboxMailResponseSchema, type SandboxMail, type SandboxMailSummary } from '@parallels/contract/email-reports';
import { apiRequest } from '../../../lib/api-client';

export function getSandboxMail(): Promise<SandboxMailSummary[]> {
  return apiRequest('/api/sandbox/mail', { schema: sandboxMailListSchema }).then((r) => r.data);
}

export function useSandboxMail() {
  // new messages arrive from the schedule's jobs: the list looks again every few seconds
  return useQuery(queryOptions({ queryKey: ['sandbox-mail'], queryFn: getSandboxMail, refetchInterval: 3000 }));
}

export function getSandboxMessage(id: string): Promise<SandboxMail> {
  return apiRequest(`/api/sandbox/mail/${id}`, { schema: sandboxMailResponseSchema }).then((r) => r.data);
}

export function useSandboxMessage(id: string | undefined) {
  return useQuery({ queryKey: ['sandbox-mail', id], queryFn: () => getSandboxMessage(id!), enabled: Boolean(id) });
}
