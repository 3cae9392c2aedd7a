import { queryOptions, useQuery } from '@tanstack/react-query';
import { googleAccountsResponseSchema } from '@parallels/contract/setup';
import { apiRequest } from '../../../lib/api-client';
import type { AccountOption } from '../utils/platforms';
import { ACCOUNT_LIST_RETRY, accountListQueryKey, accountListRequest, type AccountListScope } from './account-list-scope';

/** POST /api/setup/google-accounts[/:brandId]: the server already dropped hidden accounts. */
export async function getGoogleAdsAccounts(scope: AccountListScope): Promise<AccountOption[]> {
  const { url, body } = accountListRequest('/api/setup/google-accounts', scope);
  const res = await apiRequest(url, { method: 'POST', body, schema: googleAccountsResponseSchema });
  return res.clientAccounts
    .filter((a) => !a.hidden)
    .map((a) => ({ key: `${a.managerId}:${a.clientId}`, id: a.clientId, name: a.name, managerId: a.managerId, ...(a.currency ? { currency: a.currency } : {}) }));
}

export function googleAdsAccountsQueryOptions(scope: AccountListScope) {
  return queryOptions({ queryKey: accountListQueryKey('google_ads', scope), queryFn: () => getGoogleAdsAccounts(scope), retry: ACCOUNT_LIST_RETRY });
}

export function useGoogleAdsAccounts(scope: AccountListScope, enabled = true) {
  return useQuery({ ...googleAdsAccountsQueryOptions(scope), enabled });
}
