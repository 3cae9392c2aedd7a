import type { FastifyPluginAsync } from 'fastify';
import { registerAdminRoutes } from '../common/admin.js';
import type { EmulatorContext } from '../common/context.js';
import { REALISTIC_LATENCY, registerServerTiming } from '../common/timing.js';
import { registerAuthorizeRoutes, type AuthState } from './authorize.js';
import { hangUntilClosed } from './fault-io.js';
import { mintTokens } from './grants.js';
import { registerTokenRoutes, type FaultTaker } from './token.js';
import { registerUserinfoRoutes } from './userinfo.js';
import { injectFaultLatency } from '../common/timing.js';

/**
 * Google OAuth 2.0 / OpenID Connect: stands in for accounts.google.com (authorize + consent),
 * oauth2.googleapis.com (token, tokeninfo, revoke) and openidconnect/www.googleapis.com (userinfo).
 * Tokens go into ctx.tokens, which the mounter shares with the Google Ads and GA4 emulators.
 */
export function googleEmulator(ctx: EmulatorContext): FastifyPluginAsync {
  return async (app) => {
    const state: AuthState = { pending: new Map(), consents: new Map(), offline: new Set() };
    // API calls (token, userinfo, ...), not the consent pages
    registerServerTiming(app, ctx, (req) => (req.url.includes('/o/oauth2/') ? 0 : REALISTIC_LATENCY.google.callMs));

    // Faults are keyed by client id, refresh/access token and the identity's sub (plus '*').
    const takeFault: FaultTaker = async (req, reply, keys) => {
      const plan = ctx.faults.take(...keys);
      if (!plan) return undefined;
      await injectFaultLatency(req, plan.latencyMs);
      if (plan.timeout) {
        await hangUntilClosed(req, reply);
        return 'handled';
      }
      if (plan.serverError) {
        await reply.code(plan.serverError.status ?? 503).send({ error: 'internal_failure', error_description: 'Backend Error' });
        return 'handled';
      }
      if (plan.rateLimit) {
        await reply.code(429).header('retry-after', String(plan.rateLimit.retryAfterSeconds))
          .send({ error: 'rate_limit_exceeded', error_description: 'Rate Limit Exceeded' });
        return 'handled';
      }
      return plan;
    };

    registerAuthorizeRoutes(app, ctx, state);
    registerTokenRoutes(app, ctx, takeFault);
    registerUserinfoRoutes(app, ctx, takeFault);

    app.get('/.well-known/openid-configuration', async () => ({
      issuer: 'https://accounts.google.com',
      authorization_endpoint: `${ctx.baseUrl}/o/oauth2/v2/auth`,
      token_endpoint: `${ctx.baseUrl}/token`,
      userinfo_endpoint: `${ctx.baseUrl}/v1/userinfo`,
      revocation_endpoint: `${ctx.baseUrl}/revoke`,
      jwks_uri: `${ctx.baseUrl}/oauth2/v3/certs`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      // Google signs RS256; the emulator signs HS256 with the client secret (see jwt.ts).
      id_token_signing_alg_values_supported: ['HS256'],
      scopes_supported: ['openid', 'email', 'profile'],
      token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
      claims_supported: ['aud', 'email', 'email_verified', 'exp', 'family_name', 'given_name', 'iat', 'iss', 'name', 'picture', 'sub'],
      code_challenge_methods_supported: ['plain', 'S256'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
    }));
    app.get('/oauth2/v3/certs', async () => ({ keys: [] }));

    registerAdminRoutes(app, ctx, { mintToken: (body) => mintTokens(ctx, body) });
  };
}
