import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { EmulatorContext } from '../common/context.js';
import { escapeHtml, page } from '../common/html.js';
import type { GoogleIdentity } from '../common/world.js';
import { callbackScope, canonicalScopes, describeScope, isIdentityScope, isKnownScope, splitScopes } from './scopes.js';

// accounts.google.com/o/oauth2/v2/auth: validate, show a consent page, redirect back with a code.
// Source: developers.google.com/identity/protocols/oauth2/web-server (authorize parameters, callback
// `code`/`scope`/`state`, `error=access_denied`); Google also appends `authuser` and `prompt`.

export interface AuthRequest {
  clientId: string;
  redirectUri: string;
  /** scopes as the client asked for them (aliases kept) */
  scopes: string[];
  state?: string;
  accessType: string;
  prompt: string[];
  includeGrantedScopes: boolean;
  codeChallenge?: string;
  codeChallengeMethod?: string;
  nonce?: string;
  loginHint?: string;
}

export interface AuthState {
  pending: Map<string, AuthRequest>;
  /** `${clientId}|${sub}` -> scopes (long forms) the user has granted to that client */
  consents: Map<string, Set<string>>;
  /** `${clientId}|${sub}` pairs that already received a refresh token */
  offline: Set<string>;
}

export const CODE_TTL_SECONDS = 600;
const MAX_PENDING = 500;

type Query = Record<string, string | undefined>;

function errorPage(reply: FastifyReply, status: number, error: string, message: string, shown = status): FastifyReply {
  const body = `<h1>Access blocked: Authorization Error</h1><p>${escapeHtml(message)}</p>`
    + `<p><strong>Error ${shown}: ${escapeHtml(error)}</strong></p>`;
  return reply.code(status).type('text/html; charset=utf-8').send(page('Error', body));
}

function pickIdentity(ctx: EmulatorContext, hint?: string): GoogleIdentity | undefined {
  const ids = ctx.world.google.identities;
  return ids.find((i) => hint !== undefined && (i.email === hint || i.sub === hint)) ?? ids[0];
}

interface PageError {
  status: number;
  /** the code Google prints as "Error {status}: {error}" (invalid_client prints 401 on an HTTP 400 page) */
  shown: number;
  error: string;
  message: string;
}

const fail = (error: string, message: string, shown = 400): PageError => ({ status: 400, shown, error, message });
const NOT_COMPLIANT = "You can't sign in to this app because it doesn't comply with Google's OAuth 2.0 policy.";

