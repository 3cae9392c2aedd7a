import { useMutation } from '@tanstack/react-query';
import { createTicketResponseSchema, type CreateTicketResponse, type SupportTicketBody } from '@parallels/contract/support';
import { apiRequest } from '../../../lib/api-client';

export function createTicket(body: SupportTicketBody): Promise<CreateTicketResponse> {
  return apiRequest('/api/zoho/create-ticket', { method: 'POST', body, schema: createTicketResponseSchema });
}

export function useCreateTicket() {
  return useMutation({ mutationFn: createTicket });
}
