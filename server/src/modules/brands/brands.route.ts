import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addBrandBodySchema,
  addBrandResponseSchema,
  addBrandToUserBodySchema,
  addBrandToUserResponseSchema,
  brandIdParamsSchema,
  brandListSchema,
  brandSchema,
  currencyResponseSchema,
  filterBrandsBodySchema,
  updateBrandBodySchema,
} from '@parallels/contract/brands';
import { successResponseSchema } from '@parallels/contract/common';
import { AppError } from '../../lib/app-error.js';
import { requireUser } from '../auth/session.js';
import { toUser } from '../auth/auth.service.js';
import * as sqlq from './brands.sql.js';
import { addBrand, deleteBrand, getBrand, updateBrand, type BrandDeps } from './brands.service.js';
import { BRAND_NOT_FOUND, userHasBrand } from './brand-access.js';

// Routes with :brandId get the brand-access hook at registration (brand-access.ts); the rest need a user.
export async function brandRoutes(app: FastifyInstance, deps: BrandDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/brands/filter', { preHandler: requireUser, schema: { body: filterBrandsBodySchema, response: { 200: brandListSchema } } }, async (req) =>
    sqlq.findBrandsOfUser(deps.db, req.user!.id, req.body.brandIds),
  );

  r.post('/api/brands/add', { preHandler: requireUser, schema: { body: addBrandBodySchema, response: { 201: addBrandResponseSchema } } }, async (req, reply) => {
    const brand = await addBrand(deps, req.user!.id, req.body);
    return reply.code(201).send({ success: true as const, brand });
  });

  r.post('/api/users/add-brand', { preHandler: requireUser, schema: { body: addBrandToUserBodySchema, response: { 200: addBrandToUserResponseSchema } } }, async (req) => {
    // Only the signed-in user, and only a brand already theirs: sharing brands is not a feature yet.
    if (req.body.userId !== req.user!.id) throw new AppError('not-found', 'User not found');
    if (!(await userHasBrand(deps.db, req.user!.id, req.body.brandId))) throw new AppError('not-found', BRAND_NOT_FOUND);
    await sqlq.linkUserToBrand(deps.db, req.user!.id, req.body.brandId);
    return { success: true as const, user: await toUser(deps.db, req.user!) };
  });

  r.get('/api/brands/currency/:brandId', { schema: { params: brandIdParamsSchema, response: { 200: currencyResponseSchema } } }, async (req) => ({
    success: true as const,
    currency: req.brand!.currency, // loaded with the session by the brand-access check
  }));

  r.get('/api/brands/:brandId', { schema: { params: brandIdParamsSchema, response: { 200: brandSchema } } }, async (req) => getBrand(deps.db, req.params.brandId));

  r.patch('/api/brands/update/:brandId', { schema: { params: brandIdParamsSchema, body: updateBrandBodySchema, response: { 200: brandSchema } } }, async (req) =>
    updateBrand(deps, req.user!.id, req.params.brandId, req.body),
  );

  r.delete('/api/brands/delete/:brandId', { schema: { params: brandIdParamsSchema, response: { 200: successResponseSchema } } }, async (req) => {
    await deleteBrand(deps, req.params.brandId);
    return { success: true as const };
  });
}
