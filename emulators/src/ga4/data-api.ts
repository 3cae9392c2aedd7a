import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../common/context.js';
import { REALISTIC_LATENCY, setLatency } from '../common/timing.js';
import { countRefusal } from '../common/refusals.js';
import { findMerchant, historyStart } from '../common/world.js';
import { findProperty, type Caller } from './auth.js';
import { metadataBody } from './catalog.js';
import { invalidArgument, notFound, propertyPermissionDenied, quotaExhausted, sendError } from './errors.js';
import type { QuotaTracker } from './quota.js';
import { requestCost } from './quota.js';
import { assembleReportBody, computeReport, type PropertyData } from './report.js';
import { parseReportRequest, type ReportRequest } from './request.js';
import type { Serve } from './serve.js';
import { siteFor } from './sites.js';

const RPC = 'google.analytics.data.v1beta.BetaAnalyticsData';

function propertyData(ctx: EmulatorContext, property: string): PropertyData {
  const found = findProperty(ctx, property);
  if (!found) throw propertyPermissionDenied();
  const merchant = findMerchant(ctx.world, found.property.merchantId);
  const lastDay = ctx.clock.yesterday(found.property.timeZone);
  return {
    seed: ctx.world.seed, merchant, site: siteFor(ctx.world, merchant), propertyId: property,
    currencyCode: found.property.currencyCode, timeZone: found.property.timeZone,
    firstDay: historyStart(ctx.world, lastDay), lastDay,
  };
}

type Json = Record<string, unknown>;

/**
 * Data API v1beta (https://analyticsdata.googleapis.com/v1beta): runReport, batchRunReports, getMetadata.
 * Paths carry the RPC after a colon (properties/123:runReport), so one route takes the whole segment.
 */
export function registerDataApi(app: FastifyInstance, ctx: EmulatorContext, quota: QuotaTracker, serve: Serve): void {
  const execute = (caller: Caller, data: PropertyData, req: ReportRequest): Json => {
    if (ctx.quota.mode === 'realistic') {
      const kind = quota.exhausted(data.propertyId, caller.project, req.thresholded);
      if (kind) {
        countRefusal(ctx, `ga4:${kind}`);
        throw quotaExhausted(kind);
      }
    }
    const result = computeReport(data, req);
    const cost = requestCost({ daysScanned: result.daysScanned, rowCount: result.rowCount, dimensions: req.dimensions.length, grain: req.grain });
    const propertyQuota = quota.charge(data.propertyId, caller.project, cost, req.thresholded);
    return assembleReportBody(result, req.returnPropertyQuota ? propertyQuota : undefined);
  };

  const checkProperty = (body: unknown, property: string) => {
    const p = (body as Json | undefined)?.property;
    if (p !== undefined && p !== '' && p !== property) throw invalidArgument(`The property in the request (${String(p)}) must match the property in the URL (${property}).`);
  };

  app.post<{ Params: { rest: string } }>('/v1beta/properties/:rest', async (req, reply) => {
    const m = /^(\d+):(runReport|batchRunReports)$/.exec(req.params.rest);
    if (!m) return sendError(reply, notFound());
    const property = `properties/${m[1]}`;
    const action = m[2];
    return serve(req, reply, { api: 'data', method: `${RPC}.${action === 'runReport' ? 'RunReport' : 'BatchRunReports'}`, property }, (caller) => {
      const data = propertyData(ctx, property);
      const today = ctx.clock.today(data.timeZone);
      if (action === 'runReport') {
        setLatency(req, REALISTIC_LATENCY.ga4.reportMs);
        checkProperty(req.body, property);
        return execute(caller, data, parseReportRequest(req.body, today));
      }
      const requests = (req.body as Json | undefined)?.requests;
      if (!Array.isArray(requests) || requests.length === 0) throw invalidArgument('At least one request must be specified in requests.');
      if (requests.length > 5) throw invalidArgument(`Requests are limited to 5 reports per batch. Requested ${requests.length} reports.`);
      setLatency(req, REALISTIC_LATENCY.ga4.reportMs + (requests.length - 1) * REALISTIC_LATENCY.ga4.perExtraReportMs);
      // validate every report before running any, as the batch fails as a whole
      const parsed = requests.map((r) => {
        checkProperty(r, property);
        return parseReportRequest(r, today);
      });
      return { reports: parsed.map((r) => execute(caller, data, r)), kind: 'analyticsData#batchRunReports' };
    });
  });

  app.get<{ Params: { id: string } }>('/v1beta/properties/:id/metadata', async (req, reply) => {
    if (!/^\d+$/.test(req.params.id)) return sendError(reply, notFound());
    const property = `properties/${req.params.id}`;
    return serve(req, reply, { api: 'data', method: `${RPC}.GetMetadata`, property }, () => metadataBody(property));
  });
}
