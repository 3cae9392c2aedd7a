import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../common/context.js';
import { sleep } from '../common/faults.js';
import { escapeHtml, page } from '../common/html.js';
import type { ZohoOrg } from '../common/world.js';
import { deskError, hang } from './errors.js';
import type { ZohoData } from './data.js';
import { validateTicket } from './tickets.js';

// Zoho Desk API v1 (reference 6.2-6.5): `Authorization: Zoho-oauthtoken <token>` and an `orgId`
// header on every call but GET /organizations; lists as {"data":[...]} or 204 when empty.

interface Caller { userId: string; org: ZohoOrg | undefined; malformed: boolean }

/** any of these scopes allows the call (X.ALL covers X.READ / X.CREATE ...) */
const SCOPES = {
  basic: ['Desk.basic.READ', 'Desk.basic.ALL', 'Desk.settings.READ', 'Desk.settings.ALL'],
  ticketsRead: ['Desk.tickets.READ', 'Desk.tickets.ALL'],
  ticketsCreate: ['Desk.tickets.CREATE', 'Desk.tickets.WRITE', 'Desk.tickets.ALL'],
  contactsRead: ['Desk.contacts.READ', 'Desk.contacts.ALL'],
};

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
}

export function registerDeskRoutes(app: FastifyInstance, ctx: EmulatorContext, data: ZohoData): void {
  /** authentication, faults, scope and org checks; undefined when an error was already sent */
  async function caller(req: FastifyRequest, reply: FastifyReply, scopes: string[], needOrg: boolean): Promise<Caller | undefined> {
    const auth = header(req, 'authorization');
    const token = /^Zoho-oauthtoken\s+(\S+)$/i.exec(auth ?? '')?.[1];
    const orgId = header(req, 'orgid');
    const fault = ctx.faults.take(orgId, token);
    if (fault?.latencyMs) await sleep(fault.latencyMs);
    if (fault?.timeout) return void (await hang(req, reply));
    if (fault?.serverError) return void deskError(reply, 'INTERNAL_SERVER_ERROR', { status: fault.serverError.status ?? 500 });
    if (fault?.rateLimit) {
      reply.header('retry-after', String(fault.rateLimit.retryAfterSeconds));
      return void deskError(reply, 'THRESHOLD_EXCEEDED');
    }
    if (!auth) return void deskError(reply, 'UNAUTHORIZED');
    const checked = ctx.tokens.check(token, 'access');
    if (!token || checked.status !== 'valid' || fault?.tokenExpired || fault?.tokenRevoked) return void deskError(reply, 'INVALID_OAUTH');
    const granted = checked.record.scope.split(',');
    if (fault?.permissionDenied || !scopes.some((s) => granted.includes(s) || granted.includes('Desk.ALL'))) return void deskError(reply, 'SCOPE_MISMATCH');
    const user = data.user(checked.record.subject);
    let org: ZohoOrg | undefined;
    if (needOrg) {
      if (!orgId) return void deskError(reply, 'UNPROCESSABLE_ENTITY', { message: "The header 'orgId' is missing or invalid." });
      org = data.org(orgId);
      if (!org || !user?.orgIds.includes(org.id)) return void deskError(reply, 'OAUTH_ORG_MISMATCH');
    }
    return { userId: checked.record.subject, org, malformed: fault?.malformed === true };
  }

  const send = (reply: FastifyReply, c: Caller, body: unknown): FastifyReply => {
    const text = JSON.stringify(body);
    return reply.code(200).header('content-type', 'application/json;charset=UTF-8').send(c.malformed ? text.slice(0, Math.floor(text.length / 2)) : text);
  };

  /** `from`/`limit` and unknown-parameter checks shared by the list endpoints */
  const listParams = (reply: FastifyReply, query: Record<string, string>, allowed: string[], maxLimit: number): { from: number; limit: number } | undefined => {
    const extra = Object.keys(query).find((k) => !allowed.includes(k) && k !== 'from' && k !== 'limit');
    if (extra) return void deskError(reply, 'UNPROCESSABLE_ENTITY', { message: `Extra query parameter '${extra}' is present in the input.` });
    const from = query.from === undefined ? 0 : Number(query.from);
    const limit = query.limit === undefined ? Math.min(maxLimit, 50) : Number(query.limit);
    const errors = [];
    if (!Number.isInteger(from) || from < 0) errors.push({ fieldName: 'from', errorType: 'invalid' as const, errorMessage: '' });
    if (!Number.isInteger(limit) || limit < 1 || limit > maxLimit) errors.push({ fieldName: 'limit', errorType: 'invalid' as const, errorMessage: '' });
    if (errors.length) return void deskError(reply, 'INVALID_DATA', { errors });
    return { from, limit };
  };

  const list = (reply: FastifyReply, c: Caller, rows: unknown[], p: { from: number; limit: number }): FastifyReply => {
    const slice = rows.slice(p.from, p.from + p.limit);
    return slice.length ? send(reply, c, { data: slice }) : reply.code(204).send();
  };

  app.get('/api/v1/organizations', async (req, reply) => {
    const c = await caller(req, reply, SCOPES.basic, false);
    if (!c) return reply;
    const user = data.user(c.userId);
    const orgs = (user?.orgIds ?? []).map((id) => data.org(id)).filter((o): o is ZohoOrg => !!o);
    return send(reply, c, { data: orgs.map((o, i) => data.organization(o, i === 0)) });
  });

  app.get<{ Querystring: Record<string, string> }>('/api/v1/departments', async (req, reply) => {
    const c = await caller(req, reply, SCOPES.basic, true);
    if (!c?.org) return reply;
    const p = listParams(reply, req.query, ['isEnabled', 'chatStatus', 'searchStr'], 200);
    if (!p) return reply;
    let rows = data.departments(c.org);
    if (req.query.isEnabled !== undefined) rows = rows.filter((d) => String(d.isEnabled) === req.query.isEnabled);
    return list(reply, c, rows, p);
  });

  app.get<{ Querystring: Record<string, string> }>('/api/v1/contacts', async (req, reply) => {
    const c = await caller(req, reply, SCOPES.contactsRead, true);
    if (!c?.org) return reply;
    const p = listParams(reply, req.query, ['sortBy', 'include', 'viewId'], 100);
    if (!p) return reply;
    return list(reply, c, data.contacts(c.org.id), p);
  });

  app.get<{ Querystring: Record<string, string> }>('/api/v1/tickets', async (req, reply) => {
    const c = await caller(req, reply, SCOPES.ticketsRead, true);
    if (!c?.org) return reply;
    const p = listParams(reply, req.query, ['departmentId', 'status', 'sortBy', 'include', 'viewId', 'assignee', 'channel', 'priority'], 100);
    if (!p) return reply;
    let rows = data.tickets(c.org.id);
    if (req.query.departmentId) rows = rows.filter((t) => t.departmentId === req.query.departmentId);
    if (req.query.status) rows = rows.filter((t) => req.query.status?.split(',').includes(t.status));
    const org = c.org;
    return list(reply, c, rows.map((t) => ({ ...t, webUrl: webUrl(ctx, data, org, t.id) })), p);
  });

  app.get<{ Params: { id: string } }>('/api/v1/tickets/:id', async (req, reply) => {
    const c = await caller(req, reply, SCOPES.ticketsRead, true);
    if (!c?.org) return reply;
    const t = data.tickets(c.org.id).find((x) => x.id === req.params.id);
    if (!t) return deskError(reply, 'RESOURCE_NOT_FOUND');
    return send(reply, c, { ...t, webUrl: webUrl(ctx, data, c.org, t.id) });
  });

  app.post<{ Body: unknown }>('/api/v1/tickets', async (req, reply) => {
    const c = await caller(req, reply, SCOPES.ticketsCreate, true);
    if (!c?.org) return reply;
    if (!(header(req, 'content-type') ?? '').toLowerCase().startsWith('application/json')) return deskError(reply, 'UNSUPPORTED_MEDIA_TYPE');
    const result = validateTicket(data, c.org, req.body);
    if (!result.ok) return deskError(reply, 'INVALID_DATA', { errors: result.errors });
    const now = new Date(Math.floor(ctx.clock.now().getTime() / 1000) * 1000).toISOString();
    const ticket = data.addTicket(c.org.id, { ...result.ticket, createdTime: now, modifiedTime: now });
    return send(reply, c, {
      ...ticket,
      webUrl: webUrl(ctx, data, c.org, ticket.id),
      assigneeId: null, teamId: null, isSpam: false, isOverDue: false, isArchived: false, threadCount: '1', commentCount: '0',
      customerResponseTime: now, closedTime: null, onholdTime: null, responseDueDate: null, resolution: null,
      language: 'English', sharedDepartments: [], productId: null, createdBy: c.userId, modifiedBy: c.userId,
      source: { appName: null, extId: null, type: 'SYSTEM', permalink: null, appPhotoURL: null },
    });
  });

  // The agent UI a ticket's webUrl opens (a plain list in the sandbox).
  app.get<{ Params: { portal: string } }>('/support/:portal/ShowHomePage.do', async (req, reply) => {
    const org = ctx.world.zoho.orgs.find((o) => data.portalName(o) === req.params.portal);
    if (!org) return reply.code(404).type('text/html; charset=utf-8').send(page('Zoho Desk', '<h1>Portal not found</h1>'));
    const rows = data.tickets(org.id).map((t) => `<li>#${escapeHtml(t.ticketNumber)} ${escapeHtml(t.subject)} <small>(${escapeHtml(t.status)})</small></li>`).join('');
    return reply.type('text/html; charset=utf-8').send(page('Zoho Desk', `<h1>${escapeHtml(org.name)}: tickets</h1><ul>${rows || '<li>No tickets yet</li>'}</ul>`));
  });
}

function webUrl(ctx: EmulatorContext, data: ZohoData, org: ZohoOrg, id: string): string {
  return `${ctx.baseUrl}/support/${data.portalName(org)}/ShowHomePage.do#Cases/dv/${id}`;
}
