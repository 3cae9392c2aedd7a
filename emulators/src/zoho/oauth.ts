import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml, page } from '../common/html.js';
import { sleep } from '../common/faults.js';
import type { EmulatorContext } from '../common/context.js';
import { countRefusal } from '../common/refusals.js';
import { hang } from './errors.js';

// Zoho Accounts OAuth (reference 6.1): consent page, multi-DC callback (`location`,
// `accounts-server`), token endpoint taking parameters in the query string or a form body and
// reporting failures as HTTP 200 {"error": "invalid_code"}. Refresh tokens never expire (until
// revoked) and are issued only on the first consent with access_type=offline (or prompt=consent).

export const ACCESS_TTL_S = 3600;
/** Zoho: at most 10 access tokens per refresh token in 10 minutes (enforced in realistic quota mode; a refusal is counted as `zoho:access_tokens_per_refresh_token`) */
const REFRESH_LIMIT = 10;
const REFRESH_WINDOW_MS = 600_000;

const SCOPE = /^(Desk|ZohoCRM|AaaServer|ZohoProfile)\.[A-Za-z]+(\.[A-Za-z]+)?$/;

export function newToken(): string {
  return `1000.${randomBytes(16).toString('hex')}.${randomBytes(16).toString('hex')}`;
}

export function issueTokens(ctx: EmulatorContext, userId: string, scope: string, withRefresh: boolean): Record<string, unknown> {
  const clientId = ctx.world.apps.zoho.clientId;
  const access = ctx.tokens.issue({ kind: 'access', subject: userId, clientId, scope, ttlSeconds: ACCESS_TTL_S, token: newToken() });
  const out: Record<string, unknown> = { access_token: access.token };
  if (withRefresh) out.refresh_token = ctx.tokens.issue({ kind: 'refresh', subject: userId, clientId, scope, ttlSeconds: null, token: newToken() }).token;
  return { ...out, api_domain: ctx.baseUrl, token_type: 'Bearer', expires_in: ACCESS_TTL_S };
}

interface AuthQuery { client_id?: string; response_type?: string; scope?: string; redirect_uri?: string; state?: string; access_type?: string; prompt?: string; decision?: string; email?: string }

