import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { brandIdParamsSchema } from '@parallels/contract/brands';
import { campaignGroupReachRequestSchema, campaignGroupReachResponseSchema, campaignLabelsResponseSchema, metaCampaignRequestSchema, metaCampaignResponseSchema, setCampaignLabelsSchema } from '@parallels/contract/meta-campaigns';
import { sendJsonChunks } from '../../lib/plain-json.js';
import type { ReportDeps } from '../reports/report-deps.js';
import type { RangeReachDeps } from './range-reach.js';
import { buildCampaignGroupReach, buildMetaCampaigns } from './meta-campaigns.service.js';
import { listCampaignLabels, setCampaignLabels } from './campaign-labels.service.js';

// POST /api/meta/campaign/{brandId} (spec/reports.md section 7), a label group's own reach
// (POST /api/meta/campaign-groups/{brandId}, ours), and the campaign labels every user of the brand shares:
// GET /api/meta/labels/{brandId}, PUT /api/meta/labels/{brandId} (ours; the spec kept labels in the browser).
// The brand-access hook guards all four (they name :brandId): another brand's user gets 404. The campaign answer
// (every campaign twice, per account and blended: 1,200 rows of 20 figures for the benchmark brand) is sent as
// plain JSON written in chunks of rows (lib/plain-json.ts `sendJsonChunks`); test/meta-rollups.test.ts holds its
// answers to the schema.
export async function metaCampaignRoutes(app: FastifyInstance, deps: ReportDeps & { rangeReach?: RangeReachDeps }): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/meta/campaign/:brandId',
    {
      config: { plan: 'reports' },
      schema: { params: brandIdParamsSchema, body: metaCampaignRequestSchema, response: { 200: metaCampaignResponseSchema } },
    },
    async (req, reply) => sendJsonChunks(reply, await buildMetaCampaigns(deps, req.brand!, req.body)),
  );
  typed.post(
    '/api/meta/campaign-groups/:brandId',
    { config: { plan: 'reports' }, schema: { params: brandIdParamsSchema, body: campaignGroupReachRequestSchema, response: { 200: campaignGroupReachResponseSchema } } },
    async (req) => buildCampaignGroupReach(deps, req.brand!, req.body),
  );
  typed.get('/api/meta/labels/:brandId', { config: { plan: 'reports' }, schema: { params: brandIdParamsSchema, response: { 200: campaignLabelsResponseSchema } } }, async (req) =>
    listCampaignLabels(deps.db, req.brand!.id),
  );
  typed.put(
    '/api/meta/labels/:brandId',
    { config: { plan: 'reports' }, schema: { params: brandIdParamsSchema, body: setCampaignLabelsSchema, response: { 200: campaignLabelsResponseSchema } } },
    async (req) => setCampaignLabels({ db: deps.db, realtime: app.realtime }, req.brand!.id, req.user!.id, req.body),
  );
}
