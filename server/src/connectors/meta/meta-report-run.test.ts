import { describe, expect, it } from 'vitest';
import { PlatformError } from '../platform-error.js';
import { MetaNoDataError } from './meta-client.js';
import { MAX_RUN_ATTEMPTS, msUntilDone, pollDelays, runInsightsReport, type ReportSession } from './meta-report-run.js';

/** A scripted Graph: each created run answers the given async_status sequence (last one repeats). */
function fakeGraph(runs: Array<Array<Record<string, unknown>>>, options: { postError?: Error } = {}) {
  const log: string[] = [];
  const sleeps: number[] = [];
  const polls = new Map<string, number>();
  let created = 0;
  const session: ReportSession = {
    url: (path: string) => path,
    sleep: async (ms: number) => void sleeps.push(ms),
    post: async <T>(path: string) => {
      log.push(`POST ${path}`);
      if (options.postError) throw options.postError;
      return { report_run_id: `run${created++}` } as T;
    },
    get: async <T>(path: string) => {
      const n = polls.get(path) ?? 0;
      polls.set(path, n + 1);
      const script = runs[Number(path.slice(3))] ?? [];
      log.push(`GET ${path}`);
      return (script[Math.min(n, script.length - 1)] ?? {}) as T;
    },
    each: async <T>(path: string, onPage: (rows: T[]) => Promise<void> | void) => {
      log.push(`PAGE ${path}`);
      await onPage([{ run: path }] as T[]);
    },
  };
  return { session, log, sleeps };
}

const status = (async_status: string, extra: Record<string, unknown> = {}) => ({ async_status, ...extra });

describe('runInsightsReport', () => {
  it('given a run that starts, runs and completes, when awaited, then it polls with growing delays and pages the rows', async () => {
    const g = fakeGraph([[status('Job Not Started'), status('Job Running', { async_percent_completion: 40 }), status('Job Completed')]]);
    expect(await runInsightsReport(g.session, 'act_1', { level: 'campaign' })).toEqual([{ run: 'run0/insights' }]);
    expect(g.log).toEqual(['POST act_1/insights', 'GET run0', 'GET run0', 'GET run0', 'PAGE run0/insights']);
    expect(g.sleeps).toEqual([2000, 4000, 8000]);
  });

  it('given a run that reports its progress, when awaited, then it polls when the progress says the run will be done', async () => {
    // 2 s waited at 50%: about 2 s more (with a margin), not the 4 s backoff step; 4.4 s waited at 80%: ~1.4 s
    const g = fakeGraph([[status('Job Running', { async_percent_completion: 50 }), status('Job Running', { async_percent_completion: 80 }), status('Job Completed')]]);
    expect(await runInsightsReport(g.session, 'act_1', {})).toEqual([{ run: 'run0/insights' }]);
    expect(g.sleeps).toEqual([2000, 2400, 1410]);
  });

  it('given a run stuck at 99%, when awaited, then it estimates three times and then follows the backoff schedule', async () => {
    const g = fakeGraph([[status('Job Running', { async_percent_completion: 99 })]]);
    await expect(runInsightsReport(g.session, 'act_1', {})).rejects.toThrow('did not complete in time');
    const firstRun = g.sleeps.slice(0, pollDelays().length);
    expect(firstRun.slice(0, 6)).toEqual([2000, 500, 500, 500, 30000, 30000]); // the estimates took the backoff's steps
  });

  it('given a run that fails (v25 error fields), when awaited, then a new run is created and its rows returned', async () => {
    const g = fakeGraph([[status('Job Failed', { error_code: -2, error_subcode: 2490547, error_message: 'Report Failed' })], [status('Job Completed')]]);
    expect(await runInsightsReport(g.session, 'act_1', {})).toEqual([{ run: 'run1/insights' }]);
    expect(g.log.filter((l) => l.startsWith('POST'))).toHaveLength(2);
  });

  it('given runs that always fail or are skipped, when awaited, then it gives up after the attempts as unavailable with the reason', async () => {
    const failed = [status('Job Failed', { error_code: -2, error_subcode: 2490547, error_message: 'Report Failed' })];
    const g = fakeGraph([failed, [status('Job Skipped')], failed]);
    const error = await runInsightsReport(g.session, 'act_1', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ kind: 'unavailable', message: expect.stringContaining('Report Failed (-2/2490547)') });
    expect(g.log.filter((l) => l.startsWith('POST'))).toHaveLength(MAX_RUN_ATTEMPTS);
  });

  it('given a run that never completes, when the poll budget is spent, then it counts as a failed attempt', async () => {
    const g = fakeGraph([[status('Job Running')], [status('Job Running')], [status('Job Running')]]);
    await expect(runInsightsReport(g.session, 'act_1', {})).rejects.toThrow('did not complete in time');
    expect(g.sleeps).toHaveLength(pollDelays().length * MAX_RUN_ATTEMPTS);
  });

  it('given "no data for the requested metrics and breakdowns" (2/1504041), when run, then there are no rows and no retries', async () => {
    const failedRun = fakeGraph([[status('Job Failed', { error_code: 2, error_subcode: 1504041, error_message: 'No data available' })]]);
    expect(await runInsightsReport(failedRun.session, 'act_1', {})).toEqual([]);
    expect(failedRun.log).toEqual(['POST act_1/insights', 'GET run0']);
    const refused = fakeGraph([], { postError: new MetaNoDataError('meta', 'bad_request', 'No data available') });
    expect(await runInsightsReport(refused.session, 'act_1', {})).toEqual([]);
  });
});

describe('msUntilDone', () => {
  it('given a usable percent, when estimated, then the rest of the run at the same pace plus a margin; otherwise nothing', () => {
    expect(msUntilDone(3000, 60)).toBe(Math.round(2000 * 1.1) + 200);
    expect(msUntilDone(1000, 99)).toBe(500);
    expect(msUntilDone(3000, 0)).toBeUndefined();
    expect(msUntilDone(3000, 100)).toBeUndefined();
    expect(msUntilDone(3000, undefined)).toBeUndefined();
  });
});

describe('pollDelays', () => {
  it('given the defaults, when listed, then polls back off from 2 s to 30 s and stop after about 30 minutes', () => {
    const d = pollDelays();
    expect(d.slice(0, 6)).toEqual([2000, 4000, 8000, 16000, 30000, 30000]);
    const total = d.reduce((s, x) => s + x, 0);
    expect(total).toBeGreaterThanOrEqual(30 * 60_000);
    expect(total).toBeLessThan(31 * 60_000);
  });
});
