import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTH_MESSAGES, loginResponseSchema, MAX_TEXT_LENGTH } from '@parallels/contract/auth';
import { successResponseSchema } from '@parallels/contract/common';
import {
  authUrlResponseSchema,
  facebookAuthResponseSchema,
  grantIdSchema,
  googleAuthQuerySchema,
  loginOauthQuerySchema,
  shopifyAuthBodySchema,
  shopifyInstallBodySchema,
  sourceQuerySchema,
  tokenNameSchema,
  type TokenName,
  updateTokensQuerySchema,
} from '@parallels/contract/oauth';
import type { Platform } from '@parallels/contract/brands';
import { AppError } from '../../lib/app-error.js';
import { PlatformError } from '../../connectors/platform-error.js';
import { normaliseShop, verifyShopifyQuery } from '../../connectors/shopify/shopify-auth.js';
import { endSession, startSessionFor } from '../auth/auth.service.js';
import { requireUser, setSessionCookie } from '../auth/session.js';
import { requireAdmin } from '../auth/admin.js';
import { BINDING_COOKIE, bindingOf, redeemLoginTicket, safeSource } from './oauth-state.js';
import * as oauth from './oauth.service.js';
import { connectHelpDesk } from '../support/support.service.js';

const text = z.string().max(MAX_TEXT_LENGTH, { abort: true });
const callbackQuerySchema = z.object({ code: text.optional(), state: text.optional(), error: text.optional() }).catchall(text);

// Which brand connections a reconnect token refreshes (PUT /api/auth/updateTokens/...).
const TOKEN_PLATFORMS: Record<'fbToken' | 'googleadRefreshToken' | 'googleanalyticsRefreshToken', { provider: string; platforms: Platform[] }> = {
  fbToken: { provider: 'facebook', platforms: ['meta'] },
  googleadRefreshToken: { provider: 'google', platforms: ['google_ads'] },
  googleanalyticsRefreshToken: { provider: 'google', platforms: ['ga4'] },
};

/** The grant id a reconnect names (the schema has checked it is a uuid when present): 400 naming it when absent. */
function requiredGrantId(query: Partial<Record<TokenName, string>>, name: TokenName): string {
  const id = query[name];
  if (!id) throw new AppError('invalid', `${name} is required`, { errors: [{ field: name, message: `${name} is required` }] });
  return id;
}

// Shopify opens the app with a fresh signature each time: a link older than this is a replay, not a click.
const INSTALL_LINK_MAX_AGE_SECONDS = 300;

