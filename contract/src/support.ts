import { z } from 'zod';

// Support tickets and the help-desk connection (spec core.md sections 2, 3, 5 and 7). The messages are the
// spec's; the ticket modal and the server check the same schema.

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

export const SUPPORT_MESSAGES = {
  submitFailed: 'There was an error submitting your tickets. Please try again.',
  notConnected: 'Support is not connected yet. Please try again later.',
  adminOnly: 'Only an administrator can manage the help desk connection.',
} as const;

export const supportTicketBodySchema = z.strictObject({
  subject: required('Subject is required').pipe(z.string().max(255, 'Subject must be at most 255 characters')),
  brand: required('Brand name is required').pipe(z.string().max(200, 'Brand name must be at most 200 characters')),
  departmentId: required('Please select a department'),
  description: required('Description is required').pipe(z.string().max(10_000, 'Description must be at most 10000 characters')),
  firstName: required('First Name is required').pipe(z.string().max(100, 'First Name must be at most 100 characters')),
  lastName: z.string().trim().max(100, 'Last Name must be at most 100 characters').optional(),
  email: required('Email is required').pipe(z.email('Please enter a valid email address')),
});
export type SupportTicketBody = z.input<typeof supportTicketBodySchema>;
export type SupportTicketField = keyof SupportTicketBody;

export const departmentSchema = z.object({ id: z.string(), name: z.string() });
export type Department = z.infer<typeof departmentSchema>;
/** GET /api/zoho/departments answers the list itself (spec: "response departments list"). */
export const departmentListSchema = z.array(departmentSchema);

/**
 * A ticket is kept in our database before Zoho is called: `sent` reached the help desk, `queued` waits for a
 * retry (Zoho was down or busy), `failed` needs an administrator (no connection, or Zoho refused it).
 */
export const TICKET_STATUSES = ['queued', 'sent', 'failed'] as const;
export const ticketStatusSchema = z.enum(TICKET_STATUSES);
export type TicketStatus = z.infer<typeof ticketStatusSchema>;

export const createTicketResponseSchema = z.object({
  success: z.literal(true),
  status: ticketStatusSchema,
  ticketNumber: z.string().nullable(),
});
export type CreateTicketResponse = z.infer<typeof createTicketResponseSchema>;

export const supportTicketSchema = z.object({
  id: z.string(),
  subject: z.string(),
  brand: z.string(),
  email: z.string(),
  status: ticketStatusSchema,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  ticketNumber: z.string().nullable(),
  createdAt: z.string(),
});
export type SupportTicket = z.infer<typeof supportTicketSchema>;

/** The profile's Support tab: whether the help desk is connected, and the latest tickets with their state. */
export const helpDeskStatusSchema = z.object({
  connected: z.boolean(),
  organization: z.string().nullable(),
  connectedAt: z.string().nullable(),
  tickets: z.array(supportTicketSchema),
});
export type HelpDeskStatus = z.infer<typeof helpDeskStatusSchema>;

export const ticketIdParamsSchema = z.object({ ticketId: z.uuid('Ticket not found') });
