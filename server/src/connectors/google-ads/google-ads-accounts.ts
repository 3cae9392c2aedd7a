import type { PlatformsConfig } from '../../config.js';
import { listAccessibleCustomers, searchAll } from './google-ads-api.js';

export interface GoogleAdsAccount {
  name: string;
  clientId: string;
  /** the manager it is reached through; '' when reached directly */
  managerId: string;
  hidden: boolean;
  /** what the account reports money in (ISO 4217) and counts its days in */
  currency: string;
  timezone: string;
}

interface CustomerClientRow {
  customerClient?: { id?: string; descriptiveName?: string; manager?: boolean; hidden?: boolean; level?: string | number; status?: string; currencyCode?: string; timeZone?: string };
}

/**
 * The client (non-manager) accounts a user can reach: each accessible customer's customer_client rows at
 * levels 0 and 1 (platform-apis.md 3.2). A client reached through a manager keeps that manager's id, which
 * every later call sends as login-customer-id.
 */
export async function listGoogleAdsAccounts(config: PlatformsConfig['googleAds'], accessToken: string): Promise<GoogleAdsAccount[]> {
  const roots = await listAccessibleCustomers(config, accessToken);
  const found = new Map<string, GoogleAdsAccount>();
  for (const root of roots) {
    const rows = await searchAll<CustomerClientRow>(
      config,
      accessToken,
      root,
      'SELECT customer_client.id, customer_client.descriptive_name, customer_client.manager, customer_client.hidden, customer_client.level, customer_client.status, customer_client.currency_code, customer_client.time_zone FROM customer_client WHERE customer_client.level <= 1',
      root,
    ).catch(() => [] as CustomerClientRow[]); // a cancelled or unreachable root does not spoil the others
    for (const { customerClient: c } of rows) {
      if (!c?.id || c.manager) continue;
      const viaManager = c.id !== root;
      const existing = found.get(c.id);
      // Prefer the path through a manager: that is how agencies reach client accounts.
      if (existing && existing.managerId && !viaManager) continue;
      found.set(c.id, { name: c.descriptiveName ?? c.id, clientId: c.id, managerId: viaManager ? root : '', hidden: c.hidden === true || c.status === 'CANCELED', currency: c.currencyCode ?? 'USD', timezone: c.timeZone ?? 'UTC' });
    }
  }
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name));
}
