import type { PlatformsConfig } from '../../config.js';
import { shopifyGraphql } from './shopify-graphql.js';

type ShopifyConfig = PlatformsConfig['shopify'];

export interface AppSubscription {
  /** the numeric id Shopify puts in charge_id */
  chargeId: string;
  name: string;
  status: string;
  trialDays: number;
  createdAt: string;
  currentPeriodEnd: string | null;
}

/**
 * Every subscription of our app on this store (Billing API: currentAppInstallation.allSubscriptions). A charge
 * id that is not in this list is not ours on this store, whatever the browser's query string says.
 */
export async function listAppSubscriptions(config: ShopifyConfig, shop: string, accessToken: string): Promise<AppSubscription[]> {
  const data = await shopifyGraphql<{ currentAppInstallation: { allSubscriptions: { nodes: Array<{ id: string; name: string; status: string; trialDays: number; createdAt: string; currentPeriodEnd: string | null }> } } }>(
    config,
    shop,
    accessToken,
    '{ currentAppInstallation { allSubscriptions(first: 50, reverse: true) { nodes { id name status trialDays createdAt currentPeriodEnd } } } }',
  );
  return data.currentAppInstallation.allSubscriptions.nodes.map((s) => ({ ...s, chargeId: s.id.split('/').pop() ?? '' }));
}
