import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTH_MESSAGES, loginResponseSchema } from '@parallels/contract/auth';
import { successResponseSchema } from '@parallels/contract/common';
import {
  authUrlResponseSchema,
  facebookAuthResponseSchema,
  googleAuthQuerySchema,
  loginOauthQuerySchema,
  shopifyAuthBodySchema,
  shopifyInstallBodySchema,
  sourceQuerySchema,
  tokenNameSchema,
  updateTokensQuerySchema,
} from '@parallels/contract/oauth';
import type { Platform } from '@parallels/contract/brands';
import { HttpError } from '../../plugins/error-handler.js';
import { PlatformError } from '../../connectors/platform-error.js';
import { normaliseShop, verifyShopifyQuery } from '../../connectors/shopify/shopify-auth.js';
import { endSession, startSession, toUser } from '../auth/auth.service.js';
import { findUserById } from '../auth/auth.sql.js';
import { requireUser, setSessionCookie } from '../auth/session.js';
import { attachGrant } from '../brands/brands.sql.js';
import { findGrant } from '../connections/grants.sql.js';
import { BINDING_COOKIE, bindingOf, redeemLoginTicket, safeSource } from './oauth-state.js';
import * as oauth from './oauth.service.js';

const callbackQuerySchema = z.object({ code: z.string().optional(), state: z.string().optional(), error: z.string().optional() }).catchall(z.string());

// Which brand connections a reconnect token refreshes (PUT /api/auth/updateTokens/...).
const TOKEN_PLATFORMS: Record<'fbToken' | 'googleadRefreshToken' | 'googleanalyticsRefreshToken', { provider: string; platforms: Platform[] }> = {
  fbToken: { provider: 'facebook', platforms: ['meta'] },
  googleadRefreshToken: { provider: 'google', platforms: ['google_ads'] },
  googleanalyticsRefreshToken: { provider: 'google', platforms: ['ga4'] },
};

