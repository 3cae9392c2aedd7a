import type { JobDeps } from './backfill.job.js';
import { brandHistoryReady, rebuildBrandSummary } from './calculate.sql.js';

/** The calculate step: the brand's daily summary, then 'metrics-calculation-complete' to its room (spec core.md 7, 8). */
export async function runCalculate(deps: JobDeps, brandId: string): Promise<{ days: number }> {
  try {
    const days = await rebuildBrandSummary(deps.db, brandId);
    const historyReady = await brandHistoryReady(deps.db, brandId);
    await deps.publisher?.publish({ brandId }, { type: 'metrics-calculation-complete', data: { success: true, message: `Metrics updated for ${days} days.`, brandId, historyReady } });
    return { days };
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e);
    await deps.publisher?.publish({ brandId }, { type: 'metrics-calculation-error', data: { error, brandId } }).catch(() => undefined);
    throw e;
  }
}
