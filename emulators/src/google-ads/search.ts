import type { EmulatorContext } from '../common/context.js';
import { hashSeed } from '../common/rng.js';
import { historyStart, type GoogleAdsCustomer } from '../common/world.js';
import { accountModel } from './entities.js';
import { badPayload, requestError } from './errors.js';
import { executePlan, totalOf, type Group } from './execute.js';
import { parseGaql } from './gaql.js';
import { planQuery, type QueryPlan } from './plan.js';
import { fieldMask, renderMetrics, renderRow } from './render.js';

// GoogleAdsService.Search and SearchStream over REST. Search pages are fixed at 10,000 rows (sending
// pageSize fails with PAGE_SIZE_NOT_SUPPORTED since v17); SearchStream answers one JSON array of
// batches, each with results + fieldMask + requestId (reference §3.3).

export const PAGE_SIZE = 10_000;

const SEARCH_KEYS = ['query', 'pageToken', 'page_token', 'pageSize', 'page_size', 'validateOnly', 'validate_only', 'returnTotalResultsCount',
  'return_total_results_count', 'summaryRowSetting', 'summary_row_setting', 'searchSettings', 'search_settings', 'customerId', 'customer_id'];
const STREAM_KEYS = ['query', 'summaryRowSetting', 'summary_row_setting', 'customerId', 'customer_id'];
const SUMMARY_SETTINGS = ['NO_SUMMARY_ROW', 'SUMMARY_ROW_WITH_RESULTS', 'SUMMARY_ROW_ONLY'];

export interface SearchRequest {
  version: number;
  customer: GoogleAdsCustomer;
  body: unknown;
  stream: boolean;
  requestId: string;
}

interface Executed {
  plan: QueryPlan;
  rows: Group[];
}

// Paging re-runs the same query; keep the last few results (keyed by everything that shapes them).
const recent = new Map<string, Executed>();

function pick(body: Record<string, unknown>, camel: string, snake: string): unknown {
  return body[camel] ?? body[snake];
}

function pageToken(offset: number, fingerprint: string): string {
  return Buffer.from(`${offset}:${fingerprint}`).toString('base64url');
}

function readPageToken(token: string, fingerprint: string): number {
  const [offset, fp] = Buffer.from(token, 'base64url').toString('utf8').split(':');
  const n = Number(offset);
  if (fp !== fingerprint || !Number.isInteger(n) || n < 0) throw requestError('INVALID_PAGE_TOKEN', 'Page token is invalid.');
  return n;
}

export function runSearch(ctx: EmulatorContext, r: SearchRequest): unknown {
  const raw = r.body ?? {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw badPayload('Invalid JSON payload received. Expected an object.');
  const body = raw as Record<string, unknown>;
  for (const key of Object.keys(body)) {
    if (!(r.stream ? STREAM_KEYS : SEARCH_KEYS).includes(key)) throw badPayload(`Invalid JSON payload received. Unknown name "${key}": Cannot find field.`);
  }
  if (!r.stream && pick(body, 'pageSize', 'page_size') !== undefined) {
    throw requestError('PAGE_SIZE_NOT_SUPPORTED', "Setting the page size is not supported. Search Responses will have fixed page size of '10000' rows.");
  }
  const settings = (pick(body, 'searchSettings', 'search_settings') ?? {}) as Record<string, unknown>;
  const summary = String(pick(body, 'summaryRowSetting', 'summary_row_setting') ?? (pick(settings, 'returnSummaryRow', 'return_summary_row') === true ? 'SUMMARY_ROW_WITH_RESULTS' : 'NO_SUMMARY_ROW'));
  if (!SUMMARY_SETTINGS.includes(summary)) {
    throw badPayload(`Invalid value at 'summary_row_setting' (type.googleapis.com/google.ads.googleads.v${r.version}.enums.SummaryRowSettingEnum.SummaryRowSetting), "${summary}"`);
  }
  const wantTotal = pick(body, 'returnTotalResultsCount', 'return_total_results_count') === true || pick(settings, 'returnTotalResultsCount', 'return_total_results_count') === true;
  const validateOnly = pick(body, 'validateOnly', 'validate_only') === true;
  const query = typeof body.query === 'string' ? body.query : '';
  const token = pick(body, 'pageToken', 'page_token');

  const today = ctx.clock.today(r.customer.timeZone);
  const yesterday = ctx.clock.yesterday(r.customer.timeZone);
  const cacheKey = `${ctx.world.seed}|${r.customer.id}|${r.version}|${today}|${query}`;
  let executed = recent.get(cacheKey);
  if (!executed) {
    const plan = planQuery(parseGaql(query), r.version, today, r.customer.manager);
    const model = accountModel(ctx.world, r.customer.id);
    const rows = validateOnly || !model ? [] : executePlan(plan, { seed: ctx.world.seed, world: ctx.world, model, today, yesterday, historyStart: historyStart(ctx.world, yesterday) });
    executed = { plan, rows };
    if (!validateOnly) {
      if (recent.size >= 8) recent.delete(recent.keys().next().value as string);
      recent.set(cacheKey, executed);
    }
  }
  const { plan, rows } = executed;
  if (summary !== 'NO_SUMMARY_ROW' && plan.metrics.length === 0) {
    throw requestError('CANNOT_RETURN_SUMMARY_ROW_FOR_REQUEST_WITHOUT_METRICS', 'Summary row cannot be returned for a request without metrics.');
  }
  const mask = fieldMask(plan);
  const consumption = String(100 + Math.ceil(rows.length / 10));
  const summaryRow = summary !== 'NO_SUMMARY_ROW' ? renderMetrics(plan, totalOf(rows)) : undefined;
  const withResults = summary !== 'SUMMARY_ROW_ONLY';

  if (r.stream) {
    const batches: Array<Record<string, unknown>> = [];
    if (withResults) {
      for (let i = 0; i < rows.length; i += PAGE_SIZE) {
        batches.push({ results: rows.slice(i, i + PAGE_SIZE).map((g) => renderRow(plan, g)), fieldMask: mask, requestId: r.requestId });
      }
    }
    if (batches.length === 0) batches.push({ fieldMask: mask, requestId: r.requestId });
    const last = batches.at(-1)!;
    const tail: Record<string, unknown> = { ...(summaryRow ? { summaryRow } : {}), requestId: r.requestId, queryResourceConsumption: consumption };
    batches[batches.length - 1] = { ...last, ...tail };
    return batches;
  }

  const fingerprint = hashSeed(r.customer.id, r.version, query).toString(36);
  const offset = typeof token === 'string' && token !== '' ? readPageToken(token, fingerprint) : 0;
  const page = withResults ? rows.slice(offset, offset + PAGE_SIZE) : [];
  const out: Record<string, unknown> = {};
  if (page.length > 0) out.results = page.map((g) => renderRow(plan, g));
  if (withResults && offset + PAGE_SIZE < rows.length) out.nextPageToken = pageToken(offset + PAGE_SIZE, fingerprint);
  if (wantTotal) out.totalResultsCount = String(rows.length);
  out.fieldMask = mask;
  if (summaryRow && (!withResults || offset + PAGE_SIZE >= rows.length)) out.summaryRow = summaryRow;
  out.requestId = r.requestId;
  out.queryResourceConsumption = consumption;
  return out;
}
