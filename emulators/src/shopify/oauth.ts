import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml, page } from '../common/html.js';
import type { EmulatorContext } from '../common/context.js';
import type { ShopifyState } from './state.js';
import { hang, notFoundJson, notFoundPage, serverError, tooManyRequests } from './errors.js';
import { injectFaultLatency } from '../common/timing.js';

// App install OAuth, authorization code grant (reference 5.1): consent page, callback signed with an
// HMAC-SHA256 (hex, client secret) over the sorted, form-encoded query (signedQueryMessage), code exchange at
// /admin/oauth/access_token (form or JSON), expiring offline tokens (`expiring=1`) with refresh
// rotation, and online (per-user) tokens for `grant_options[]=per-user`.

const CODE_TTL_S = 600;
const ACCESS_TTL_S = 3600;
const REFRESH_TTL_S = 7_776_000; // 90 days
const ONLINE_TTL_S = 86_399;
const RESOURCES = ['orders', 'all_orders', 'products', 'customers', 'inventory', 'fulfillments', 'analytics', 'reports', 'shipping', 'content', 'themes', 'script_tags', 'price_rules', 'discounts', 'marketing_events', 'locations', 'checkouts', 'draft_orders', 'returns', 'publications', 'locales', 'translations', 'customer_events', 'pixels'];
const KNOWN_SCOPES = new Set(RESOURCES.flatMap((r) => [`read_${r}`, `write_${r}`]));

/**
 * The message Shopify signs in a redirect's `hmac`: every parameter but `hmac` and `signature`, decoded, sorted
 * by name and written back as an application/x-www-form-urlencoded query, the way Shopify's own libraries rebuild
 * it to verify (shopify-api-js `stringifyQueryForAdmin` through URLSearchParams, shopify-api-ruby
 * `URI.encode_www_form`). So a value that URL encoding changes is signed encoded: space as '+', and '+', '/',
 * '=', '&', '%' as %2B, %2F, %3D, %26, %25. A value of plain letters, digits and `-._*` reads the same either way,
 * which is why the older "escape only & and %" description agrees on every ordinary callback.
 */
export function signedQueryMessage(params: Record<string, string>): string {
  const form = new URLSearchParams();
  for (const k of Object.keys(params).filter((k) => k !== 'hmac' && k !== 'signature').sort()) form.append(k, params[k] as string);
  return form.toString();
}

/** HMAC of a redirect's query as Shopify computes it: hex HMAC-SHA256 of `signedQueryMessage`, keyed by the client secret */
export function queryHmac(params: Record<string, string>, secret: string): string {
  return createHmac('sha256', secret).update(signedQueryMessage(params)).digest('hex');
}

/** `host`: base64 of "{shop}/admin"; URL-safe alphabet without padding so it needs no escaping */
export function hostParam(shop: string): string {
  return Buffer.from(`${shop}/admin`).toString('base64url');
}

export interface IssuedTokens { access_token: string; scope: string; expires_in?: number; refresh_token?: string; refresh_token_expires_in?: number }

export function issueOfflineTokens(ctx: EmulatorContext, shop: string, scope: string, expiring: boolean): IssuedTokens {
  const clientId = ctx.world.apps.shopify.clientId;
  const access = ctx.tokens.issue({ kind: 'access', subject: shop, clientId, scope, ttlSeconds: expiring ? ACCESS_TTL_S : null, token: `shpat_${randomBytes(16).toString('hex')}`, data: { expiring: expiring ? '1' : '0' } });
  if (!expiring) return { access_token: access.token, scope };
  const refresh = ctx.tokens.issue({ kind: 'refresh', subject: shop, clientId, scope, ttlSeconds: REFRESH_TTL_S, token: `shprt_${randomBytes(16).toString('hex')}` });
  return { access_token: access.token, expires_in: ACCESS_TTL_S, refresh_token: refresh.token, refresh_token_expires_in: REFRESH_TTL_S, scope };
}

function oauthErrorPage(reply: FastifyReply, kind: string, message: string): FastifyReply {
  return reply.code(400).type('text/html; charset=utf-8').send(page('Oauth error', `<h1>Oauth error ${escapeHtml(kind)}: ${escapeHtml(message)}</h1>`));
}

