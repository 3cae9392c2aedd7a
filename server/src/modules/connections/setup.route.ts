import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { brandIdParamsSchema } from '@parallels/contract/brands';
import { fbAdAccountsResponseSchema, ga4PropertiesResponseSchema, googleAccountsResponseSchema, setupListBodySchema } from '@parallels/contract/setup';
import { AppError } from '../../lib/app-error.js';
import { requireUser } from '../auth/session.js';
import type { AccountDirectory } from './account-directory.js';

/**
 * Account lists for the connect dialogs, read live from the platform with the signed-in user's grant.
 * With a brandId (an existing brand's dialog) the brand-access hook applies; without, body {userId} names
 * the signed-in user (anyone else's id is refused).
 */
export async function setupRoutes(app: FastifyInstance, deps: { accounts: AccountDirectory }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const lists = [
    { path: 'google-accounts', response: googleAccountsResponseSchema, read: async (userId: string) => ({ success: true as const, clientAccounts: await deps.accounts.googleAdsAccounts(userId) }) },
    { path: 'ga4-propertyIds', response: ga4PropertiesResponseSchema, read: async (userId: string) => ({ success: true as const, propertiesList: await deps.accounts.ga4Properties(userId) }) },
    { path: 'fb-ad-accounts', response: fbAdAccountsResponseSchema, read: async (userId: string) => ({ success: true as const, adAccounts: await deps.accounts.metaAdAccounts(userId) }) },
  ] as const;
  for (const list of lists) {
    r.post(`/api/setup/${list.path}`, { preHandler: requireUser, schema: { body: setupListBodySchema, response: { 200: list.response } } }, async (req) => {
      if (req.body?.userId && req.body.userId !== req.user!.id) throw new AppError('not-found', 'User not found');
      return list.read(req.user!.id);
    });
    r.post(`/api/setup/${list.path}/:brandId`, { schema: { params: brandIdParamsSchema, body: setupListBodySchema, response: { 200: list.response } } }, async (req) => list.read(req.user!.id));
  }
}