export async function oauthRoutes(app: FastifyInstance, deps: oauth.OAuthDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const binding = (req: FastifyRequest, reply: FastifyReply) => bindingOf(req, reply, deps.config);

  r.get('/api/auth/google', { config: { writes: true }, schema: { querystring: googleAuthQuerySchema, response: { 200: authUrlResponseSchema } } }, async (req, reply) => {
    const { context, source } = req.query;
    if (context !== 'userLogin' && !req.user) throw new AppError('signed-out', AUTH_MESSAGES.sessionInvalid);
    const authUrl = await oauth.startGoogle(deps, { binding: binding(req, reply), userId: req.user?.id ?? null, context, source: safeSource(source) });
    return { success: true as const, authUrl };
  });

  r.get('/api/auth/facebook', { preHandler: requireUser, schema: { querystring: sourceQuerySchema, response: { 200: facebookAuthResponseSchema } } }, async (req, reply) => {
    const authURL = await oauth.startFacebook(deps, { binding: binding(req, reply), userId: req.user!.id, source: safeSource(req.query.source) });
    return { success: true as const, authURL };
  });

  r.post('/api/auth/shopify', { schema: { body: shopifyAuthBodySchema, response: { 200: authUrlResponseSchema } } }, async (req, reply) => {
    const { shop, flowType, source } = req.body;
    if (flowType === 'brandSetup' && !req.user) throw new AppError('signed-out', AUTH_MESSAGES.sessionInvalid);
    const authUrl = await oauth.startShopify(deps, { binding: binding(req, reply), userId: req.user?.id ?? null, shop, flowType, source: safeSource(source, '/brand-setup') });
    return { success: true as const, authUrl };
  });

  // The app opened from the Shopify admin: the query is Shopify's, signed; OAuth starts at once (checklist E2).
  r.post('/api/auth/shopify-install', { schema: { body: shopifyInstallBodySchema } }, async (req, reply) => {
    const shop = normaliseShop(req.body.shop ?? '');
    if (!req.body.shop) return reply.code(400).send({ success: false, error: 'Shop parameter is missing' });
    if (!shop) return reply.code(400).send({ success: false, error: 'This is not a Shopify store address. Open Parallels from your Shopify admin.' });
    // the signature first (any age), then its age: an old link gets its own message
    if (!verifyShopifyQuery(deps.config.platforms.shopify.apiSecret, req.body, Date.now(), Number.POSITIVE_INFINITY)) {
      return reply.code(400).send({ success: false, error: 'This link is not signed by Shopify. Open Parallels from your Shopify admin.' });
    }
    if (!verifyShopifyQuery(deps.config.platforms.shopify.apiSecret, req.body, Date.now(), INSTALL_LINK_MAX_AGE_SECONDS)) {
      return reply.code(400).send({ success: false, error: 'This install link has expired. Open Parallels from your Shopify admin again.' });
    }
    const authUrl = await oauth.startShopify(deps, { binding: binding(req, reply), userId: null, shop, flowType: 'install', source: null });
    return { success: true, authUrl };
  });

  r.get('/api/auth/zoho', { preHandler: requireAdmin, schema: { querystring: sourceQuerySchema, response: { 200: authUrlResponseSchema } } }, async (req, reply) => {
    const authUrl = await oauth.startZoho(deps, { binding: binding(req, reply), userId: req.user!.id, source: safeSource(req.query.source, '/profile') });
    return { success: true as const, authUrl };
  });

  /** Provider callbacks end in a redirect into the web app, whatever happens: never a JSON page for a person. */
  const finish = async (reply: FastifyReply, run: () => Promise<oauth.CallbackOutcome>, fallback: () => oauth.CallbackOutcome) => {
    try {
      return reply.redirect((await run()).location);
    } catch (e) {
      if (!(e instanceof PlatformError) && !(e instanceof AppError)) reply.log.error({ err: e }, 'oauth callback failed');
      return reply.redirect(fallback().location);
    }
  };

  for (const provider of ['google', 'facebook', 'zoho'] as const) {
    r.get(`/api/auth/${provider}/callback`, { config: { writes: true }, schema: { querystring: callbackQuerySchema } }, async (req, reply) => {
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

  r.get('/api/auth/shopify/callback', { config: { writes: true }, schema: { querystring: z.record(z.string(), z.string().max(MAX_TEXT_LENGTH, { abort: true })) } }, async (req, reply) =>
    finish(reply, () => oauth.finishShopify(deps, { query: req.query, binding: req.cookies[BINDING_COOKIE], sessionUserId: req.user?.id ?? null }), () => oauth.failureLocation(undefined, 'connection_failed')),
  );

  r.post('/api/auth/login/oauth', { schema: { querystring: loginOauthQuerySchema, response: { 200: loginResponseSchema } }, config: { rateLimit: { max: deps.config.auth.rateLimitPerMinute, timeWindow: '1 minute' } } }, async (req, reply) => {
    const userId = await redeemLoginTicket(deps.db, req.query.auth_token);
    if (!userId) throw new AppError('signed-out', 'This sign-in link has expired. Please sign in again.');
    if (req.sessionId) await endSession(deps.db, req.sessionId);
    const signedIn = await startSessionFor(deps, userId);
    if (!signedIn) throw new AppError('signed-out', 'This sign-in link has expired. Please sign in again.');
    setSessionCookie(reply, deps.config, signedIn.sessionId);
    return { success: true as const, user: signedIn.user };
  });

  // Reconnect: the new grant replaces the old one on the brand's connections of that platform.
  r.put('/api/auth/updateTokens/:tokenName', { preHandler: requireUser, config: { brandScoped: true }, schema: { params: z.object({ tokenName: tokenNameSchema.exclude(['zohoToken']) }), querystring: updateTokensQuerySchema, response: { 200: successResponseSchema } } }, async (req) => {
    const target = TOKEN_PLATFORMS[req.params.tokenName];
    await oauth.reconnectBrand(deps, { userId: req.user!.id, brandId: req.query.brandId, grantId: requiredGrantId(req.query, req.params.tokenName), tokenName: req.params.tokenName, ...target });
    return { success: true as const };
  });

  // The administrator's help-desk connection (the profile's Support tab): the product's tickets go through it.
  // The help desk is the product's, not a brand's: the spec's brandId is accepted and not needed (an admin may have no brand).
  r.put('/api/auth/updateTokens/zoho/zohoToken', { preHandler: requireAdmin, schema: { querystring: updateTokensQuerySchema.extend({ brandId: z.uuid('Brand not found').optional(), zohoToken: z.string({ error: 'zohoToken is required' }).pipe(grantIdSchema) }), response: { 200: successResponseSchema } } }, async (req) => {
    await connectHelpDesk(deps, req.user!.id, req.query.zohoToken);
    return { success: true as const };
  });
}