function tokenError(reply: FastifyReply, error: string, description: string): FastifyReply {
  return reply.code(400).send({ error, error_description: description });
}

interface AuthorizeQuery { client_id?: string; scope?: string; redirect_uri?: string; state?: string; 'grant_options[]'?: string | string[] }

export function registerOAuthRoutes(app: FastifyInstance, ctx: EmulatorContext, state: ShopifyState): void {
  const apps = ctx.world.apps.shopify;

  const validate = (q: AuthorizeQuery, reply: FastifyReply): { scopes: string[] } | undefined => {
    if (q.client_id !== apps.clientId) {
      oauthErrorPage(reply, 'invalid_request', `Could not find Shopify API application with api_key ${q.client_id ?? ''}`);
      return undefined;
    }
    if (!q.redirect_uri || !/^https?:\/\//.test(q.redirect_uri)) {
      oauthErrorPage(reply, 'invalid_request', 'The redirect_uri is missing or is not whitelisted');
      return undefined;
    }
    const scopes = (q.scope ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    const unknown = scopes.filter((s) => !KNOWN_SCOPES.has(s));
    if (unknown.length) {
      oauthErrorPage(reply, 'invalid_scope', `Scope undefined for API access: ${unknown.join(', ')}. Valid scopes: ${[...KNOWN_SCOPES].join(', ')}`);
      return undefined;
    }
    return { scopes };
  };

  app.get<{ Params: { shop: string }; Querystring: AuthorizeQuery }>('/:shop/admin/oauth/authorize', async (req, reply) => {
    const rt = state.runtime(req.params.shop);
    if (!rt) return notFoundPage(reply);
    const q = req.query;
    const ok = validate(q, reply);
    if (!ok) return reply;
    const perUser = [q['grant_options[]']].flat().includes('per-user');
    const hidden = (name: string, value: string | undefined) => (value === undefined ? '' : `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`);
    const body = `<h1>Install app</h1>
<p><strong>Parallels</strong> wants to access <strong>${escapeHtml(rt.shop.name)}</strong> (${escapeHtml(rt.shop.domain)}).</p>
<p>This app will be able to:</p><ul>${ok.scopes.map((s) => `<li>${escapeHtml(describeScope(s))} <code>${escapeHtml(s)}</code></li>`).join('')}</ul>
<form method="post" action="${escapeHtml(`${ctx.baseUrl}/${rt.shop.domain}/admin/oauth/authorize`)}">
${hidden('client_id', q.client_id)}${hidden('scope', q.scope ?? '')}${hidden('redirect_uri', q.redirect_uri)}${hidden('state', q.state)}${perUser ? hidden('grant_options[]', 'per-user') : ''}
<div class="actions"><button class="primary" type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="cancel">Cancel</button></div></form>`;
    return reply.type('text/html; charset=utf-8').send(page('Install app', body));
  });

  app.post<{ Params: { shop: string }; Body: AuthorizeQuery & { decision?: string } }>('/:shop/admin/oauth/authorize', async (req, reply) => {
    const rt = state.runtime(req.params.shop);
    if (!rt) return notFoundPage(reply);
    const b = req.body ?? {};
    const ok = validate(b, reply);
    if (!ok) return reply;
    // Cancel: Shopify sends the merchant back to the admin's app list; the app is never called.
    if (b.decision !== 'allow') return reply.redirect(`${ctx.baseUrl}/${rt.shop.domain}/admin/apps`, 302);
    const perUser = [b['grant_options[]']].flat().includes('per-user');
    const code = ctx.tokens.issue({
      kind: 'code', subject: rt.shop.domain, clientId: apps.clientId, scope: ok.scopes.join(','), ttlSeconds: CODE_TTL_S,
      token: randomBytes(16).toString('hex'), data: { redirect_uri: b.redirect_uri ?? '', perUser: perUser ? '1' : '0' },
    });
    const params: Record<string, string> = {
      code: code.token,
      host: hostParam(rt.shop.domain),
      shop: rt.shop.domain,
      ...(b.state !== undefined ? { state: b.state } : {}),
      timestamp: String(Math.floor(ctx.clock.now().getTime() / 1000)),
    };
    params.hmac = queryHmac(params, apps.clientSecret);
    const target = new URL(b.redirect_uri as string);
    for (const k of Object.keys(params).sort()) target.searchParams.append(k, params[k] as string);
    return reply.redirect(target.toString(), 302);
  });

  app.get<{ Params: { shop: string } }>('/:shop/admin/apps', async (req, reply) => {
    const rt = state.runtime(req.params.shop);
    if (!rt) return notFoundPage(reply);
    return reply.type('text/html; charset=utf-8').send(page('Apps and sales channels', `<h1>Apps and sales channels</h1><p>${escapeHtml(rt.shop.name)}: the app was not installed.</p>`));
  });

  app.post<{ Params: { shop: string }; Body: Record<string, unknown> | undefined; Querystring: Record<string, string> }>('/:shop/admin/oauth/access_token', async (req, reply) => {
    const rt = state.runtime(req.params.shop);
    if (!rt) return notFoundJson(reply);
    const fault = ctx.faults.take(rt.shop.domain);
    await injectFaultLatency(req, fault?.latencyMs);
    if (fault?.timeout) return hang(req, reply);
    if (fault?.serverError) return serverError(reply, fault.serverError.status ?? 503);
    if (fault?.rateLimit) return tooManyRequests(reply, fault.rateLimit.retryAfterSeconds);
    const p: Record<string, string> = { ...req.query };
    for (const [k, v] of Object.entries(req.body && typeof req.body === 'object' ? req.body : {})) if (v !== undefined && v !== null) p[k] = String(v);
    if (p.client_id !== apps.clientId || p.client_secret !== apps.clientSecret) {
      return tokenError(reply, 'invalid_client', 'Client authentication failed: the client_id or client_secret is invalid');
    }
    const expiring = p.expiring === '1' || p.expiring === 'true';
    if (p.grant_type === 'refresh_token') {
      const checked = ctx.tokens.check(p.refresh_token, 'refresh');
      if (checked.status !== 'valid' || checked.record.used || checked.record.subject !== rt.shop.domain || fault?.tokenRevoked) {
        return tokenError(reply, 'invalid_grant', 'The refresh token is invalid, expired, revoked or was already used');
      }
      checked.record.used = true; // rotation: the old refresh token dies on use
      checked.record.revoked = true;
      return reply.send(issueOfflineTokens(ctx, rt.shop.domain, checked.record.scope, true));
    }
    if (p.grant_type && p.grant_type !== 'authorization_code') {
      return tokenError(reply, 'unsupported_grant_type', `The grant type ${p.grant_type} is not supported by the sandbox`);
    }
    const checked = ctx.tokens.check(p.code, 'code');
    if (checked.status !== 'valid' || checked.record.used || checked.record.subject !== rt.shop.domain) {
      return tokenError(reply, 'invalid_request', 'The authorization code was not found or was already used');
    }
    checked.record.used = true;
    const scope = checked.record.scope;
    if (checked.record.data.perUser === '1') {
      const access = ctx.tokens.issue({ kind: 'access', subject: rt.shop.domain, clientId: apps.clientId, scope, ttlSeconds: ONLINE_TTL_S, token: `shpua_${randomBytes(16).toString('hex')}`, data: { online: '1' } });
      const [first, ...rest] = rt.shop.ownerName.split(' ');
      return reply.send({
        access_token: access.token, scope, expires_in: ONLINE_TTL_S, associated_user_scope: scope,
        associated_user: { id: 902541635 + rt.index, first_name: first, last_name: rest.join(' '), email: rt.shop.email, account_owner: true, locale: 'en', collaborator: false, email_verified: true },
      });
    }
    return reply.send(issueOfflineTokens(ctx, rt.shop.domain, scope, expiring));
  });
}

function describeScope(scope: string): string {
  const [mode, ...rest] = scope.split('_');
  const what = rest.join(' ').replace('all orders', 'all orders (older than 60 days)');
  return `${mode === 'write' ? 'Modify' : 'View'} ${what}`;
}
