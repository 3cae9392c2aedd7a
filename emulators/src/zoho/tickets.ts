import type { ZohoOrg } from '../common/world.js';
import type { ZohoData, Ticket } from './data.js';
import type { FieldError } from './errors.js';

// POST /api/v1/tickets validation (reference 6.4): subject, departmentId, and contactId or
// contact{lastName|email} are required; unknown keys and bad enum values are `invalid`.
// Field names are JSON pointers ("/departmentId"), as Desk reports them.

const ALLOWED = new Set([
  'subject', 'departmentId', 'contactId', 'contact', 'description', 'priority', 'channel', 'email', 'phone', 'status',
  'category', 'subCategory', 'classification', 'dueDate', 'cf', 'productId', 'assigneeId', 'teamId', 'language', 'secondaryContacts', 'uploads',
]);
const PRIORITIES = ['High', 'Medium', 'Low', 'Urgent'];
const CHANNELS = ['Email', 'Phone', 'Web', 'Chat', 'Forums', 'Twitter', 'Facebook', 'Feedback Widget', 'Customer Portal'];
const STATUSES = ['Open', 'On Hold', 'Escalated', 'Closed'];
const CONTACT_FIELDS = new Set(['lastName', 'firstName', 'email', 'phone', 'mobile', 'accountId']);

type NewTicket = Omit<Ticket, 'id' | 'ticketNumber' | 'createdTime' | 'modifiedTime'>;

export function validateTicket(data: ZohoData, org: ZohoOrg, body: unknown): { ok: true; ticket: NewTicket } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const missing = (f: string) => errors.push({ fieldName: f, errorType: 'missing', errorMessage: '' });
  const invalid = (f: string) => errors.push({ fieldName: f, errorType: 'invalid', errorMessage: '' });
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    invalid('/');
    return { ok: false, errors };
  }
  const b = body as Record<string, unknown>;
  for (const key of Object.keys(b)) if (!ALLOWED.has(key)) invalid(`/${key}`);
  const str = (k: string): string | undefined => (typeof b[k] === 'string' && (b[k] as string).trim() !== '' ? (b[k] as string) : undefined);

  const subject = str('subject');
  if (b.subject === undefined || b.subject === null || b.subject === '') missing('/subject');
  else if (!subject || subject.length > 255) invalid('/subject');

  const departmentId = str('departmentId');
  if (b.departmentId === undefined || b.departmentId === null || b.departmentId === '') missing('/departmentId');
  else if (!org.departments.some((d) => d.id === String(b.departmentId))) invalid('/departmentId');

  let contactId: string | undefined;
  let contactEmail: string | null = null;
  let newContact: Parameters<ZohoData['findOrCreateContact']>[1] | undefined;
  if (b.contactId !== undefined && b.contactId !== null && b.contactId !== '') {
    const found = data.contacts(org.id).find((c) => c.id === String(b.contactId));
    if (!found) invalid('/contactId');
    else {
      contactId = found.id;
      contactEmail = found.email;
    }
  } else if (b.contact && typeof b.contact === 'object' && !Array.isArray(b.contact)) {
    const c = b.contact as Record<string, unknown>;
    for (const key of Object.keys(c)) if (!CONTACT_FIELDS.has(key)) invalid(`/contact/${key}`);
    const email = typeof c.email === 'string' && c.email ? c.email : undefined;
    const lastName = typeof c.lastName === 'string' && c.lastName ? c.lastName : undefined;
    if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) invalid('/contact/email');
    const existing = email ? data.contacts(org.id).find((x) => x.email?.toLowerCase() === email.toLowerCase()) : undefined;
    if (!existing && !lastName) missing('/contact/lastName');
    newContact = { lastName, email, firstName: typeof c.firstName === 'string' ? c.firstName : undefined, phone: typeof c.phone === 'string' ? c.phone : undefined };
  } else if (b.contact !== undefined) invalid('/contact');
  else missing('/contactId');

  const priority = str('priority');
  if (b.priority !== undefined && b.priority !== null && (!priority || !PRIORITIES.includes(priority))) invalid('/priority');
  const channel = str('channel');
  if (b.channel !== undefined && b.channel !== null && (!channel || !CHANNELS.includes(channel))) invalid('/channel');
  const status = str('status');
  if (b.status !== undefined && b.status !== null && (!status || !STATUSES.includes(status))) invalid('/status');
  const email = str('email');
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) invalid('/email');
  if (b.cf !== undefined && (typeof b.cf !== 'object' || b.cf === null || Array.isArray(b.cf))) invalid('/cf');

  if (errors.length || !subject || !departmentId) return { ok: false, errors };
  // Desk matches the contact by email or creates it, only once the ticket is valid
  if (newContact) {
    const contact = data.findOrCreateContact(org.id, newContact);
    contactId = contact.id;
    contactEmail = contact.email;
  }
  if (!contactId) return { ok: false, errors };
  return {
    ok: true,
    ticket: {
      subject, departmentId, contactId,
      description: str('description') ?? null,
      email: email ?? contactEmail,
      phone: str('phone') ?? null,
      status: status ?? 'Open',
      statusType: status === 'Closed' ? 'Closed' : status === 'On Hold' ? 'On Hold' : 'Open',
      priority: priority ?? null,
      channel: channel ?? 'Web',
      category: str('category') ?? null,
      subCategory: str('subCategory') ?? null,
      classification: str('classification') ?? null,
      dueDate: str('dueDate') ?? null,
      cf: (b.cf as Record<string, unknown> | undefined) ?? {},
    },
  };
}