export async function oauthRoutes(app: FastifyInstance, deps: oauth.OAuthDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const binding = (req: FastifyRequest, reply: FastifyReply) => bindingOf(req, reply, deps.config);

  r.get('/api/auth/google', { schema: { querystring: googleAuthQuerySchema, response: { 200: authUrlResponseSchema } } }, async (req, reply) => {
    const { context, source } = req.query;
    if (context !== 'userLogin' && !req.user) throw new HttpError(401, AUTH_MESSAGES.sessionInvalid);
    const authUrl = await oauth.startGoogle(deps, { binding: binding(req, reply), userId: req.user?.id ?? null, context, source: safeSource(source) });
    return { success: true as const, authUrl };
  });

  r.get('/api/auth/facebook', { preHandler: requireUser, schema: { querystring: sourceQuerySchema, response: { 200: facebookAuthResponseSchema } } }, async (req, reply) => {
    const authURL = await oauth.startFacebook(deps, { binding: binding(req, reply), userId: req.user!.id, source: safeSource(req.query.source) });
    return { success: true as const, authURL };
  });

  r.post('/api/auth/shopify', { schema: { body: shopifyAuthBodySchema, response: { 200: authUrlResponseSchema } } }, async (req, reply) => {
    const { shop, flowType, source } = req.body;
    if (flowType === 'brandSetup' && !req.user) throw new HttpError(401, AUTH_MESSAGES.sessionInvalid);
    const authUrl = await oauth.startShopify(deps, { binding: binding(req, reply), userId: req.user?.id ?? null, shop, flowType, source: safeSource(source, '/brand-setup') });
    return { success: true as const, authUrl };
  });

  // The app opened from the Shopify admin: the query is Shopify's, signed; OAuth starts at once (checklist E2).
  r.post('/api/auth/shopify-install', { schema: { body: shopifyInstallBodySchema } }, async (req, reply) => {
    const shop = normaliseShop(req.body.shop ?? '');
    if (!req.body.shop) return reply.code(400).send({ success: false, error: 'Shop parameter is missing' });
    if (!shop || !verifyShopifyQuery(deps.config.platforms.shopify.apiSecret, req.body)) {
      return reply.code(400).send({ success: false, error: 'This link is not signed by Shopify. Open Parallels from your Shopify admin.' });
    }
    const authUrl = await oauth.startShopify(deps, { binding: binding(req, reply), userId: null, shop, flowType: 'install', source: null });
    return { success: true, authUrl };
  });

  r.get('/api/auth/zoho', { preHandler: requireUser, schema: { querystring: sourceQuerySchema, response: { 200: authUrlResponseSchema } } }, async (req, reply) => {
    const authUrl = await oauth.startZoho(deps, { binding: binding(req, reply), userId: req.user!.id, source: safeSource(req.query.source, '/profile') });
    return { success: true as const, authUrl };
  });

  /** Provider callbacks end in a redirect into the web app, whatever happens: never a JSON page for a person. */
  const finish = async (reply: FastifyReply, run: () => Promise<oauth.CallbackOutcome>, fallback: () => oauth.CallbackOutcome) => {
    try {
      return reply.redirect((await run()).location);
    } catch (e) {
      if (!(e instanceof PlatformError) && !(e instanceof HttpError)) reply.log.error({ err: e }, 'oauth callback failed');
      return reply.redirect(fallback().location);
    }
  };

  for (const provider of ['google', 'facebook', 'zoho'] as const) {
    r.get(`/api/auth/${provider}/callback`, { schema: { querystring: callbackQuerySchema } }, async (req, reply) => {
      const state = await oauth.consumeState(deps.db, req.query.state, req.cookies[BINDING_COOKIE], provider);
      if (!state) return reply.redirect(oauth.failureLocation(undefined, 'invalid_state').location);
      if (req.query.error || !req.query.code) return reply.redirect(oauth.failureLocation(state, req.query.error ?? 'access_denied').location);
      const code = req.query.code;
      const sessionUserId = req.user?.id ?? null;
      return finish(
        reply,
        () =>
          provider === 'google'
            ? oauth.finishGoogle(deps, { state, code, sessionUserId })
            : provider === 'facebook'
              ? oauth.finishFacebook(deps, { state, code, sessionUserId })
              : oauth.finishZoho(deps, { state, code, accountsServer: req.query['accounts-server'], sessionUserId }),
        () => oauth.failureLocation(state, 'connection_failed'),
      );
    });
  }

  r.get('/api/auth/shopify/callback', { schema: { querystring: z.record(z.string(), z.string()) } }, async (req, reply) =>
    finish(reply, () => oauth.finishShopify(deps, { query: req.query, binding: req.cookies[BINDING_COOKIE], sessionUserId: req.user?.id ?? null }), () => oauth.failureLocation(undefined, 'connection_failed')),
  );

  r.post('/api/auth/login/oauth', { schema: { querystring: loginOauthQuerySchema, response: { 200: loginResponseSchema } }, config: { rateLimit: { max: deps.config.auth.rateLimitPerMinute, timeWindow: '1 minute' } } }, async (req, reply) => {
    const userId = await redeemLoginTicket(deps.db, req.query.auth_token);
    if (!userId) throw new HttpError(401, 'This sign-in link has expired. Please sign in again.');
    if (req.sessionId) await endSession(deps.db, req.sessionId);
    const row = await findUserById(deps.db, userId);
    if (!row) throw new HttpError(401, 'This sign-in link has expired. Please sign in again.');
    setSessionCookie(reply, deps.config, await startSession(deps.db, userId));
    return { success: true as const, user: await toUser(deps.db, row) };
  });

  // Reconnect: the new grant replaces the old one on the brand's connections of that platform.
  r.put('/api/auth/updateTokens/:tokenName', { preHandler: requireUser, config: { brandScoped: true }, schema: { params: z.object({ tokenName: tokenNameSchema.exclude(['zohoToken']) }), querystring: updateTokensQuerySchema, response: { 200: successResponseSchema } } }, async (req) => {
    const target = TOKEN_PLATFORMS[req.params.tokenName];
    const grant = await findGrant(deps.db, req.query[req.params.tokenName] ?? '');
    if (!grant || grant.userId !== req.user!.id || grant.provider !== target.provider) throw new HttpError(400, `Unable to update ${req.params.tokenName} token.`);
    await attachGrant(deps.db, req.query.brandId, target.platforms, grant.id);
    // History a backfill could not finish while access was gone is fetched now (sync decides what is missing).
    await deps.onReconnected?.(req.query.brandId);
    return { success: true as const };
  });

  r.put('/api/auth/updateTokens/zoho/zohoToken', { preHandler: requireUser, config: { brandScoped: true }, schema: { querystring: updateTokensQuerySchema, response: { 200: successResponseSchema } } }, async (req) => {
    const grant = await findGrant(deps.db, req.query.zohoToken ?? '');
    if (!grant || grant.userId !== req.user!.id || grant.provider !== 'zoho') throw new HttpError(400, 'Unable to update zohoToken token.');
    return { success: true as const };
  });
}
