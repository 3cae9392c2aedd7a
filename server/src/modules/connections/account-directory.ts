import type { FbAdAccountOption, Ga4PropertyOption, GoogleAdsAccountOption, SetupErrorCode } from '@parallels/contract/setup';
import type { GoogleAdAccount } from '@parallels/contract/brands';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { TokenKeyring } from '../../lib/token-crypto.js';
import { AppError } from '../../lib/app-error.js';
import { PlatformError } from '../../connectors/platform-error.js';
import { refreshGoogleToken } from '../../connectors/google/google-oauth.js';
import { listGoogleAdsAccounts } from '../../connectors/google-ads/google-ads-accounts.js';
import { listGa4Properties } from '../../connectors/ga4/ga4-admin.js';
import { listMetaAdAccounts } from '../../connectors/meta/meta-accounts.js';
import { fetchShop } from '../../connectors/shopify/shopify-graphql.js';
import { normaliseShop, refreshShopifyToken } from '../../connectors/shopify/shopify-auth.js';
import type { NewConnection } from '../brands/brands.sql.js';
import { accessTokenFor, type Refresher } from './grants.service.js';
import { findGrant, latestGrant, type GrantRow, type Provider } from '../../db/grants.sql.js';

const ADWORDS = 'https://www.googleapis.com/auth/adwords';
const ANALYTICS = 'https://www.googleapis.com/auth/analytics.readonly';

const PROVIDER_NAMES: Record<Provider, string> = { google: 'Google', facebook: 'Facebook', shopify: 'Shopify', zoho: 'Zoho' };

/** A platform failure as the connect dialog understands it (spec core.md section 8). */
function setupError(e: unknown, provider: Provider): never {
  if (e instanceof AppError) throw e;
  if (e instanceof PlatformError) {
    const code: SetupErrorCode =
      e.kind === 'auth' ? 'TOKEN_EXPIRED' : e.kind === 'not_ads_user' ? 'NOT_ADS_USER' : e.kind === 'permission' ? 'INVALID_CREDENTIALS' : 'PLATFORM_UNAVAILABLE';
    if (code === 'PLATFORM_UNAVAILABLE') throw new AppError('platform-failed', `${PROVIDER_NAMES[provider]} is not answering right now. Please try again in a few minutes.`, { code });
    const message = code === 'NOT_ADS_USER' ? 'This Google account is not associated with any Ads accounts. Connect the Google account that has your Ads access.' : `Your ${PROVIDER_NAMES[provider]} access has expired or was revoked. Reconnect to continue.`;
    throw new AppError('forbidden', message, { code });
  }
  throw e;
}

export interface ShopConnection {
  shopDomain: string;
  name: string;
  currency: string;
  timezone: string;
  grantId: string;
}

/**
 * The accounts a user can reach at each platform, read live through their grant (setup dialogs), and the
 * check that what a brand is given is among them. Account ids from a request body are never trusted.
 */
export interface AccountDirectory {
  googleAdsAccounts(userId: string): Promise<GoogleAdsAccountOption[]>;
  ga4Properties(userId: string): Promise<Ga4PropertyOption[]>;
  metaAdAccounts(userId: string): Promise<FbAdAccountOption[]>;
  shopifyStore(userId: string, shopName: string, grantId: string): Promise<ShopConnection>;
  pickGoogleAdsAccounts(userId: string, picked: GoogleAdAccount[], brandId?: string): Promise<NewConnection[]>;
  pickGa4Property(userId: string, propertyId: string, brandId?: string): Promise<NewConnection>;
  pickMetaAdAccounts(userId: string, ids: string[], brandId?: string): Promise<NewConnection[]>;
}

