import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../common/context.js';
import type { FaultPlan } from '../common/faults.js';
import type { TokenRecord } from '../common/tokens.js';
import type { GoogleIdentity } from '../common/world.js';
import { sendTruncatedJson } from './fault-io.js';
import { ACCESS_TOKEN_TTL_SECONDS, findIdentity, grantOf, issueAccessToken, issueRefreshToken, newGrant, type Grant } from './grants.js';
import { atHash, pkceChallenge, signHs256 } from './jwt.js';
import { OPENID, USERINFO_EMAIL, USERINFO_PROFILE } from './scopes.js';

// oauth2.googleapis.com/token. Error bodies and statuses as Google sends them (reference §2;
// nango.dev / unified.to on invalid_grant): invalid_client -> 401, everything else -> 400.

export type Fields = Record<string, string | undefined>;
export type FaultTaker = (req: FastifyRequest, reply: FastifyReply, keys: Array<string | undefined>) => Promise<FaultPlan | 'handled' | undefined>;

const NO_STORE = { 'cache-control': 'no-cache, no-store, max-age=0, must-revalidate', pragma: 'no-cache', expires: 'Mon, 01 Jan 1990 00:00:00 GMT' };

export function flatFields(body: unknown): Fields {
  const out: Fields = {};
  if (!body || typeof body !== 'object') return out;
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    if (typeof v === 'string') out[k] = v;
    else if (typeof v === 'number' || typeof v === 'boolean') out[k] = String(v);
    else if (Array.isArray(v) && typeof v[0] === 'string') out[k] = v[0];
  }
  return out;
}

function basicAuth(header: string | undefined): { id: string; secret: string } | undefined {
  const m = /^Basic\s+(.+)$/i.exec(header ?? '');
  if (!m?.[1]) return undefined;
  const text = Buffer.from(m[1], 'base64').toString('utf8');
  const i = text.indexOf(':');
  if (i < 0) return undefined;
  return { id: decodeURIComponent(text.slice(0, i)), secret: decodeURIComponent(text.slice(i + 1)) };
}

function oauthError(reply: FastifyReply, status: number, error: string, description: string): FastifyReply {
  return reply.code(status).headers(NO_STORE).send({ error, error_description: description });
}

function splitName(name: string): { given: string; family: string } {
  const i = name.indexOf(' ');
  return i < 0 ? { given: name, family: '' } : { given: name.slice(0, i), family: name.slice(i + 1) };
}

export function pictureOf(identity: GoogleIdentity): string {
  return `https://lh3.googleusercontent.com/a/default-user=s96-c?sub=${identity.sub}`;
}

/** An id_token comes back whenever an identity scope (openid, email, profile) was granted. */
export function idTokenFor(ctx: EmulatorContext, grant: Grant, accessToken: string, nonce?: string): string | undefined {
  const scopes = grant.scope.split(' ');
  if (!scopes.some((s) => s === OPENID || s === USERINFO_EMAIL || s === USERINFO_PROFILE)) return undefined;
  const identity = findIdentity(ctx, grant.sub);
  if (!identity) return undefined;
  const iat = Math.floor(ctx.clock.now().getTime() / 1000);
  const { given, family } = splitName(identity.name);
  const claims: Record<string, unknown> = { iss: 'https://accounts.google.com', azp: grant.clientId, aud: grant.clientId, sub: identity.sub };
  if (scopes.includes(USERINFO_EMAIL)) Object.assign(claims, { email: identity.email, email_verified: true });
  claims.at_hash = atHash(accessToken);
  if (nonce) claims.nonce = nonce;
  if (scopes.includes(USERINFO_PROFILE)) Object.assign(claims, { name: identity.name, picture: pictureOf(identity), given_name: given, family_name: family });
  Object.assign(claims, { iat, exp: iat + 3600 });
  return signHs256(claims, ctx.world.apps.google.clientSecret);
}

function tokenResponse(ctx: EmulatorContext, grant: Grant, access: TokenRecord, refresh?: TokenRecord, nonce?: string): Record<string, unknown> {
  const out: Record<string, unknown> = { access_token: access.token, expires_in: ACCESS_TOKEN_TTL_SECONDS };
  if (refresh) out.refresh_token = refresh.token;
  out.scope = grant.scope;
  out.token_type = 'Bearer';
  const idToken = idTokenFor(ctx, grant, access.token, nonce);
  if (idToken) out.id_token = idToken;
  return out;
}

