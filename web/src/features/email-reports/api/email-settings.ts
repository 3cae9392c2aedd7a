import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { emailSettingsListSchema, emailSettingsResponseSchema, type EmailSettings, type UpdateEmailSettings } from '@parallels/contract/email-reports';
import { apiRequest } from '../../../lib/api-client';

export function getEmailSettings(): Promise<EmailSettings[]> {
  return apiRequest('/api/email/settings', { schema: emailSettingsListSchema }).then((r) => r.data);
}

export function emailSettingsQueryOptions() {
  return queryOptions({ queryKey: ['email-settings'], queryFn: getEmailSettings });
}

export function useEmailSettings() {
  return useQuery(emailSettingsQueryOptions());
}

export function updateEmailSettings(brandId: string, change: UpdateEmailSettings): Promise<EmailSettings> {
  return apiRequest(`/api/email/settings/${brandId}`, { method: 'PUT', body: change, schema: emailSettingsResponseSchema }).then((r) => r.data);
}

/** Changes a brand's switches and puts the server's answer in the list. */
export function useUpdateEmailSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ brandId, change }: { brandId: string; change: UpdateEmailSettings }) => updateEmailSettings(brandId, change),
    onSuccess: (row) => client.setQueryData<EmailSettings[]>(emailSettingsQueryOptions().queryKey, (list) => list?.map((r) => (r.brandId === row.brandId ? row : r))),
  });
}
