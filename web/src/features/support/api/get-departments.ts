import { queryOptions, useQuery } from '@tanstack/react-query';
import { departmentListSchema, type Department } from '@parallels/contract/support';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/zoho/departments: the help desk's departments, through the product's Zoho Desk connection. */
export function getDepartments(): Promise<Department[]> {
  return apiRequest('/api/zoho/departments', { schema: departmentListSchema });
}

export function departmentsQueryOptions() {
  return queryOptions({ queryKey: ['support', 'departments'], queryFn: getDepartments, staleTime: 10 * 60_000, retry: false });
}

export function useDepartments(enabled: boolean) {
  return useQuery({ ...departmentsQueryOptions(), enabled });
}
