import type { PgBoss } from 'pg-boss';
import { QUEUES } from './queue.js';

/**
 * A deleted brand leaves no job behind: its connections' backfills and refreshes and its summary calculation,
 * queued, retrying or finished (their data names the brand or its connections). A job running right now is
 * deleted too; its writes then fail on the missing brand and change nothing.
 */
export async function forgetBrandJobs(boss: PgBoss, brandId: string, connectionIds: string[]): Promise<number> {
  let forgotten = 0;
  const forget = async (queue: string, data: Record<string, string>) => {
    const ids = (await boss.findJobs(queue, { data })).map((j) => j.id);
    if (ids.length) await boss.deleteJob(queue, ids);
    forgotten += ids.length;
  };
  for (const connectionId of connectionIds) {
    for (const queue of [QUEUES.backfill, QUEUES.backfillHistory, QUEUES.refresh]) await forget(queue, { connectionId });
  }
  await forget(QUEUES.calculate, { brandId });
  return forgotten;
}
