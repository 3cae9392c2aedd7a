import type { JobDeps } from './backfill.job.js';
import { brandHistoryReady } from './calculate.sql.js';

/**
 * The calculate step, after a brand's sync: 'metrics-calculation-complete' to its room (spec core.md 7, 8), so
 * open screens refetch. Reports read the facts and their rollups directly (decision 005); nothing is rebuilt.
 */
export async function runCalculate(deps: JobDeps, brandId: string): Promise<{ historyReady: boolean }> {
  try {
    const historyReady = await brandHistoryReady(deps.db, brandId);
    await deps.publisher?.publish({ brandId }, { type: 'metrics-calculation-complete', data: { success: true, message: historyReady ? 'Metrics updated.' : 'Metrics updated; older history is still loading.', brandId, historyReady } });
    return { historyReady };
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e);
    await deps.publisher?.publish({ brandId }, { type: 'metrics-calculation-error', data: { error, brandId } }).catch(() => undefined);
    throw e;
  }
}