export function registerZohoOAuth(app: FastifyInstance, ctx: EmulatorContext): void {
  const apps = ctx.world.apps.zoho;
  const consented = new Set<string>(); // users who already gave offline consent to this client
  const refreshUse = new Map<string, number[]>();

  const problem = (reply: FastifyReply, title: string, text: string) => reply.code(400).type('text/html; charset=utf-8').send(page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`));
  const check = (q: AuthQuery, reply: FastifyReply): string[] | undefined => {
    if (q.client_id !== apps.clientId) return void problem(reply, 'Invalid Client', 'The client_id is invalid or does not exist.');
    if (q.response_type !== 'code') return void problem(reply, 'Invalid Response Type', 'response_type must be code.');
    if (!q.redirect_uri || !/^https?:\/\//.test(q.redirect_uri)) return void problem(reply, 'Invalid Redirect Uri', 'The redirect_uri does not match the one registered for the client.');
    const scopes = (q.scope ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    if (!scopes.length || scopes.some((s) => !SCOPE.test(s))) return void problem(reply, 'Invalid OAuth Scope', `Scope does not exist: ${q.scope ?? ''}`);
    return scopes;
  };

  app.get<{ Querystring: AuthQuery }>('/oauth/v2/auth', async (req, reply) => {
    const scopes = check(req.query, reply);
    if (!scopes) return reply;
    const q = req.query;
    const users = ctx.world.zoho.users;
    const hidden = Object.entries(q).filter(([k]) => k !== 'decision' && k !== 'email').map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(String(v))}">`).join('');
    const body = `<h1>Parallels would like to access your Zoho Desk data</h1>
<form method="post" action="${escapeHtml(`${ctx.baseUrl}/oauth/v2/auth`)}">${hidden}
<p><label>Signed in as <select name="email">${users.map((u) => `<option>${escapeHtml(u.email)}</option>`).join('')}</select></label></p>
<ul>${scopes.map((s) => `<li><code>${escapeHtml(s)}</code></li>`).join('')}</ul>
<div class="actions"><button class="primary" type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="cancel">Cancel</button></div></form>`;
    return reply.type('text/html; charset=utf-8').send(page('Zoho Accounts', body));
  });

  app.post<{ Body: AuthQuery }>('/oauth/v2/auth', async (req, reply) => {
    const q = req.body ?? {};
    const scopes = check(q, reply);
    if (!scopes) return reply;
    const target = new URL(q.redirect_uri as string);
    if (q.state !== undefined) target.searchParams.set('state', q.state);
    if (q.decision !== 'allow') {
      target.searchParams.set('error', 'access_denied');
      return reply.redirect(target.toString(), 302);
    }
    const user = ctx.world.zoho.users.find((u) => u.email === q.email) ?? ctx.world.zoho.users[0];
    if (!user) return problem(reply, 'No user', 'The sandbox world has no Zoho user.');
    const offline = q.access_type === 'offline' && (q.prompt === 'consent' || !consented.has(user.id));
    if (q.access_type === 'offline') consented.add(user.id);
    const code = ctx.tokens.issue({ kind: 'code', subject: user.id, clientId: apps.clientId, scope: scopes.join(','), ttlSeconds: 120, token: newToken(), data: { redirect_uri: q.redirect_uri ?? '', offline: offline ? '1' : '0' } });
    target.searchParams.set('code', code.token);
    target.searchParams.set('location', 'us');
    target.searchParams.set('accounts-server', ctx.baseUrl);
    return reply.redirect(target.toString(), 302);
  });

  app.post<{ Querystring: Record<string, string>; Body: Record<string, unknown> | undefined }>('/oauth/v2/token', async (req, reply) => {
    const p: Record<string, string> = { ...req.query };
    for (const [k, v] of Object.entries(req.body && typeof req.body === 'object' ? req.body : {})) if (v != null) p[k] = String(v);
    const fault = ctx.faults.take(p.refresh_token, p.code);
    if (fault?.latencyMs) await sleep(fault.latencyMs);
    if (fault?.timeout) return hang(req, reply);
    if (fault?.serverError) return reply.code(fault.serverError.status ?? 500).type('text/html; charset=utf-8').send(page('Zoho Accounts', '<h1>Internal Server Error</h1>'));
    if (fault?.rateLimit) return reply.code(400).send({ error: 'Access Denied', error_description: 'You have made too many requests continuously. Please try again after some time.' });
    if (p.client_id !== apps.clientId) return reply.send({ error: 'invalid_client' });
    if (p.client_secret !== apps.clientSecret) return reply.send({ error: 'invalid_client_secret' });
    if (p.grant_type === 'authorization_code') {
      const checked = ctx.tokens.check(p.code, 'code');
      if (checked.status !== 'valid' || checked.record.used) return reply.send({ error: 'invalid_code' });
      if (p.redirect_uri !== checked.record.data.redirect_uri) return reply.send({ error: 'invalid_redirect_uri' });
      checked.record.used = true;
      return reply.send(issueTokens(ctx, checked.record.subject, checked.record.scope, checked.record.data.offline === '1'));
    }
    if (p.grant_type === 'refresh_token') {
      const checked = ctx.tokens.check(p.refresh_token, 'refresh');
      if (checked.status !== 'valid' || fault?.tokenRevoked) return reply.send({ error: 'invalid_code' });
      if (ctx.quota.mode === 'realistic') {
        const now = ctx.clock.now().getTime();
        const uses = (refreshUse.get(checked.record.token) ?? []).filter((t) => t > now - REFRESH_WINDOW_MS);
        if (uses.length >= REFRESH_LIMIT) {
          countRefusal(ctx, 'zoho:access_tokens_per_refresh_token');
          return reply.code(400).send({ error: 'Access Denied', error_description: 'You have made too many requests continuously. Please try again after some time.' });
        }
        uses.push(now);
        refreshUse.set(checked.record.token, uses);
      }
      return reply.send(issueTokens(ctx, checked.record.subject, checked.record.scope, false));
    }
    return reply.send({ error: 'unsupported_grant_type' });
  });

  // Zoho's revoke endpoint: POST /oauth/v2/token/revoke?token=...
  app.post<{ Querystring: { token?: string } }>('/oauth/v2/token/revoke', async (req, reply) => {
    if (req.query.token) ctx.tokens.revoke(req.query.token);
    return reply.send({ status: 'success' });
  });
}
