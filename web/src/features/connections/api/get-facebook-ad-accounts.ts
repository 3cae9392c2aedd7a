import { queryOptions, useQuery } from '@tanstack/react-query';
import { fbAdAccountsResponseSchema } from '@parallels/contract/setup';
import { apiRequest } from '../../../lib/api-client';
import type { AccountOption } from '../utils/platforms';
import { ACCOUNT_LIST_RETRY, accountListQueryKey, accountListRequest, type AccountListScope } from './account-list-scope';

/** POST /api/setup/fb-ad-accounts[/:brandId] */
export async function getFacebookAdAccounts(scope: AccountListScope): Promise<AccountOption[]> {
  const { url, body } = accountListRequest('/api/setup/fb-ad-accounts', scope);
  const res = await apiRequest(url, { method: 'POST', body, schema: fbAdAccountsResponseSchema });
  return res.adAccounts.map((a) => ({ key: a.id, id: a.id, name: a.adname, ...(a.currency ? { currency: a.currency } : {}) }));
}

export function facebookAdAccountsQueryOptions(scope: AccountListScope) {
  return queryOptions({ queryKey: accountListQueryKey('meta', scope), queryFn: () => getFacebookAdAccounts(scope), retry: ACCOUNT_LIST_RETRY });
}

export function useFacebookAdAccounts(scope: AccountListScope, enabled = true) {
  return useQuery({ ...facebookAdAccountsQueryOptions(scope), enabled });
}