function validRedirect(uri: string): boolean {
  try {
    const u = new URL(uri);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Validation in Google's order; failures get Google's error page, never a redirect to the client. */
function parseAuthRequest(ctx: EmulatorContext, q: Query): AuthRequest | PageError {
  if (!q.client_id) return fail('invalid_request', 'Missing required parameter: client_id');
  // HTTP 400 per the brief; the page text is Google's own "Error 401: invalid_client".
  if (q.client_id !== ctx.world.apps.google.clientId) return fail('invalid_client', 'The OAuth client was not found.', 401);
  if (!q.redirect_uri) return fail('invalid_request', 'Missing required parameter: redirect_uri');
  if (!validRedirect(q.redirect_uri)) return fail('redirect_uri_mismatch', NOT_COMPLIANT);
  if (!q.response_type) return fail('invalid_request', 'Required parameter is missing: response_type');
  if (q.response_type !== 'code') return fail('unsupported_response_type', `Invalid response_type: ${q.response_type}`);
  const scopes = splitScopes(q.scope);
  if (scopes.length === 0) return fail('invalid_request', 'Missing required parameter: scope');
  const invalid = scopes.filter((s) => !isKnownScope(s));
  if (invalid.length) return fail('invalid_scope', `Some requested scopes were invalid. {invalid=[${invalid.join(', ')}]}`);
  const method = q.code_challenge ? (q.code_challenge_method ?? 'plain') : undefined;
  if (method !== undefined && method !== 'S256' && method !== 'plain') return fail('invalid_request', 'Invalid code_challenge_method value.');
  if (q.access_type && q.access_type !== 'online' && q.access_type !== 'offline') return fail('invalid_request', `Invalid access_type: ${q.access_type}`);
  return {
    clientId: q.client_id,
    redirectUri: q.redirect_uri,
    scopes,
    state: q.state,
    accessType: q.access_type ?? 'online',
    prompt: splitScopes(q.prompt),
    includeGrantedScopes: q.include_granted_scopes === 'true',
    codeChallenge: q.code_challenge,
    codeChallengeMethod: method,
    nonce: q.nonce,
    loginHint: q.login_hint,
  };
}

function redirectWith(reply: FastifyReply, redirectUri: string, params: Array<[string, string | undefined]>): FastifyReply {
  const url = new URL(redirectUri);
  for (const [k, v] of params) if (v !== undefined) url.searchParams.append(k, v);
  return reply.redirect(url.toString(), 302);
}

/** Record the consent, mint the one-time code and send the browser back to the client. */
function approve(ctx: EmulatorContext, state: AuthState, reply: FastifyReply, ar: AuthRequest, identity: GoogleIdentity, granted: string[], promptShown: string): FastifyReply {
  const key = `${ar.clientId}|${identity.sub}`;
  const previous = state.consents.get(key) ?? new Set<string>();
  const long = canonicalScopes(granted);
  const scopes = ar.includeGrantedScopes ? [...new Set([...previous, ...long])] : long;
  state.consents.set(key, new Set([...previous, ...long]));
  // A refresh token comes only with offline access, and only on first consent unless prompt=consent.
  const refresh = ar.accessType === 'offline' && (!state.offline.has(key) || ar.prompt.includes('consent'));
  if (refresh) state.offline.add(key);
  const code = ctx.tokens.issue({
    kind: 'code',
    subject: identity.sub,
    clientId: ar.clientId,
    scope: scopes.join(' '),
    ttlSeconds: CODE_TTL_SECONDS,
    token: `4/0A${randomBytes(54).toString('base64url')}`,
    data: {
      redirectUri: ar.redirectUri,
      accessType: ar.accessType,
      refresh: refresh ? '1' : '0',
      ...(ar.codeChallenge ? { codeChallenge: ar.codeChallenge, codeChallengeMethod: ar.codeChallengeMethod ?? 'plain' } : {}),
      ...(ar.nonce ? { nonce: ar.nonce } : {}),
    },
  });
  const authuser = String(Math.max(0, ctx.world.google.identities.indexOf(identity)));
  const shown = callbackScope(granted).split(' ');
  if (ar.includeGrantedScopes) for (const s of previous) if (!shown.includes(s)) shown.push(s);
  return redirectWith(reply, ar.redirectUri, [
    ['state', ar.state],
    ['code', code.token],
    ['scope', shown.join(' ')],
    ['authuser', authuser],
    ['prompt', promptShown],
  ]);
}

function consentPage(ctx: EmulatorContext, id: string, ar: AuthRequest): string {
  const selected = pickIdentity(ctx, ar.loginHint);
  const options = ctx.world.google.identities
    .map((i) => `<option value="${escapeHtml(i.sub)}"${i === selected ? ' selected' : ''}>${escapeHtml(i.name)} (${escapeHtml(i.email)})</option>`)
    .join('');
  const items = ar.scopes
    .map((s) => isIdentityScope(s)
      ? `<li>${escapeHtml(describeScope(s))}</li>`
      : `<li><label><input type="checkbox" name="scope_grant" value="${escapeHtml(s)}" checked> ${escapeHtml(describeScope(s))}</label></li>`)
    .join('');
  return page('Sign in - Google Accounts', `<h1>Sign in with Google</h1>
<p><strong>${escapeHtml(ar.clientId)}</strong> wants to access your Google Account</p>
<form method="post" action="${escapeHtml(ctx.baseUrl)}/signin/oauth/consent">
<input type="hidden" name="consent_id" value="${escapeHtml(id)}"><input type="hidden" name="granular" value="1">
<p><label>Choose an account<br><select name="account">${options}</select></label></p>
<p>This will allow the app to:</p><ul>${items}</ul>
<div class="actions"><button type="submit" name="decision" value="cancel">Cancel</button>
<button type="submit" name="decision" value="allow" class="primary">Allow</button></div>
</form>`);
}

export function registerAuthorizeRoutes(app: FastifyInstance, ctx: EmulatorContext, state: AuthState): void {
  const authorize = async (req: { query: unknown }, reply: FastifyReply) => {
    const ar = parseAuthRequest(ctx, (req.query ?? {}) as Query);
    if ('error' in ar) return errorPage(reply, ar.status, ar.error, ar.message, ar.shown);
    if (ar.prompt.includes('none')) {
      // Silent re-auth works only when the user already granted everything asked for.
      const identity = pickIdentity(ctx, ar.loginHint);
      const have = identity ? state.consents.get(`${ar.clientId}|${identity.sub}`) : undefined;
      if (!identity || !have || !canonicalScopes(ar.scopes).every((s) => have.has(s))) {
        return redirectWith(reply, ar.redirectUri, [['error', 'consent_required'], ['state', ar.state]]);
      }
      return approve(ctx, state, reply, ar, identity, ar.scopes, 'none');
    }
    const id = randomBytes(16).toString('base64url');
    if (state.pending.size >= MAX_PENDING) state.pending.delete(state.pending.keys().next().value as string);
    state.pending.set(id, ar);
    return reply.type('text/html; charset=utf-8').send(consentPage(ctx, id, ar));
  };
  app.get('/o/oauth2/v2/auth', authorize);
  app.get('/o/oauth2/auth', authorize);

  app.post<{ Body: Record<string, string | string[] | undefined> }>('/signin/oauth/consent', async (req, reply) => {
    const body = req.body ?? {};
    const id = typeof body.consent_id === 'string' ? body.consent_id : '';
    const ar = state.pending.get(id);
    if (!ar) return errorPage(reply, 400, 'invalid_request', 'This sign-in request has expired. Go back to the app and try again.');
    state.pending.delete(id);
    if (body.decision !== 'allow') {
      return redirectWith(reply, ar.redirectUri, [['error', 'access_denied'], ['state', ar.state]]);
    }
    const account = typeof body.account === 'string' ? body.account : undefined;
    const identity = ctx.world.google.identities.find((i) => i.sub === account) ?? pickIdentity(ctx, ar.loginHint);
    if (!identity) return errorPage(reply, 400, 'invalid_request', 'No Google account available.');
    let granted = ar.scopes;
    if (body.granular !== undefined) {
      // Granular consent: the user may untick scopes; identity scopes cannot be unticked.
      const ticked = new Set([body.scope_grant ?? []].flat());
      granted = ar.scopes.filter((s) => isIdentityScope(s) || ticked.has(s));
    }
    return approve(ctx, state, reply, ar, identity, granted, 'consent');
  });
}
