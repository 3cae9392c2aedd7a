import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml, page as htmlPage } from '../common/html.js';
import { errors } from './errors.js';
import type { GraphRequest } from './http.js';
import type { MetaState } from './state.js';

// Facebook Login, manual server-side flow (reference 1.1): the OAuth dialog (consent page with a test
// user chooser), the code exchange, the long-lived exchange and debug_token. There is no refresh token.

export const SHORT_LIVED_SECONDS = 7199; // ~2 h
export const LONG_LIVED_SECONDS = 5_183_944; // ~60 days, the value Graph returns
const CODE_SECONDS = 600;

const PERMISSIONS: Record<string, string> = {
  public_profile: 'Your name and profile picture',
  email: 'Your email address',
  ads_read: 'Access performance data for the ad accounts you manage',
  ads_management: 'Manage your ads and ad accounts',
  business_management: 'Access the businesses and assets you manage in Business Manager',
  read_insights: 'Read insights for your Pages',
};

export function grantedScope(scope: string | undefined): string {
  const list = (scope ?? '').split(/[,\s]+/).filter(Boolean);
  if (!list.includes('public_profile')) list.push('public_profile');
  return list.join(',');
}

export function issueAccess(state: MetaState, subject: string, scope: string, ttl: number | null, kind: 'short' | 'long') {
  return state.ctx.tokens.issue({
    kind: 'access', subject, clientId: state.ctx.world.apps.meta.clientId, scope, ttlSeconds: ttl,
    data: { type: kind, issuedAt: String(state.ctx.clock.now().getTime()) },
  });
}

