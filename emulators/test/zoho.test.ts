import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { startPlatform, type RunningPlatform } from './harness.js';
import { zohoEmulator } from '../src/zoho/app.js';
import { SANDBOX_APPS } from '../src/common/world.js';

const { clientId, clientSecret } = SANDBOX_APPS.zoho;
const REDIRECT = 'https://app.parallels.test/auth/zoho/callback';
const SCOPE = 'Desk.basic.READ,Desk.tickets.CREATE,Desk.tickets.READ,Desk.contacts.READ,Desk.contacts.CREATE,Desk.settings.READ';
const ORG = '60012345678';
const SUPPORT = '1142108000000006907';

let p: RunningPlatform;
let token: string;

async function admin(path: string, body?: unknown, method = 'POST'): Promise<Record<string, unknown>> {
  const r = await fetch(`${p.baseUrl}/__admin/${path}`, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  return (await r.json()) as Record<string, unknown>;
}

async function desk(path: string, init: { method?: string; token?: string | null; orgId?: string | null; body?: unknown; auth?: string } = {}): Promise<{ status: number; text: string; json: Record<string, unknown>; headers: Headers }> {
  const headers: Record<string, string> = {};
  if (init.auth !== undefined) headers.authorization = init.auth;
  else if (init.token !== null) headers.authorization = `Zoho-oauthtoken ${init.token ?? token}`;
  if (init.orgId !== null) headers.orgId = init.orgId ?? ORG;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const r = await fetch(`${p.baseUrl}${path}`, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  const text = await r.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // empty (204) or malformed bodies are checked through `text`
  }
  return { status: r.status, text, json, headers: r.headers };
}

async function consent(decision: 'allow' | 'cancel', extra: Record<string, string> = {}): Promise<URL> {
  const form = new URLSearchParams({ client_id: clientId, response_type: 'code', scope: SCOPE, redirect_uri: REDIRECT, state: 'st-42', access_type: 'offline', decision, ...extra });
  const r = await fetch(`${p.baseUrl}/oauth/v2/auth`, { method: 'POST', body: form, redirect: 'manual' });
  expect(r.status).toBe(302);
  return new URL(r.headers.get('location') ?? '');
}

async function tokenCall(params: Record<string, string>): Promise<{ status: number; json: Record<string, unknown> }> {
  const r = await fetch(`${p.baseUrl}/oauth/v2/token?${new URLSearchParams(params)}`, { method: 'POST' });
  return { status: r.status, json: (await r.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  p = await startPlatform('zoho', zohoEmulator, { tokenPrefix: '1000.' });
  token = (await admin('tokens', {})).access_token as string;
});
afterAll(async () => {
  await p.close();
});

describe('zoho accounts OAuth', () => {
  it('shows a consent page with Allow and Cancel', async () => {
    const q = new URLSearchParams({ client_id: clientId, response_type: 'code', scope: SCOPE, redirect_uri: REDIRECT, state: 'st-42', access_type: 'offline' });
    const r = await fetch(`${p.baseUrl}/oauth/v2/auth?${q}`);
    expect(r.status).toBe(200);
    const html = await r.text();
    expect(html).toContain('>Allow</button>');
    expect(html).toContain('>Cancel</button>');
    expect(html).toContain('Desk.tickets.CREATE');
  });

  it('round-trips: code with location and accounts-server, token exchange, refresh, code reuse', async () => {
    const back = await consent('allow');
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('st-42');
    expect(back.searchParams.get('location')).toBe('us');
    expect(back.searchParams.get('accounts-server')).toBe(p.baseUrl);
    const code = back.searchParams.get('code') ?? '';
    expect(code).toMatch(/^1000\./);

    const exchange = { grant_type: 'authorization_code', client_id: clientId, client_secret: clientSecret, redirect_uri: REDIRECT, code };
    const r = await tokenCall(exchange);
    expect(r.status).toBe(200);
    expect(Object.keys(r.json).sort()).toEqual(['access_token', 'api_domain', 'expires_in', 'refresh_token', 'token_type']);
    expect(r.json).toMatchObject({ api_domain: p.baseUrl, token_type: 'Bearer', expires_in: 3600 });
    const orgs = await desk('/api/v1/organizations', { token: r.json.access_token as string, orgId: null });
    expect(orgs.status).toBe(200);

    expect(await tokenCall(exchange)).toEqual({ status: 200, json: { error: 'invalid_code' } });

    const refreshed = await tokenCall({ grant_type: 'refresh_token', client_id: clientId, client_secret: clientSecret, refresh_token: r.json.refresh_token as string });
    expect(Object.keys(refreshed.json).sort()).toEqual(['access_token', 'api_domain', 'expires_in', 'token_type']);
    expect(refreshed.json.access_token).not.toBe(r.json.access_token);
    expect((await tokenCall({ grant_type: 'refresh_token', client_id: clientId, client_secret: clientSecret, refresh_token: '1000.nope' })).json).toEqual({ error: 'invalid_code' });
    expect((await tokenCall({ ...exchange, client_secret: 'wrong' })).json).toEqual({ error: 'invalid_client_secret' });

    // the refresh token comes with the first offline consent only (unless prompt=consent)
    const again = await consent('allow');
    const second = await tokenCall({ ...exchange, code: again.searchParams.get('code') ?? '' });
    expect(second.json.refresh_token).toBeUndefined();
    const forced = await consent('allow', { prompt: 'consent' });
    expect((await tokenCall({ ...exchange, code: forced.searchParams.get('code') ?? '' })).json.refresh_token).toMatch(/^1000\./);
  });

  it('Cancel redirects with error=access_denied', async () => {
    const back = await consent('cancel');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('st-42');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('limits refreshes per refresh token in realistic quota mode', async () => {
    const minted = await admin('tokens', {});
    await admin('quota', { mode: 'realistic' }, 'PUT');
    try {
      const refresh = { grant_type: 'refresh_token', client_id: clientId, client_secret: clientSecret, refresh_token: minted.refresh_token as string };
      for (let i = 0; i < 10; i++) expect((await tokenCall(refresh)).json.access_token).toBeDefined();
      expect(await tokenCall(refresh)).toEqual({ status: 400, json: { error: 'Access Denied', error_description: 'You have made too many requests continuously. Please try again after some time.' } });
      expect((await admin('quota', undefined, 'GET')).refused).toEqual({ 'zoho:access_tokens_per_refresh_token': 1 });
    } finally {
      await admin('quota', { mode: 'off' }, 'PUT');
    }
  });
});

describe('zoho desk API', () => {
  it('lists organizations and departments with the orgId header', async () => {
    const orgs = await desk('/api/v1/organizations', { orgId: null });
    expect((orgs.json.data as Array<Record<string, unknown>>).map((o) => [o.id, o.companyName, o.isDefault])).toEqual([[ORG, 'Parallels Support', true]]);
    const deps = await desk('/api/v1/departments?isEnabled=true&from=0&limit=100');
    expect(deps.status).toBe(200);
    const data = deps.json.data as Array<Record<string, unknown>>;
    expect(data.map((d) => d.name)).toEqual(['Customer Support', 'Billing', 'Technical']);
    expect(data[0]).toMatchObject({ id: SUPPORT, isEnabled: true, isDefault: true, sanitizedName: 'customer-support', chatStatus: 'AVAILABLE', hasLogo: false });
    expect(data[0]?.createdTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // determinism: a fresh emulator with the same seed answers the same bytes
    const twin = await startPlatform('zoho', zohoEmulator, { tokenPrefix: '1000.' });
    try {
      const twinToken = (await (await fetch(`${twin.baseUrl}/__admin/tokens`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as { access_token: string };
      const again = await fetch(`${twin.baseUrl}/api/v1/departments?isEnabled=true&from=0&limit=100`, { headers: { authorization: `Zoho-oauthtoken ${twinToken.access_token}`, orgId: ORG } });
      expect(await again.text()).toBe(deps.text);
    } finally {
      await twin.close();
    }
  });

  it('enforces Zoho-oauthtoken, orgId and scopes with Desk error bodies', async () => {
    expect(await desk('/api/v1/departments', { token: null })).toMatchObject({ status: 401, json: { errorCode: 'UNAUTHORIZED', message: 'You are not authenticated to perform this operation.' } });
    expect(await desk('/api/v1/departments', { token: '1000.bogus' })).toMatchObject({ status: 401, json: { errorCode: 'INVALID_OAUTH', message: 'The OAuth Token you provided is invalid.' } });
    expect((await desk('/api/v1/departments', { auth: `Bearer ${token}` })).json.errorCode).toBe('INVALID_OAUTH');
    expect((await desk('/api/v1/departments', { orgId: null })).status).toBe(422);
    expect(await desk('/api/v1/departments', { orgId: '99999999999' })).toMatchObject({ status: 403, json: { errorCode: 'OAUTH_ORG_MISMATCH' } });
    const readOnly = (await admin('tokens', { scope: 'Desk.basic.READ' })).access_token as string;
    expect(await desk('/api/v1/tickets', { method: 'POST', token: readOnly, body: { subject: 'x', departmentId: SUPPORT, contactId: '1' } })).toMatchObject({ status: 403, json: { errorCode: 'SCOPE_MISMATCH' } });
    expect(await desk('/api/v1/departments?sortOrder=asc')).toMatchObject({ status: 422, json: { errorCode: 'UNPROCESSABLE_ENTITY', message: "Extra query parameter 'sortOrder' is present in the input." } });
    await admin('tokens/expire', { token });
    try {
      expect((await desk('/api/v1/departments')).json.errorCode).toBe('INVALID_OAUTH');
    } finally {
      token = (await admin('tokens', {})).access_token as string;
    }
  });

  it('creates tickets (HTTP 200) with contactId or a new contact', async () => {
    expect((await desk('/api/v1/tickets')).status).toBe(204); // no tickets yet: empty body
    const contacts = (await desk('/api/v1/contacts')).json.data as Array<{ id: string; email: string }>;
    const r = await desk('/api/v1/tickets', { method: 'POST', body: { subject: 'Weekly ROAS report looks wrong', departmentId: SUPPORT, contactId: contacts[0]?.id, description: '<div>Meta spend for 2026-06-14 missing.</div>', priority: 'High', channel: 'Web' } });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      ticketNumber: '101', subject: 'Weekly ROAS report looks wrong', departmentId: SUPPORT, contactId: contacts[0]?.id, status: 'Open', statusType: 'Open',
      priority: 'High', channel: 'Web', email: contacts[0]?.email, createdTime: '2026-06-15T06:00:00.000Z', modifiedTime: '2026-06-15T06:00:00.000Z',
    });
    expect(r.json.id).toMatch(/^\d{16,19}$/);
    expect(r.json.webUrl).toBe(`${p.baseUrl}/support/parallelssupport/ShowHomePage.do#Cases/dv/${r.json.id}`);

    const withContact = await desk('/api/v1/tickets', { method: 'POST', body: { subject: 'Sync stalled', departmentId: SUPPORT, contact: { lastName: 'Doe', firstName: 'Jane', email: 'jane@example.com' } } });
    expect(withContact.status).toBe(200);
    expect(withContact.json).toMatchObject({ ticketNumber: '102', email: 'jane@example.com' });
    const sameEmail = await desk('/api/v1/tickets', { method: 'POST', body: { subject: 'Again', departmentId: SUPPORT, contact: { email: 'jane@example.com' } } });
    expect(sameEmail.json.contactId).toBe(withContact.json.contactId);

    const listed = await desk('/api/v1/tickets?from=0&limit=10');
    expect((listed.json.data as Array<{ ticketNumber: string }>).map((x) => x.ticketNumber)).toEqual(['101', '102', '103']);
    const one = await desk(`/api/v1/tickets/${String(r.json.id)}`);
    expect(one.json.subject).toBe('Weekly ROAS report looks wrong');
  });

  it('answers validation errors with 422 INVALID_DATA and errors[]', async () => {
    const empty = await desk('/api/v1/tickets', { method: 'POST', body: {} });
    expect(empty.status).toBe(422);
    expect(empty.json).toEqual({
      errorCode: 'INVALID_DATA', message: 'The data is invalid due to validation restrictions',
      errors: [
        { fieldName: '/subject', errorType: 'missing', errorMessage: '' },
        { fieldName: '/departmentId', errorType: 'missing', errorMessage: '' },
        { fieldName: '/contactId', errorType: 'missing', errorMessage: '' },
      ],
    });
    const bad = await desk('/api/v1/tickets', { method: 'POST', body: { subject: 'x', departmentId: '123', contact: { firstName: 'No' }, priority: 'Critical', colour: 'red' } });
    expect((bad.json.errors as Array<{ fieldName: string; errorType: string }>).map((e) => `${e.fieldName}:${e.errorType}`)).toEqual(['/colour:invalid', '/departmentId:invalid', '/contact/lastName:missing', '/priority:invalid']);
    const form = await fetch(`${p.baseUrl}/api/v1/tickets`, { method: 'POST', headers: { authorization: `Zoho-oauthtoken ${token}`, orgId: ORG }, body: new URLSearchParams({ subject: 'x' }) });
    expect(form.status).toBe(415);
  });

  it('maps faults keyed by orgId, token or *', async () => {
    await admin('faults', { key: ORG, plan: { serverError: {}, times: 1 } }, 'PUT');
    expect(await desk('/api/v1/departments')).toMatchObject({ status: 500, json: { errorCode: 'INTERNAL_SERVER_ERROR' } });
    await admin('faults', { key: token, plan: { rateLimit: { retryAfterSeconds: 30 }, times: 1 } }, 'PUT');
    const limited = await desk('/api/v1/departments');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('30');
    expect(limited.json.errorCode).toBe('THRESHOLD_EXCEEDED');
    await admin('faults', { key: '*', plan: { tokenExpired: true, times: 1 } }, 'PUT');
    expect((await desk('/api/v1/departments')).json.errorCode).toBe('INVALID_OAUTH');
    await admin('faults', { key: ORG, plan: { malformed: true, times: 1 } }, 'PUT');
    const broken = await desk('/api/v1/departments');
    expect(broken.status).toBe(200);
    expect(() => JSON.parse(broken.text)).toThrow();
    await admin('faults', { key: ORG, plan: { timeout: true, times: 1 } }, 'PUT');
    await expect(fetch(`${p.baseUrl}/api/v1/departments`, { headers: { authorization: `Zoho-oauthtoken ${token}`, orgId: ORG }, signal: AbortSignal.timeout(300) })).rejects.toThrow();
    expect((await desk('/api/v1/departments')).status).toBe(200);
  });
});
