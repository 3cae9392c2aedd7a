import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { alertRuleResponseSchema, alertRulesResponseSchema, type AlertRule, type AlertRuleBody } from '@parallels/contract/alerts';
import { successResponseSchema } from '@parallels/contract/common';
import { apiRequest } from '../../../lib/api-client';

export function getAlertRules(brandId: string): Promise<AlertRule[]> {
  return apiRequest(`/api/alerts/rules/${brandId}`, { schema: alertRulesResponseSchema }).then((r) => r.data);
}

export function alertRulesQueryOptions(brandId: string) {
  return queryOptions({ queryKey: ['alert-rules', brandId], queryFn: () => getAlertRules(brandId) });
}

export function useAlertRules(brandId: string) {
  return useQuery(alertRulesQueryOptions(brandId));
}

/** Adds a rule (no id) or changes one; the list is fetched again after. */
export function useSaveAlertRule(brandId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, rule }: { id?: string; rule: AlertRuleBody }) =>
      apiRequest(id ? `/api/alerts/rules/${brandId}/${id}` : `/api/alerts/rules/${brandId}`, { method: id ? 'PUT' : 'POST', body: rule, schema: alertRuleResponseSchema }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: alertRulesQueryOptions(brandId).queryKey }),
  });
}

export function useRemoveAlertRule(brandId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/api/alerts/rules/${brandId}/${id}`, { method: 'DELETE', schema: successResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: alertRulesQueryOptions(brandId).queryKey }),
  });
}