function errorPage(reply: FastifyReply, title: string, message: string): FastifyReply {
  return reply.code(400).type('text/html; charset=utf-8').send(htmlPage(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`));
}

function validRedirect(uri: string | undefined): boolean {
  if (!uri) return false;
  try {
    const u = new URL(uri);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** GET /{version}/dialog/oauth: the consent page */
export function dialogPage(state: MetaState, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const q = req.query as Record<string, string | undefined>;
  const app = state.ctx.world.apps.meta;
  if (!q.client_id || q.client_id !== app.clientId) {
    return errorPage(reply, 'Invalid App ID', 'The provided app ID does not look like a valid app ID.');
  }
  if (!validRedirect(q.redirect_uri)) {
    return errorPage(reply, 'URL blocked', "This redirect failed because the redirect URI is not whitelisted in the app's Client OAuth Settings. Make sure Client and Web OAuth Login are on and add all your app domains as Valid OAuth Redirect URIs.");
  }
  const scopes = grantedScope(q.scope).split(',');
  const identities = state.ctx.world.meta.identities;
  const hidden = ['client_id', 'redirect_uri', 'state', 'scope', 'response_type']
    .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(q[k] ?? '')}">`).join('');
  const body = `<h1>Parallels (sandbox) is requesting access</h1>
<p>Continue as one of the sandbox's Facebook test users. Parallels will receive:</p>
<ul>${scopes.map((s) => `<li><strong>${escapeHtml(s)}</strong>: ${escapeHtml(PERMISSIONS[s] ?? 'Additional permission')}</li>`).join('')}</ul>
<form method="post" action="${escapeHtml(req.url.split('?')[0] ?? '')}">${hidden}
<label for="user_id">Signed in as</label>
<select id="user_id" name="user_id">${identities.map((i, n) => `<option value="${escapeHtml(i.id)}"${n === 0 ? ' selected' : ''}>${escapeHtml(`${i.name} (${i.email})`)}</option>`).join('')}</select>
<div class="actions"><button class="primary" type="submit" name="action" value="allow">Allow</button>
<button type="submit" name="action" value="cancel">Cancel</button></div></form>`;
  return reply.code(200).type('text/html; charset=utf-8').send(htmlPage('Log in with Facebook', body));
}

/** POST /{version}/dialog/oauth: the user's choice, back to the app */
export function dialogSubmit(state: MetaState, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const b = (req.body ?? {}) as Record<string, string | undefined>;
  const app = state.ctx.world.apps.meta;
  if (!b.client_id || b.client_id !== app.clientId) return errorPage(reply, 'Invalid App ID', 'The provided app ID does not look like a valid app ID.');
  if (!validRedirect(b.redirect_uri)) return errorPage(reply, 'URL blocked', 'The redirect URI is not valid.');
  const target = new URL(b.redirect_uri ?? '');
  if (b.action === 'allow') {
    const user = state.ctx.world.meta.identities.find((i) => i.id === b.user_id) ?? state.ctx.world.meta.identities[0];
    if (!user) return errorPage(reply, 'No test users', 'The sandbox world has no Facebook test users.');
    const code = state.ctx.tokens.issue({ kind: 'code', subject: user.id, clientId: app.clientId, scope: grantedScope(b.scope), ttlSeconds: CODE_SECONDS, data: { redirect_uri: b.redirect_uri ?? '' }, token: `AQ${randomBytes(60).toString('base64url')}` });
    target.searchParams.set('code', code.token);
  } else {
    target.searchParams.set('error', 'access_denied');
    target.searchParams.set('error_code', '200');
    target.searchParams.set('error_description', 'Permissions error');
    target.searchParams.set('error_reason', 'user_denied');
  }
  if (b.state !== undefined) target.searchParams.set('state', b.state);
  // Facebook appends an empty "#_=_" fragment to the redirect
  target.hash = '_=_';
  return reply.code(302).header('location', target.toString()).send();
}

/** GET|POST /{version}/oauth/access_token */
export function tokenEndpoint(state: MetaState, g: GraphRequest): Record<string, unknown> {
  const p = g.params;
  const app = state.ctx.world.apps.meta;
  const { tokens } = state.ctx;
  if (p.client_id !== app.clientId) throw errors.badClientId();
  if (p.client_secret !== app.clientSecret) throw errors.badClientSecret();
  if (p.grant_type === 'client_credentials') return { access_token: `${app.clientId}|${app.clientSecret}`, token_type: 'bearer' };
  if (p.grant_type === 'fb_exchange_token') {
    if (!p.fb_exchange_token) throw errors.invalidParam('Missing parameter fb_exchange_token');
    const check = tokens.check(p.fb_exchange_token, 'access');
    if (check.status !== 'valid') {
      if (check.status === 'revoked') throw errors.revokedToken();
      if (check.status === 'expired') throw errors.expiredToken(new Date(check.record?.expiresAt ?? 0), state.ctx.clock.now());
      throw errors.invalidToken();
    }
    const long = issueAccess(state, check.record.subject, check.record.scope, LONG_LIVED_SECONDS, 'long');
    return { access_token: long.token, token_type: 'bearer', expires_in: LONG_LIVED_SECONDS };
  }
  if (!p.redirect_uri) throw errors.missingRedirectUri();
  if (!p.code) throw errors.missingCode();
  const record = tokens.get(p.code);
  if (!record || record.kind !== 'code') throw errors.badCode();
  if (record.used) throw errors.codeUsed();
  if (record.expiresAt !== null && record.expiresAt <= state.ctx.clock.now().getTime()) throw errors.codeExpired();
  // byte-identical redirect_uri is required (reference 1.1)
  if (record.data.redirect_uri !== p.redirect_uri) throw errors.redirectMismatch();
  record.used = true;
  const access = issueAccess(state, record.subject, record.scope, SHORT_LIVED_SECONDS, 'short');
  return { access_token: access.token, token_type: 'bearer', expires_in: SHORT_LIVED_SECONDS };
}

/** GET /debug_token?input_token=...&access_token={app_id}|{app_secret} */
export function debugToken(state: MetaState, g: GraphRequest): Record<string, unknown> {
  const app = state.ctx.world.apps.meta;
  const caller = g.token;
  if (!caller) throw errors.missingToken();
  const callerOk = caller === `${app.clientId}|${app.clientSecret}` || state.ctx.tokens.check(caller, 'access').status === 'valid';
  if (!callerOk) throw errors.invalidToken();
  if (!g.params.input_token) throw errors.invalidParam('The parameter input_token is required');
  const check = state.ctx.tokens.check(g.params.input_token, 'access');
  const record = check.record;
  if (!record) return { data: { error: { code: 190, message: 'Invalid OAuth access token.' }, is_valid: false, scopes: [] } };
  const identity = state.ctx.world.meta.identities.find((i) => i.id === record.subject);
  const issuedAt = Math.floor(Number(record.data.issuedAt ?? state.ctx.clock.now().getTime()) / 1000);
  const scopes = record.scope.split(',').filter(Boolean);
  const data: Record<string, unknown> = {
    app_id: app.clientId, type: 'USER', application: 'Parallels (sandbox)',
    data_access_expires_at: issuedAt + 90 * 86_400,
    expires_at: record.expiresAt === null ? 0 : Math.floor(record.expiresAt / 1000),
    is_valid: check.status === 'valid', issued_at: issuedAt, scopes,
    granular_scopes: scopes.filter((s) => s.startsWith('ads_') || s === 'business_management')
      .map((s) => ({ scope: s, target_ids: (identity?.adAccountIds ?? []).map((a) => a.replace(/^act_/, '')) })),
    user_id: record.subject,
  };
  if (check.status === 'expired') data.error = { code: 190, message: errors.expiredToken(new Date(record.expiresAt ?? 0), state.ctx.clock.now()).message, subcode: 463 };
  if (check.status === 'revoked') data.error = { code: 190, message: errors.revokedToken().message, subcode: 460 };
  return { data };
}
