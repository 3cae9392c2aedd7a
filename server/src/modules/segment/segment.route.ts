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

// POST /api/segment/productMetrics|categoryMetrics|brandMetrics|typeMetrics|searchTermMetrics/{brandId}
// (spec/reports.md section 7); the brand-access hook guards them (they name :brandId).
export async function segmentRoutes(app: FastifyInstance, deps: ReportDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = brandIdParamsSchema;
  r.post('/api/segment/productMetrics/:brandId', { config: { plan: 'reports' }, schema: { params, body: segmentMetricsRequestSchema, response: { 200: productMetricsResponseSchema } } }, async (req) => productMetrics(deps, req.brand!, req.body));
  r.post('/api/segment/categoryMetrics/:brandId', { config: { plan: 'reports' }, schema: { params, body: segmentMetricsRequestSchema, response: { 200: categoryMetricsResponseSchema } } }, async (req) => categoryMetrics(deps, req.brand!, req.body));
  r.post('/api/segment/brandMetrics/:brandId', { config: { plan: 'reports' }, schema: { params, body: segmentMetricsRequestSchema, response: { 200: brandMetricsResponseSchema } } }, async (req) => brandMetrics(deps, req.brand!, req.body));
  r.post('/api/segment/typeMetrics/:brandId', { config: { plan: 'reports' }, schema: { params, body: segmentMetricsRequestSchema, response: { 200: typeMetricsResponseSchema } } }, async (req) => typeMetrics(deps, req.brand!, req.body));
  r.post('/api/segment/searchTermMetrics/:brandId', { config: { plan: 'reports' }, schema: { params, body: searchTermMetricsRequestSchema, response: { 200: searchTermMetricsResponseSchema } } }, async (req) => searchTermMetrics(deps, req.brand!, req.body));
}
