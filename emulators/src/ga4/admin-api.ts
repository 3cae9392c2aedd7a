import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../common/context.js';
import { addDays } from '../common/dates.js';
import { createRng } from '../common/rng.js';
import { historyStart } from '../common/world.js';
import { canSee, findProperty, visibleAccounts } from './auth.js';
import { adminPermissionDenied, invalidArgument, notFound, sendError } from './errors.js';
import type { Serve } from './serve.js';

const RPC = 'google.analytics.admin.v1beta.AnalyticsAdminService';

// Admin API accountSummaries.list: pageSize defaults to 50, values above 200 are coerced to 200.
const DEFAULT_PAGE = 50;
const MAX_PAGE = 200;

function encodeToken(offset: number): string {
  return Buffer.from(`accountSummaries:${offset}`).toString('base64url');
}

function decodeToken(token: string): number {
  const m = /^accountSummaries:(\d+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
  if (!m) throw invalidArgument('Invalid page token.');
  return Number(m[1]);
}

/**
 * Admin API v1beta (https://analyticsadmin.googleapis.com/v1beta): accountSummaries (what the connect flow
 * lists) and properties.get. Empty lists are omitted, as proto3 JSON does.
 */
export function registerAdminApi(app: FastifyInstance, ctx: EmulatorContext, serve: Serve): void {
  app.get<{ Querystring: { pageSize?: string; pageToken?: string } }>('/v1beta/accountSummaries', async (req, reply) =>
    serve(req, reply, { api: 'admin', method: `${RPC}.ListAccountSummaries` }, (caller) => {
      const raw = req.query.pageSize;
      let pageSize = raw === undefined || raw === '' ? DEFAULT_PAGE : Number(raw);
      if (!Number.isInteger(pageSize) || pageSize < 0) throw invalidArgument(`Invalid value at 'page_size' (TYPE_INT32), "${raw}"`);
      if (pageSize === 0) pageSize = DEFAULT_PAGE;
      pageSize = Math.min(pageSize, MAX_PAGE);
      const offset = req.query.pageToken ? decodeToken(req.query.pageToken) : 0;
      const accounts = [...visibleAccounts(ctx, caller.identity)].sort((a, b) => a.id.localeCompare(b.id));
      const page = accounts.slice(offset, offset + pageSize);
      const body: Record<string, unknown> = {};
      if (page.length > 0) {
        body.accountSummaries = page.map((a) => ({
          name: `accountSummaries/${a.id.split('/')[1]}`,
          account: a.id,
          displayName: a.displayName,
          ...(a.properties.length > 0 ? {
            propertySummaries: a.properties.map((p) => ({ property: p.id, displayName: p.displayName, propertyType: 'PROPERTY_TYPE_ORDINARY', parent: a.id })),
          } : {}),
        }));
      }
      if (offset + pageSize < accounts.length) body.nextPageToken = encodeToken(offset + pageSize);
      return body;
    }));

  app.get<{ Params: { rest: string } }>('/v1beta/properties/:rest', async (req, reply) => {
    if (!/^\d+$/.test(req.params.rest)) return sendError(reply, notFound());
    const name = `properties/${req.params.rest}`;
    return serve(req, reply, { api: 'admin', method: `${RPC}.GetProperty`, property: name }, (caller) => {
      const found = findProperty(ctx, name);
      if (!found || !canSee(ctx, caller.identity, name)) throw adminPermissionDenied();
      const { account, property } = found;
      // created a little before the first day of history, at a fixed seeded time of day
      const rng = createRng(ctx.world.seed, 'ga4-property-created', name);
      const created = addDays(historyStart(ctx.world, ctx.clock.yesterday(property.timeZone)), -rng.int(3, 20));
      const time = `${String(rng.int(8, 18)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}.${String(rng.int(0, 999)).padStart(3, '0')}Z`;
      return {
        name, propertyType: 'PROPERTY_TYPE_ORDINARY', createTime: `${created}T${time}`, updateTime: `${created}T${time}`,
        parent: account.id, displayName: property.displayName, industryCategory: 'SHOPPING', timeZone: property.timeZone,
        currencyCode: property.currencyCode, serviceLevel: 'GOOGLE_ANALYTICS_STANDARD', account: account.id,
      };
    });
  });
}
