import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../common/context.js';
import type { TokenRecord } from '../common/tokens.js';
import { sendTruncatedJson } from './fault-io.js';
import { findIdentity, revokeWithGrant } from './grants.js';
import { verifyHs256 } from './jwt.js';
import { USERINFO_EMAIL, USERINFO_PROFILE } from './scopes.js';
import { flatFields, pictureOf, type FaultTaker } from './token.js';

// openidconnect.googleapis.com/v1/userinfo, www.googleapis.com/oauth2/v3|v2/userinfo,
// oauth2.googleapis.com/tokeninfo and /revoke.

const UNAUTHENTICATED_MESSAGE = 'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.';

function bearerHeader(req: FastifyRequest): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
}

function bearer(req: FastifyRequest): string | undefined {
  const q = req.query as Record<string, string | undefined>;
  return bearerHeader(req) ?? q.access_token;
}

function validAccess(ctx: EmulatorContext, token: string | undefined): TokenRecord | undefined {
  const checked = ctx.tokens.check(token, 'access');
  return checked.status === 'valid' ? checked.record : undefined;
}

function splitName(name: string): [string, string] {
  const i = name.indexOf(' ');
  return i < 0 ? [name, ''] : [name.slice(0, i), name.slice(i + 1)];
}

export function registerUserinfoRoutes(app: FastifyInstance, ctx: EmulatorContext, takeFault: FaultTaker): void {
  // OpenID Connect userinfo (v1 and oauth2/v3 share a shape): claims gated by the granted scopes.
  const oidcUserinfo = async (req: FastifyRequest, reply: FastifyReply) => {
    const token = bearer(req);
    const record = ctx.tokens.get(token);
    const plan = await takeFault(req, reply, [token, record?.subject]);
    if (plan === 'handled') return reply;
    const valid = plan?.tokenExpired || plan?.tokenRevoked ? undefined : validAccess(ctx, token);
    const identity = valid ? findIdentity(ctx, valid.subject) : undefined;
    if (!valid || !identity) {
      return reply.code(401)
        .header('www-authenticate', 'Bearer realm="https://accounts.google.com/", error="invalid_token"')
        .send({ error: 'invalid_request', error_description: 'Invalid Credentials' });
    }
    const scopes = valid.scope.split(' ');
    const out: Record<string, unknown> = { sub: identity.sub };
    if (scopes.includes(USERINFO_PROFILE)) {
      const [given, family] = splitName(identity.name);
      Object.assign(out, { name: identity.name, given_name: given, family_name: family, picture: pictureOf(identity) });
    }
    if (scopes.includes(USERINFO_EMAIL)) Object.assign(out, { email: identity.email, email_verified: true });
    return plan?.malformed ? sendTruncatedJson(reply, out) : reply.send(out);
  };
  app.get('/v1/userinfo', oidcUserinfo);
  app.post('/v1/userinfo', oidcUserinfo);
  app.get('/oauth2/v3/userinfo', oidcUserinfo);

  // The legacy v2 endpoint speaks google.rpc errors and names fields differently (id, verified_email).
  app.get('/oauth2/v2/userinfo', async (req, reply) => {
    const valid = validAccess(ctx, bearer(req));
    const identity = valid ? findIdentity(ctx, valid.subject) : undefined;
    if (!valid || !identity) {
      return reply.code(401).send({ error: { code: 401, message: UNAUTHENTICATED_MESSAGE.replace('is missing required', 'had invalid'), status: 'UNAUTHENTICATED' } });
    }
    const scopes = valid.scope.split(' ');
    const [given, family] = splitName(identity.name);
    const out: Record<string, unknown> = { id: identity.sub };
    if (scopes.includes(USERINFO_EMAIL)) Object.assign(out, { email: identity.email, verified_email: true });
    if (scopes.includes(USERINFO_PROFILE)) Object.assign(out, { name: identity.name, given_name: given, family_name: family, picture: pictureOf(identity) });
    return out;
  });

  // tokeninfo: every value is a string, as Google returns it. The access token comes as a parameter (query or
  // form) or, as google-auth-library's getTokenInfo sends it, in `Authorization: Bearer`.
  const tokeninfo = async (req: FastifyRequest, reply: FastifyReply) => {
    const fields = { ...flatFields(req.query), ...flatFields(req.body) };
    const invalid = () => reply.code(400).send({ error: 'invalid_token', error_description: 'Invalid Value' });
    if (fields.id_token) {
      const claims = verifyHs256(fields.id_token, ctx.world.apps.google.clientSecret);
      if (!claims || Number(claims.exp) * 1000 <= ctx.clock.now().getTime()) return invalid();
      return { ...Object.fromEntries(Object.entries(claims).map(([k, v]) => [k, String(v)])), alg: 'HS256', typ: 'JWT' };
    }
    const valid = validAccess(ctx, fields.access_token ?? bearerHeader(req));
    if (!valid || valid.expiresAt == null) return invalid();
    const identity = findIdentity(ctx, valid.subject);
    const out: Record<string, string> = {
      azp: valid.clientId,
      aud: valid.clientId,
      sub: valid.subject,
      scope: valid.scope,
      exp: String(Math.floor(valid.expiresAt / 1000)),
      expires_in: String(Math.max(0, Math.floor((valid.expiresAt - ctx.clock.now().getTime()) / 1000))),
    };
    if (identity && valid.scope.split(' ').includes(USERINFO_EMAIL)) Object.assign(out, { email: identity.email, email_verified: 'true' });
    out.access_type = valid.data.accessType ?? 'online';
    return out;
  };
  app.get('/tokeninfo', tokeninfo);
  app.post('/tokeninfo', tokeninfo);
  app.get('/oauth2/v3/tokeninfo', tokeninfo);
  app.post('/oauth2/v3/tokeninfo', tokeninfo);

  // Revoking either token of a grant revokes the whole grant (Google's documented behaviour).
  const revoke = async (req: FastifyRequest, reply: FastifyReply) => {
    const fields = { ...flatFields(req.query), ...flatFields(req.body) };
    const token = fields.token;
    const checked = token ? ctx.tokens.get(token) : undefined;
    if (!token || !checked || checked.revoked || checked.kind === 'code') {
      return reply.code(400).send({ error: 'invalid_token', error_description: 'Token expired or revoked' });
    }
    revokeWithGrant(ctx, token);
    return reply.code(200).send({});
  };
  app.post('/revoke', revoke);
  app.post('/o/oauth2/revoke', revoke);
  app.get('/o/oauth2/revoke', revoke);
}
