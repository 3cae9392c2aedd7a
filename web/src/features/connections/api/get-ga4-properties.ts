import { queryOptions, useQuery } from '@tanstack/react-query';
import { ga4PropertiesResponseSchema } from '@parallels/contract/setup';
import { apiRequest } from '../../../lib/api-client';
import type { AccountOption } from '../utils/platforms';
import { ACCOUNT_LIST_RETRY, accountListQueryKey, accountListRequest, type AccountListScope } from './account-list-scope';

/** POST /api/setup/ga4-propertyIds[/:brandId] */
export async function getGa4Properties(scope: AccountListScope): Promise<AccountOption[]> {
  const { url, body } = accountListRequest('/api/setup/ga4-propertyIds', scope);
  const res = await apiRequest(url, { method: 'POST', body, schema: ga4PropertiesResponseSchema });
  return res.propertiesList.map((p) => ({ key: p.propertyId, id: p.propertyId, name: p.propertyName }));
}

export function ga4PropertiesQueryOptions(scope: AccountListScope) {
  return queryOptions({ queryKey: accountListQueryKey('ga4', scope), queryFn: () => getGa4Properties(scope), retry: ACCOUNT_LIST_RETRY });
}

export function useGa4Properties(scope: AccountListScope, enabled = true) {
  return useQuery({ ...ga4PropertiesQueryOptions(scope), enabled });
}