export function registerTokenRoutes(app: FastifyInstance, ctx: EmulatorContext, takeFault: FaultTaker): void {
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const body = flatFields(req.body);
    const basic = basicAuth(req.headers.authorization);
    const clientId = body.client_id ?? basic?.id;
    const clientSecret = body.client_secret ?? basic?.secret;
    const code = body.code ? ctx.tokens.get(body.code) : undefined;
    const refreshRec = body.refresh_token ? ctx.tokens.get(body.refresh_token) : undefined;
    const plan = await takeFault(req, reply, [clientId, body.refresh_token, code?.subject ?? refreshRec?.subject]);
    if (plan === 'handled') return reply;
    const send = (status: number, payload: Record<string, unknown>) =>
      plan?.malformed ? sendTruncatedJson(reply.headers(NO_STORE), payload) : reply.code(status).headers(NO_STORE).send(payload);

    if (!clientId) return oauthError(reply, 400, 'invalid_request', 'Could not determine client ID from request.');
    if (clientId !== ctx.world.apps.google.clientId) return oauthError(reply, 401, 'invalid_client', 'The OAuth client was not found.');
    if (!clientSecret) return oauthError(reply, 400, 'invalid_request', 'client_secret is missing.');
    if (clientSecret !== ctx.world.apps.google.clientSecret) return oauthError(reply, 401, 'invalid_client', 'Unauthorized');

    if (body.grant_type === 'authorization_code') {
      if (!body.code) return oauthError(reply, 400, 'invalid_request', 'Missing required parameter: code');
      if (!body.code.startsWith('4/')) return oauthError(reply, 400, 'invalid_grant', 'Malformed auth code.');
      const checked = ctx.tokens.check(body.code, 'code');
      if (checked.status !== 'valid' || checked.record.used || checked.record.clientId !== clientId) {
        return oauthError(reply, 400, 'invalid_grant', 'Bad Request');
      }
      const rec = checked.record;
      if (!body.redirect_uri) return oauthError(reply, 400, 'invalid_request', 'Missing parameter: redirect_uri');
      if (body.redirect_uri !== rec.data.redirectUri) return oauthError(reply, 400, 'redirect_uri_mismatch', 'Bad Request');
      if (rec.data.codeChallenge) {
        if (!body.code_verifier) return oauthError(reply, 400, 'invalid_grant', 'Missing code verifier.');
        if (pkceChallenge(body.code_verifier, rec.data.codeChallengeMethod ?? 'plain') !== rec.data.codeChallenge) {
          return oauthError(reply, 400, 'invalid_grant', 'Invalid code verifier.');
        }
      }
      if (plan?.tokenRevoked || plan?.tokenExpired) return oauthError(reply, 400, 'invalid_grant', 'Bad Request');
      rec.used = true; // single use, even if the exchange below were to fail
      const grant = newGrant(ctx, { sub: rec.subject, clientId, scope: rec.scope });
      const access = issueAccessToken(ctx, grant, rec.data.accessType ?? 'online');
      const refresh = rec.data.refresh === '1' ? issueRefreshToken(ctx, grant) : undefined;
      return send(200, tokenResponse(ctx, grant, access, refresh, rec.data.nonce));
    }

    if (body.grant_type === 'refresh_token') {
      if (!body.refresh_token) return oauthError(reply, 400, 'invalid_request', 'Missing required parameter: refresh_token');
      const checked = ctx.tokens.check(body.refresh_token, 'refresh');
      if (checked.status !== 'valid' || plan?.tokenRevoked || plan?.tokenExpired) {
        return oauthError(reply, 400, 'invalid_grant', 'Token has been expired or revoked.');
      }
      const rec = checked.record;
      if (rec.clientId !== clientId) return oauthError(reply, 400, 'unauthorized_client', 'Unauthorized');
      const grant = grantOf(ctx, rec) ?? newGrant(ctx, { sub: rec.subject, clientId, scope: rec.scope });
      const access = issueAccessToken(ctx, grant, 'offline');
      return send(200, tokenResponse(ctx, grant, access));
    }

    return oauthError(reply, 400, 'unsupported_grant_type', `Invalid grant_type: ${body.grant_type ?? ''}`);
  };
  app.post('/token', handler);
  app.post('/oauth2/v4/token', handler); // the older www.googleapis.com path many libraries still use
  app.post('/o/oauth2/token', handler);
}
