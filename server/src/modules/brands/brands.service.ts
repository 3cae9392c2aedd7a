import type { AddBrandBody, Brand, Platform, UpdateBrandBody } from '@parallels/contract/brands';
import { addBrandBodySchema, updateBrandBodySchema } from '@parallels/contract/brands';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { AccountDirectory } from '../connections/account-directory.js';
import * as sqlq from './brands.sql.js';
import type { NewConnection } from './brands.sql.js';
import { BRAND_NOT_FOUND } from './brand-access.js';
import { assertCanAddBrand } from '../pricing/pricing.service.js';

export interface BrandDeps {
  db: Database;
  accounts: AccountDirectory;
  /** a brand got new connections: start their backfill (the sync queue; absent in tests without it) */
  onConnectionsAdded?: (brandId: string) => Promise<unknown>;
  /** a brand is gone: drop its sync jobs (the sync queue; absent in tests without it) */
  onBrandDeleted?: (brandId: string, connectionIds: string[]) => Promise<unknown>;
}

export async function getBrand(db: Database, brandId: string): Promise<Brand> {
  const brand = await sqlq.findBrand(db, brandId);
  if (!brand) throw new AppError('not-found', BRAND_NOT_FOUND);
  return brand;
}

/**
 * Creates a brand with the accounts the user picked. Every picked account is checked against what the user's
 * own grant can reach at the platform (never trusted from the body), and named as the platform names it.
 */
export async function addBrand(deps: BrandDeps, userId: string, input: AddBrandBody): Promise<Brand> {
  const body = addBrandBodySchema.parse(input);
  const conns: sqlq.NewConnection[] = [];
  let store = { currency: 'USD', timezone: 'UTC' };
  if (body.shopifyAccount) {
    const shop = await deps.accounts.shopifyStore(userId, body.shopifyAccount.shopName, body.shopifyAccount.shopifyAccessToken);
    conns.push({ platform: 'shopify', accountId: shop.shopDomain, accountName: shop.name, managerId: null, grantId: shop.grantId, currency: shop.currency, timezone: shop.timezone });
    store = { currency: shop.currency, timezone: shop.timezone };
  }
  if (body.fbAdAccounts.length) conns.push(...(await deps.accounts.pickMetaAdAccounts(userId, body.fbAdAccounts)));
  if (body.googleAdAccount.length) conns.push(...(await deps.accounts.pickGoogleAdsAccounts(userId, body.googleAdAccount)));
  if (body.ga4Account) conns.push(await deps.accounts.pickGa4Property(userId, body.ga4Account.PropertyID));
  // Without a store, the brand reports in its first ad account's currency and days, not silently USD and UTC.
  const reporting = conns.find((c) => c.currency && c.timezone);
  if (!body.shopifyAccount && reporting) store = { currency: reporting.currency!, timezone: reporting.timezone! };
  // after the accounts are checked: a refused account says so, whatever the plan
  await assertCanAddBrand(deps.db, userId);
  const brandId = await sqlq.insertBrand(deps.db, { name: body.name, ...store, userId, connections: conns });
  await deps.onConnectionsAdded?.(brandId);
  return getBrand(deps.db, brandId);
}

/** PATCH: the list given replaces the brand's list for that platform (spec: merging is the dialog's job). */
export async function updateBrand(deps: BrandDeps, userId: string, brandId: string, input: UpdateBrandBody): Promise<Brand> {
  const body = updateBrandBodySchema.parse(input);
  let platform: Platform;
  let wanted: sqlq.NewConnection[];
  if ('fbAdAccounts' in body) {
    platform = 'meta';
    wanted = body.fbAdAccounts.length ? await deps.accounts.pickMetaAdAccounts(userId, body.fbAdAccounts, brandId) : [];
  } else if ('googleAdAccount' in body) {
    platform = 'google_ads';
    wanted = body.googleAdAccount.length ? await deps.accounts.pickGoogleAdsAccounts(userId, body.googleAdAccount, brandId) : [];
  } else {
    platform = 'ga4';
    wanted = body.ga4Account ? [await deps.accounts.pickGa4Property(userId, body.ga4Account.PropertyID, brandId)] : [];
  }
  await sqlq.replaceConnections(deps.db, brandId, platform, wanted);
  await deps.onConnectionsAdded?.(brandId);
  return getBrand(deps.db, brandId);
}

/** Profile > Brands > Delete: the brand and every row of it, its sync jobs included. */
export async function deleteBrand(deps: BrandDeps, brandId: string): Promise<void> {
  const { connectionIds } = await sqlq.deleteBrand(deps.db, brandId);
  await deps.onBrandDeleted?.(brandId, connectionIds);
}

/** A new brand with its first connections, on the user's list (a Shopify install, the demo seed): its id. */
export function createBrandWithConnections(db: Database, input: { name: string; currency: string; timezone: string; userId: string; connections: NewConnection[] }): Promise<string> {
  return sqlq.insertBrand(db, input);
}

/** A reconnect: the brand's connections of these platforms use the new grant and are active again. */
export async function attachGrantToBrand(db: Database, brandId: string, platforms: Platform[], grantId: string): Promise<void> {
  await sqlq.attachGrant(db, brandId, platforms, grantId);
}
