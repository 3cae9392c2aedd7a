import type { FastifyError, FastifyPluginAsync } from 'fastify';
import type { EmulatorContext } from '../common/context.js';
import { registerAdminRoutes } from '../common/admin.js';
import { REALISTIC_LATENCY, registerServerTiming } from '../common/timing.js';
import { registerOAuthRoutes } from './oauth.js';
import { registerGraphqlRoute } from './graphql-route.js';
import { registerBillingRoutes } from './billing.js';
import { registerInstallRoutes } from './install.js';
import { registerPricingPlanRoutes } from './pricing-plans.js';
import { mintShopifyToken, registerBulkFileRoute, registerShopifyAdmin } from './admin.js';
import { buildSchema } from './schema.js';
import { ShopifyState } from './state.js';
import { notFoundJson, notFoundPage } from './errors.js';

export interface ShopifyEmulatorOptions {
  /** where order, uninstall and compliance webhooks are POSTed (the app's webhook route) */
  webhookUrl?: string;
  /** the app's URL Shopify opens after an install from the App Store (the app's /shopify screen) */
  appUrl?: string;
  /** managed pricing: the app's handle and its welcome link (where Shopify returns after a plan is approved) */
  appHandle?: string;
  pricingReturnUrl?: string;
}

/**
 * Shopify: app install OAuth, Admin GraphQL (orders, bulk operations, billing), webhooks.
 * Real Shopify puts the shop in the host (https://{shop}.myshopify.com/admin/...); here the shop
 * domain is the first path segment: {baseUrl}/{shop}.myshopify.com/admin/...
 */
export function shopifyEmulator(ctx: EmulatorContext, options: ShopifyEmulatorOptions = {}): FastifyPluginAsync {
  return async (app) => {
    const state = new ShopifyState(ctx);
    const schema = buildSchema();
    // Admin GraphQL and the bulk result file; not the install and billing pages
    registerServerTiming(app, ctx, (req) => (req.url.includes('/graphql.json') ? REALISTIC_LATENCY.shopify.graphqlMs : req.url.includes('/bulk-results/') ? REALISTIC_LATENCY.shopify.fileMs : 0));

    // Shopify also takes the bare query with Content-Type: application/graphql
    app.addContentTypeParser('application/graphql', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    app.setErrorHandler((err: FastifyError, _req, reply) => {
      const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
      if (status === 400 || status === 415) return reply.code(400).send({ errors: 'Bad Request: the request body could not be parsed' });
      return reply.code(status).send({ errors: 'Internal Server Error' });
    });
    app.setNotFoundHandler((req, reply) => (/\.json(\?|$)/.test(req.url) ? notFoundJson(reply) : notFoundPage(reply)));

    registerOAuthRoutes(app, ctx, state);
    registerGraphqlRoute(app, ctx, state, schema);
    registerBillingRoutes(app, state);
    registerInstallRoutes(app, state, options.appUrl);
    registerPricingPlanRoutes(app, state, { appHandle: options.appHandle ?? 'parallels', returnUrl: options.pricingReturnUrl });
    registerBulkFileRoute(app, ctx, state, schema);
    registerAdminRoutes(app, ctx, {
      mintToken: (body) => ({ ...mintShopifyToken(ctx, state, body) }),
      extra: (admin) => registerShopifyAdmin(admin, ctx, state, options.webhookUrl),
    });
  };
}
