import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Brand } from '@parallels/contract/brands';
import type { HelpDeskStatus, SupportTicket } from '@parallels/contract/support';
import { queryRows } from '../src/db/client.js';
import { deliverTicket } from '../src/modules/support/support.service.js';
import { loadTokenKeyring } from '../src/lib/token-keyring.js';
import { Browser, createListeningApp, signUpAndLogIn, submitConsent } from './browser.js';
import { DB_KINDS, type TestApp } from './test-app.js';

const ORG = '60012345678';
const CUSTOMER_SUPPORT = '1142108000000006907';

const ticket = (over: Record<string, string> = {}) => ({
  subject: 'Revenue looks low',
  brand: 'Sun Kissed Co',
  departmentId: CUSTOMER_SUPPORT,
  description: 'Yesterday shows half of what Shopify says.',
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha.replies@example.com',
  ...over,
});

describe.each(DB_KINDS)('support tickets through the help desk on %s', (kind) => {
  let t: TestApp & { origin: string };
  let asha: Browser;
  let admin: Browser;

  /** the tickets the Zoho Desk emulator holds, read as an agent would */
  const deskTickets = async () => {
    const token = (await (await fetch(`${t.origin}/sandbox/zoho/__admin/tokens`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as { access_token: string };
    const res = await fetch(`${t.origin}/sandbox/zoho/api/v1/tickets`, { headers: { authorization: `Zoho-oauthtoken ${token.access_token}`, orgId: ORG } });
    return res.status === 204 ? [] : ((await res.json()) as { data: Array<Record<string, unknown>> }).data;
  };
  const fault = (plan: unknown) => fetch(`${t.origin}/sandbox/zoho/__admin/faults`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key: ORG, plan }) });
  const rows = () => queryRows<{ subject: string; status: string; attempts: number; last_error: string | null; ticket_number: string | null }>(t.database.db, sql`select subject, status, attempts, last_error, ticket_number from support_tickets order by created_at`);

  beforeAll(async () => {
    t = await createListeningApp(kind, { ADMIN_EMAILS: 'Admin@Example.com, ops@example.com' });
    asha = new Browser(t.origin);
    await signUpAndLogIn(asha, { username: 'Asha', email: 'asha@example.com', password: 'asha-password' });
    admin = new Browser(t.origin);
    await admin.post('/api/auth/signup', { username: 'Admin', email: 'admin@example.com', password: 'admin-password' });
  });
  afterAll(async () => t?.close());

  it('names administrators by ADMIN_EMAILS, whatever the case', async () => {
    const login = await admin.post('/api/auth/login/normal', { email: 'admin@example.com', password: 'admin-password' });
    expect(login.json<{ user: { isAdmin: boolean; id: string } }>().user.isAdmin).toBe(true);
    const regular = (await asha.post('/api/auth/login/normal', { email: 'asha@example.com', password: 'asha-password' })).json<{ user: { isAdmin: boolean } }>().user;
    expect(regular.isAdmin).toBe(false);
  });

  it('checks every field of a ticket with the spec messages', async () => {
    const res = await asha.post('/api/zoho/create-ticket', { subject: ' ', brand: '', departmentId: '', description: '', firstName: '', email: 'not-an-email' });
    expect(res.status).toBe(400);
    const messages = res.json<{ errors: Array<{ field: string; message: string }> }>().errors;
    expect(Object.fromEntries(messages.map((e) => [e.field, e.message]))).toEqual({
      subject: 'Subject is required',
      brand: 'Brand name is required',
      departmentId: 'Please select a department',
      description: 'Description is required',
      firstName: 'First Name is required',
      email: 'Please enter a valid email address',
    });
    const noEmail = await asha.post('/api/zoho/create-ticket', { ...ticket(), email: '' });
    expect(noEmail.json<{ errors: Array<{ message: string }> }>().errors.map((e) => e.message)).toEqual(['Email is required']);
    expect((await new Browser(t.origin).post('/api/zoho/create-ticket', ticket())).status).toBe(401);
  });

  it('keeps a ticket raised before the help desk is connected, as failed, and says so', async () => {
    expect((await asha.get('/api/zoho/departments')).status).toBe(503);
    const res = await asha.post('/api/zoho/create-ticket', ticket({ subject: 'Before the desk' }));
    expect(res.status).toBe(502);
    expect(res.json()).toMatchObject({ success: false, message: 'There was an error submitting your tickets. Please try again.' });
    expect(await rows()).toEqual([{ subject: 'Before the desk', status: 'failed', attempts: 1, last_error: 'The help desk is not connected.', ticket_number: null }]);
  });

  it('lets only an administrator connect the help desk', async () => {
    const brand = (await asha.post('/api/brands/add', { name: 'Asha_Brand' })).json<{ brand: Brand }>().brand;
    expect((await asha.get('/api/auth/zoho?source=/profile')).status).toBe(403);
    expect((await asha.request('PUT', `/api/auth/updateTokens/zoho/zohoToken?brandId=${brand._id}&zohoToken=00000000-0000-0000-0000-000000000000`)).status).toBe(403);
    expect((await asha.get('/api/zoho/status')).status).toBe(403);
  });

  it('connects Zoho Desk from the Support tab through the consent page and comes back to /profile', async () => {
    const brand = (await admin.post('/api/brands/add', { name: 'Ops_Brand' })).json<{ brand: Brand }>().brand;
    const authUrl = (await admin.get('/api/auth/zoho?source=/profile')).json<{ authUrl: string }>().authUrl;
    const consent = await submitConsent(admin, authUrl, 'Allow');
    const back = await admin.get(consent.location!);
    const params = Object.fromEntries(new URL(back.location!, 'http://x').searchParams);
    expect(params).toMatchObject({ source: '/profile' });
    // a grant that is not a Zoho grant of this admin is refused
    expect((await admin.request('PUT', `/api/auth/updateTokens/zoho/zohoToken?brandId=${brand._id}&zohoToken=00000000-0000-0000-0000-000000000000`)).status).toBe(400);
    // the help desk is the product's: no brand needed
    const put = await admin.request('PUT', `/api/auth/updateTokens/zoho/zohoToken?zohoToken=${params.zohoToken}`);
    expect(put.json()).toEqual({ success: true });
    const status = (await admin.get('/api/zoho/status')).json<HelpDeskStatus>();
    expect(status).toMatchObject({ connected: true, organization: 'Parallels Support' });
  });

  it('lists the help desk departments for any signed-in user', async () => {
    expect((await asha.get('/api/zoho/departments')).json()).toEqual([
      { id: '1142108000000006907', name: 'Customer Support' },
      { id: '1142108000000006908', name: 'Billing' },
      { id: '1142108000000006909', name: 'Technical' },
    ]);
  });

  it('files a ticket under the signed-in user and it shows in Zoho Desk', async () => {
    const res = await asha.post('/api/zoho/create-ticket', ticket());
    expect(res.status).toBe(200);
    const body = res.json<{ success: true; status: string; ticketNumber: string }>();
    expect(body).toMatchObject({ success: true, status: 'sent' });
    const filed = (await deskTickets()).find((d) => d.ticketNumber === body.ticketNumber);
    expect(filed).toMatchObject({ subject: 'Revenue looks low', departmentId: CUSTOMER_SUPPORT, email: 'asha.replies@example.com', channel: 'Web', status: 'Open' });
    expect(String(filed?.description)).toContain('Brand: Sun Kissed Co');
    // the contact is the account that raised it, not whatever email the form held
    const token = (await (await fetch(`${t.origin}/sandbox/zoho/__admin/tokens`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as { access_token: string };
    const contacts = (await (await fetch(`${t.origin}/sandbox/zoho/api/v1/contacts`, { headers: { authorization: `Zoho-oauthtoken ${token.access_token}`, orgId: ORG } })).json()) as { data: Array<{ id: string; email: string; lastName: string }> };
    expect(contacts.data.find((c) => c.id === filed?.contactId)).toMatchObject({ email: 'asha@example.com', lastName: 'Rao' });
  });

  it('keeps a ticket Zoho could not take, queued, and sends it on retry', async () => {
    await fault({ serverError: { status: 503 }, times: 1 });
    const res = await asha.post('/api/zoho/create-ticket', ticket({ subject: 'While Zoho was down', lastName: '' }));
    expect(res.status).toBe(202);
    expect(res.json()).toEqual({ success: true, status: 'queued', ticketNumber: null });
    const queued = (await rows()).find((r) => r.subject === 'While Zoho was down');
    expect(queued).toMatchObject({ status: 'queued', attempts: 1, ticket_number: null });
    expect(queued?.last_error).toMatch(/internal server error/i);
    const before = (await deskTickets()).length;

    // what the retry job runs
    const id = (await queryRows<{ id: string }>(t.database.db, sql`select id from support_tickets where subject = 'While Zoho was down'`))[0]!.id;
    const deps = { db: t.database.db, config: t.config, keyring: loadTokenKeyring(t.config) };
    expect(await deliverTicket(deps, id)).toMatchObject({ status: 'sent' });
    expect(await deliverTicket(deps, id)).toBeUndefined(); // a second run sends nothing twice
    expect((await deskTickets()).length).toBe(before + 1);
    expect((await rows()).find((r) => r.subject === 'While Zoho was down')).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
  });

  it('lets an administrator see every ticket with its state and retry a failed one', async () => {
    const status = (await admin.get('/api/zoho/status')).json<HelpDeskStatus>();
    expect(status.tickets.map((x) => [x.subject, x.status])).toEqual([
      ['While Zoho was down', 'sent'],
      ['Revenue looks low', 'sent'],
      ['Before the desk', 'failed'],
    ]);
    const failed = status.tickets.find((x) => x.status === 'failed')!;
    const retried = (await admin.post(`/api/zoho/tickets/${failed.id}/retry`)).json<SupportTicket>();
    expect(retried).toMatchObject({ subject: 'Before the desk', status: 'sent', attempts: 2, lastError: null });
    expect((await admin.post('/api/zoho/tickets/not-a-uuid/retry')).status).toBe(400);
    expect((await asha.post(`/api/zoho/tickets/${failed.id}/retry`)).status).toBe(403);
  });

  it('marks a ticket Zoho refuses outright as failed, never silently dropped', async () => {
    const res = await asha.post('/api/zoho/create-ticket', ticket({ subject: 'Wrong department', departmentId: '999' }));
    expect(res.status).toBe(502);
    const row = (await rows()).find((r) => r.subject === 'Wrong department');
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row?.last_error).toMatch(/departmentId/);
  });
});
