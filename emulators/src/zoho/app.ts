import type { FastifyError, FastifyPluginAsync } from 'fastify';
import type { EmulatorContext } from '../common/context.js';
import { registerAdminRoutes } from '../common/admin.js';
import { REALISTIC_LATENCY, registerServerTiming } from '../common/timing.js';
import { ZohoData } from './data.js';
import { deskError } from './errors.js';
import { issueTokens, registerZohoOAuth } from './oauth.js';
import { registerDeskRoutes } from './desk.js';

/**
 * Zoho Desk, standing in for both accounts.zoho.com (OAuth: /oauth/v2/...) and desk.zoho.com
 * (API: /api/v1/...) on one base URL: ZOHO_ACCOUNTS_URL = ZOHO_DESK_URL = {baseUrl}.
 */
export function zohoEmulator(ctx: EmulatorContext): FastifyPluginAsync {
  return async (app) => {
    const data = new ZohoData(ctx.world);
    registerServerTiming(app, ctx, (req) => (req.url.includes('/oauth/v2/auth') ? 0 : REALISTIC_LATENCY.zoho.callMs));
    app.setErrorHandler((err: FastifyError, _req, reply) => {
      const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
      if (status === 400) return deskError(reply, 'UNPROCESSABLE_ENTITY', { message: 'The request body is not valid JSON.' });
      if (status === 415) return deskError(reply, 'UNSUPPORTED_MEDIA_TYPE');
      return deskError(reply, 'INTERNAL_SERVER_ERROR', { status });
    });
    app.setNotFoundHandler((_req, reply) => deskError(reply, 'URL_NOT_FOUND'));
    registerZohoOAuth(app, ctx);
    registerDeskRoutes(app, ctx, data);
    registerAdminRoutes(app, ctx, {
      mintToken: (body) => {
        const email = typeof body.email === 'string' ? body.email : undefined;
        const user = email ? ctx.world.zoho.users.find((u) => u.email === email) : ctx.world.zoho.users[0];
        if (!user) throw new Error(`unknown Zoho user ${email ?? ''}`);
        const scope = typeof body.scope === 'string' ? body.scope : 'Desk.tickets.ALL,Desk.basic.READ,Desk.settings.READ,Desk.contacts.ALL';
        return issueTokens(ctx, user.id, scope, true);
      },
    });
  };
}
