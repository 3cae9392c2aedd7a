import { graphGetAll, type MetaConfig } from './meta-api.js';

export interface MetaAdAccount {
  id: string; // act_...
  name: string;
  currency: string;
  timezoneName: string;
  status: number;
}

/** Every ad account the token's user can read (connect dialog, brand setup). */
export async function listMetaAdAccounts(config: MetaConfig, accessToken: string): Promise<MetaAdAccount[]> {
  const rows = await graphGetAll<{ id: string; name?: string; currency?: string; timezone_name?: string; account_status?: number }>(
    config,
    'me/adaccounts',
    { fields: 'id,account_id,name,currency,timezone_name,account_status', limit: '100' },
    accessToken,
  );
  return rows.map((r) => ({ id: r.id, name: r.name ?? r.id, currency: r.currency ?? 'USD', timezoneName: r.timezone_name ?? 'UTC', status: r.account_status ?? 1 }));
}
