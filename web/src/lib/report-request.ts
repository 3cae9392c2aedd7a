import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { METRICS_NOT_READY_CODE, METRICS_NOT_READY_MESSAGE, TOKEN_EXPIRED_CODE } from '@parallels/contract/summary';
import { PLAN_LIMIT_CODE } from '@parallels/contract/pricing';
import { ApiError, apiRequest } from './api-client';
import { realtime, type RealtimeClient } from './realtime';

/** A report's answer; `reconnectMessage` is set when it is the last synced data kept under a reconnect prompt. */
export interface ReportResult<T> {
  data: T;
  reconnectMessage: string | null;
}

/**
 * POSTs a report call. A 403 TOKEN_EXPIRED carries the last synced answer (`stale`): the token flag is set by
 * the shared client and the screen keeps showing the figures (docs/decisions/005-reports-from-facts.md).
 */
export async function fetchReport<T>(url: string, body: unknown, schema: z.ZodType<T>, signal?: AbortSignal): Promise<ReportResult<T>> {
  try {
    // a GET report (body undefined) keeps its range in the URL
    return { data: await apiRequest(url, { method: body === undefined ? 'GET' : 'POST', body, schema, signal }), reconnectMessage: null };
  } catch (e) {
    if (e instanceof ApiError && e.status === 403 && e.code === TOKEN_EXPIRED_CODE) {
      const stale = schema.safeParse((e.body as { stale?: unknown } | undefined)?.stale);
      if (stale.success) return { data: stale.data, reconnectMessage: e.message };
    }
    throw e;
  }
}

/** spec core.md section 8: this answer means "show the Preparing screen". */
export function isMetricsNotReady(error: unknown): boolean {
  return error instanceof ApiError && (error.code === METRICS_NOT_READY_CODE || error.message === METRICS_NOT_READY_MESSAGE);
}

/** A 402 PLAN_LIMIT: the brand's plan does not include reports; the screen offers the plans instead. */
export function isPlanLimit(error: unknown): boolean {
  return error instanceof ApiError && error.status === 402 && error.code === PLAN_LIMIT_CODE;
}

/** The query keys of every report of a brand start with this, so one invalidation refreshes them all. */
export const reportKey = (brandId: string, ...rest: unknown[]) => ['reports', brandId, ...rest] as const;

/** Refetches the brand's reports when its metrics were recalculated (the sync's 'metrics-calculation-complete'). */
export function useReportsRefreshOnSync(brandId: string | undefined, client: Pick<RealtimeClient, 'onMessage'> = realtime): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      client.onMessage((envelope) => {
        const data = envelope.data as { brandId?: string } | undefined;
        if (envelope.type === 'metrics-calculation-complete' && brandId && data?.brandId === brandId) void queryClient.invalidateQueries({ queryKey: ['reports', brandId] });
      }),
    [client, brandId, queryClient],
  );
}
