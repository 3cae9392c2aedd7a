import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { helpDeskStatusSchema, supportTicketSchema, type HelpDeskStatus, type SupportTicket } from '@parallels/contract/support';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/zoho/status (administrators): the help-desk connection and the latest tickets with their state. */
export function getHelpDeskStatus(): Promise<HelpDeskStatus> {
  return apiRequest('/api/zoho/status', { schema: helpDeskStatusSchema });
}

export function helpDeskStatusQueryOptions() {
  return queryOptions({ queryKey: ['support', 'status'], queryFn: getHelpDeskStatus });
}

export function useHelpDeskStatus() {
  return useQuery(helpDeskStatusQueryOptions());
}

export function retryTicket(ticketId: string): Promise<SupportTicket> {
  return apiRequest(`/api/zoho/tickets/${encodeURIComponent(ticketId)}/retry`, { method: 'POST', body: {}, schema: supportTicketSchema });
}

export function useRetryTicket() {
  const client = useQueryClient();
  return useMutation({ mutationFn: retryTicket, onSettled: () => client.invalidateQueries({ queryKey: helpDeskStatusQueryOptions().queryKey }) });
}