export function createAccountDirectory(deps: { db: Database; keyring: TokenKeyring; config: Config }): AccountDirectory {
  const { db, keyring, config } = deps;
  const p = config.platforms;
  const googleRefresh: Refresher = (rt) => refreshGoogleToken(p.google, rt);

  async function grantOf(userId: string, provider: Provider, scope?: string): Promise<GrantRow> {
    const grant = await latestGrant(db, userId, provider, scope);
    if (!grant) throw new AppError('forbidden', `Connect your ${PROVIDER_NAMES[provider]} account first.`, { code: 'NOT_CONNECTED' satisfies SetupErrorCode });
    return grant;
  }

  async function withGrant<T>(userId: string, provider: Provider, scope: string | undefined, fn: (token: string, grant: GrantRow) => Promise<T>): Promise<T> {
    const grant = await grantOf(userId, provider, scope);
    try {
      const token = await accessTokenFor({ db, keyring }, grant, provider === 'google' ? googleRefresh : undefined);
      return await fn(token, grant);
    } catch (e) {
      return setupError(e, provider);
    }
  }

  const googleAds = (userId: string) =>
    withGrant(userId, 'google', ADWORDS, async (token, grant) => ({ grant, accounts: await listGoogleAdsAccounts(p.googleAds, token) }));
  const ga4 = (userId: string) => withGrant(userId, 'google', ANALYTICS, async (token, grant) => ({ grant, properties: await listGa4Properties(p.ga4, token) }));
  const meta = (userId: string) => withGrant(userId, 'facebook', undefined, async (token, grant) => ({ grant, accounts: await listMetaAdAccounts(p.meta, token) }));

  return {
    async googleAdsAccounts(userId) {
      return (await googleAds(userId)).accounts.filter((a) => !a.hidden).map(({ name, clientId, managerId, hidden, currency }) => ({ name, clientId, managerId, hidden, currency }));
    },
    async ga4Properties(userId) {
      return (await ga4(userId)).properties;
    },
    async metaAdAccounts(userId) {
      return (await meta(userId)).accounts.map((a) => ({ id: a.id, adname: a.name, currency: a.currency }));
    },
    async shopifyStore(userId, shopName, grantId) {
      const shop = normaliseShop(shopName);
      const grant = await findGrant(db, grantId);
      if (!shop || !grant || grant.userId !== userId || grant.provider !== 'shopify' || grant.subject !== shop) {
        throw new AppError('forbidden', 'Connect the Shopify store first.', { code: 'NOT_CONNECTED' satisfies SetupErrorCode });
      }
      try {
        const token = await accessTokenFor({ db, keyring }, grant, async (rt) => refreshShopifyToken(p.shopify, shop, rt));
        const info = await fetchShop(p.shopify, shop, token);
        return { shopDomain: shop, name: info.name, currency: info.currency, timezone: info.timezone, grantId: grant.id };
      } catch (e) {
        return setupError(e, 'shopify');
      }
    },
    async pickGoogleAdsAccounts(userId, picked) {
      const { grant, accounts } = await googleAds(userId);
      return picked.map((want) => {
        const found = accounts.find((a) => a.clientId === want.clientId && !a.hidden);
        if (!found) throw new AppError('invalid', `The Google Ads account ${want.clientId} is not available to your Google account.`);
        return { platform: 'google_ads', accountId: found.clientId, accountName: found.name, managerId: found.managerId || null, grantId: grant.id, currency: found.currency, timezone: found.timezone };
      });
    },
    async pickGa4Property(userId, propertyId) {
      const { grant, properties } = await ga4(userId);
      const found = properties.find((x) => x.propertyId === propertyId);
      if (!found) throw new AppError('invalid', `The GA4 property ${propertyId} is not available to your Google account.`);
      return { platform: 'ga4', accountId: found.propertyId, accountName: found.propertyName, managerId: null, grantId: grant.id };
    },
    async pickMetaAdAccounts(userId, ids) {
      const { grant, accounts } = await meta(userId);
      return [...new Set(ids)].map((id) => {
        const found = accounts.find((a) => a.id === id);
        if (!found) throw new AppError('invalid', `The Facebook ad account ${id} is not available to your Facebook account.`);
        return { platform: 'meta', accountId: found.id, accountName: found.name, managerId: null, grantId: grant.id, currency: found.currency, timezone: found.timezoneName };
      });
    },
  };
}
