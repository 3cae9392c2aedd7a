import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { brandIdParamsSchema } from '@parallels/contract/brands';
import {
  brandMetricsResponseSchema,
  categoryMetricsResponseSchema,
  productMetricsResponseSchema,
  searchTermMetricsRequestSchema,
  searchTermMetricsResponseSchema,
  segmentMetricsRequestSchema,
  typeMetricsResponseSchema,
} from '@parallels/contract/segment';
import type { ReportDeps } from '../reports/report-deps.js';
import { brandMetrics, categoryMetrics, productMetrics, searchTermMetrics, typeMetrics } from './segment.service.js';
import { plainJsonSerializer } from '../../lib/plain-json.js';

// POST /api/segment/productMetrics|categoryMetrics|brandMetrics|typeMetrics|searchTermMetrics/{brandId}
// (spec/reports.md section 7); the brand-access hook guards them (they name :brandId). Sent as plain JSON
// (lib/plain-json.ts): zod's second pass over every product and month only copied it (about 1.5 ms of a 7 ms
// answer on the benchmark brand); segment.test.ts holds each answer to its schema.
export async function segmentRoutes(app: FastifyInstance, deps: ReportDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = brandIdParamsSchema;
  r.post('/api/segment/productMetrics/:brandId', { config: { plan: 'reports' }, schema: { params, body: segmentMetricsRequestSchema, response: { 200: productMetricsResponseSchema } }, serializerCompiler: plainJsonSerializer }, async (req) => productMetrics(deps, req.brand!, req.body));
  r.post('/api/segment/categoryMetrics/:brandId', { config: { plan: 'reports' }, schema: { params, body: segmentMetricsRequestSchema, response: { 200: categoryMetricsResponseSchema } }, serializerCompiler: plainJsonSerializer }, async (req) => categoryMetrics(deps, req.brand!, req.body));
  r.post('/api/segment/brandMetrics/:brandId', { config: { plan: 'reports' }, schema: { params, body: segmentMetricsRequestSchema, response: { 200: brandMetricsResponseSchema } }, serializerCompiler: plainJsonSerializer }, async (req) => brandMetrics(deps, req.brand!, req.body));
  r.post('/api/segment/typeMetrics/:brandId', { config: { plan: 'reports' }, schema: { params, body: segmentMetricsRequestSchema, response: { 200: typeMetricsResponseSchema } }, serializerCompiler: plainJsonSerializer }, async (req) => typeMetrics(deps, req.brand!, req.body));
  r.post('/api/segment/searchTermMetrics/:brandId', { config: { plan: 'reports' }, schema: { params, body: searchTermMetricsRequestSchema, response: { 200: searchTermMetricsResponseSchema } }, serializerCompiler: plainJsonSerializer }, async (req) => searchTermMetrics(deps, req.brand!, req.body));
}
