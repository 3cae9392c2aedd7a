import { addDays, isDay } from '../common/dates.js';
import { DIMENSION_BY_NAME, METRIC_BY_NAME, type DimensionDef, type MetricDef } from './catalog.js';
import { METRIC_AGGREGATION, ORDER_TYPE, readEnum } from './enums.js';
import { incompatible, invalidArgument, notValidDimension, notValidMetric } from './errors.js';
import { compileDimensionFilter, compileMetricFilter, type DimensionPredicate, type MetricPredicate } from './filters.js';

/**
 * RunReportRequest validation (developers.google.com/analytics/devguides/reporting/data/v1/rest/v1beta/properties/runReport).
 * Messages for unknown names and incompatibility are captured; the remaining validation messages are [U].
 */
export interface OrderBy {
  kind: 'dimension' | 'metric';
  index: number;
  desc: boolean;
  orderType: 'ALPHANUMERIC' | 'CASE_INSENSITIVE_ALPHANUMERIC' | 'NUMERIC';
}

export interface RangeSpec {
  start: string;
  end: string;
  name: string;
}

export interface ReportRequest {
  dimensions: Array<{ name: string; def: DimensionDef }>;
  metrics: Array<{ name: string; def: MetricDef }>;
  ranges: RangeSpec[];
  dimensionFilter?: DimensionPredicate;
  metricFilter?: MetricPredicate;
  orderBys: OrderBy[];
  limit: number;
  offset: number;
  keepEmptyRows: boolean;
  returnPropertyQuota: boolean;
  aggregations: Set<string>;
  currencyCode?: string;
  grain: 'cohort' | 'page' | 'item';
  /** asks for Google-signals dimensions (age, gender, interests) */
  thresholded: boolean;
}

const KNOWN_FIELDS = new Set(['property', 'dimensions', 'metrics', 'dateRanges', 'dimensionFilter', 'metricFilter', 'offset', 'limit',
  'metricAggregations', 'orderBys', 'currencyCode', 'cohortSpec', 'keepEmptyRows', 'returnPropertyQuota', 'comparisons']);
export const DEFAULT_LIMIT = 10_000;
export const MAX_LIMIT = 250_000;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function parseInt64(value: unknown, field: string): number {
  if (value === undefined || value === null) return 0;
  const n = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : typeof value === 'number' && Number.isInteger(value) ? value : NaN;
  if (Number.isNaN(n)) throw invalidArgument(`Invalid value at '${field}' (TYPE_INT64), ${JSON.stringify(value)}`);
  return n;
}

/** YYYY-MM-DD, 'today', 'yesterday' or 'NdaysAgo', in the property's time zone. */
export function resolveDate(value: unknown, today: string): string {
  if (typeof value !== 'string' || value === '') throw invalidArgument('A date range must specify both startDate and endDate.');
  if (value === 'today') return today;
  if (value === 'yesterday') return addDays(today, -1);
  const ago = /^(\d+)daysAgo$/.exec(value);
  if (ago) return addDays(today, -Number(ago[1]));
  if (isDay(value)) return value;
  throw invalidArgument(`Invalid date: ${value}. Dates must be in the format YYYY-MM-DD, NdaysAgo, yesterday, or today.`);
}

function names(list: unknown, field: string): string[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw invalidArgument(`Invalid value at '${field}': expected a list.`);
  return list.map((x) => (isObject(x) && typeof x.name === 'string' ? x.name : ''));
}

export function parseReportRequest(body: unknown, today: string): ReportRequest {
  const b: Json = isObject(body) ? body : {};
  for (const key of Object.keys(b)) {
    if (!KNOWN_FIELDS.has(key)) throw invalidArgument(`Invalid JSON payload received. Unknown name "${key}": Cannot find field.`);
  }
  if (b.cohortSpec !== undefined || b.comparisons !== undefined) throw invalidArgument('cohortSpec and comparisons are not supported by this emulator.');

  const dimNames = names(b.dimensions, 'dimensions');
  const metricNames = names(b.metrics, 'metrics');
  if (dimNames.length > 9) throw invalidArgument(`The number of dimensions in the request exceeds the limit of 9. Requested ${dimNames.length} dimensions.`);
  if (metricNames.length > 10) throw invalidArgument(`The number of metrics in the request exceeds the limit of 10. Requested ${metricNames.length} metrics.`);
  const dimensions = dimNames.map((name) => {
    const def = DIMENSION_BY_NAME.get(name);
    if (!def) throw notValidDimension(name);
    return { name, def };
  });
  const metrics = metricNames.map((name) => {
    const def = METRIC_BY_NAME.get(name);
    if (!def) throw notValidMetric(name);
    return { name, def };
  });
  const dupe = dimNames.find((n, i) => dimNames.indexOf(n) !== i) ?? metricNames.find((n, i) => metricNames.indexOf(n) !== i);
  if (dupe) throw invalidArgument(`Duplicate field ${dupe} in the request.`);
  if (dimensions.length === 0 && metrics.length === 0) throw invalidArgument('At least one dimension or metric must be requested.');

  const dimensionFilter = b.dimensionFilter === undefined ? undefined : compileDimensionFilter(b.dimensionFilter);
  const metricFilter = b.metricFilter === undefined ? undefined : compileMetricFilter(b.metricFilter);

  // Data grain: item dimensions and page dimensions each need their own expansion of the cohorts.
  const usedDims = [...dimensions.map((x) => x.def), ...(dimensionFilter?.fields ?? []).map((f) => DIMENSION_BY_NAME.get(f)!)];
  const itemDims = usedDims.filter((x) => x.scope === 'item');
  const pageDims = usedDims.filter((x) => x.scope === 'page');
  if (itemDims.length > 0) {
    const bad = [...metrics.filter((x) => x.def.scope !== 'item').map((x) => x.name), ...pageDims.map((x) => x.apiName)];
    if (bad.length > 0) throw incompatible([...new Set(bad)]);
  } else if (pageDims.length > 0) {
    const bad = metrics.filter((x) => x.def.scope === 'item').map((x) => x.name);
    if (bad.length > 0) throw incompatible(bad);
  }
  const grain = itemDims.length > 0 ? 'item' : pageDims.length > 0 ? 'page' : 'cohort';

  if (!Array.isArray(b.dateRanges) || b.dateRanges.length === 0) throw invalidArgument('At least one date range must be specified.');
  if (b.dateRanges.length > 4) throw invalidArgument(`Requests are limited to 4 date ranges. Requested ${b.dateRanges.length} date ranges.`);
  const ranges = b.dateRanges.map((r: unknown, i: number): RangeSpec => {
    const range: Json = isObject(r) ? r : {};
    const start = resolveDate(range.startDate, today);
    const end = resolveDate(range.endDate, today);
    if (start > end) throw invalidArgument(`The startDate ${start} must be before or equal to the endDate ${end}.`);
    let name = `date_range_${i}`;
    if (range.name !== undefined && range.name !== '') {
      name = String(range.name);
      if (name.startsWith('date_range_') || name.startsWith('RESERVED_')) throw invalidArgument(`Date range name ${name} cannot begin with date_range_ or RESERVED_.`);
    }
    return { start, end, name };
  });
  // GA4 adds a dateRange column when there is more than one range.
  if (ranges.length > 1 && !dimensions.some((x) => x.name === 'dateRange')) dimensions.push({ name: 'dateRange', def: DIMENSION_BY_NAME.get('dateRange')! });

  const orderBys = (Array.isArray(b.orderBys) ? b.orderBys : []).map((o: unknown): OrderBy => {
    const ob: Json = isObject(o) ? o : {};
    const desc = ob.desc === true;
    if (isObject(ob.metric)) {
      const name = String(ob.metric.metricName ?? '');
      const index = metrics.findIndex((x) => x.name === name);
      if (index < 0) throw METRIC_BY_NAME.has(name) ? invalidArgument(`Field ${name} in orderBys is not one of the request's metrics.`) : notValidMetric(name);
      return { kind: 'metric', index, desc, orderType: 'NUMERIC' };
    }
    if (isObject(ob.dimension)) {
      const name = String(ob.dimension.dimensionName ?? '');
      const index = dimensions.findIndex((x) => x.name === name);
      if (index < 0) throw DIMENSION_BY_NAME.has(name) ? invalidArgument(`Field ${name} in orderBys is not one of the request's dimensions.`) : notValidDimension(name);
      const t = readEnum(ORDER_TYPE, ob.dimension.orderType, 'order_bys.dimension.order_type', 'ALPHANUMERIC');
      const orderType = t === 'NUMERIC' || t === 'CASE_INSENSITIVE_ALPHANUMERIC' ? t : 'ALPHANUMERIC';
      return { kind: 'dimension', index, desc, orderType };
    }
    throw invalidArgument('An orderBy must specify a metric or a dimension.');
  });

  let limit = parseInt64(b.limit, 'limit');
  if (limit < 0) throw invalidArgument(`limit must be positive; got ${limit}.`);
  if (limit === 0) limit = DEFAULT_LIMIT;
  limit = Math.min(limit, MAX_LIMIT);
  const offset = parseInt64(b.offset, 'offset');
  if (offset < 0) throw invalidArgument(`offset must be non-negative; got ${offset}.`);

  const aggregations = new Set((Array.isArray(b.metricAggregations) ? b.metricAggregations : []).map((a: unknown) => {
    const name = readEnum(METRIC_AGGREGATION, a, 'metric_aggregations', 'METRIC_AGGREGATION_UNSPECIFIED');
    if (name === 'METRIC_AGGREGATION_UNSPECIFIED') throw invalidArgument(`Invalid value at 'metric_aggregations' (${METRIC_AGGREGATION.type}), ${JSON.stringify(a)}`);
    return name;
  }));
  return {
    dimensions, metrics, ranges, dimensionFilter, metricFilter, orderBys, limit, offset,
    keepEmptyRows: b.keepEmptyRows === true,
    returnPropertyQuota: b.returnPropertyQuota === true,
    aggregations,
    currencyCode: typeof b.currencyCode === 'string' && b.currencyCode !== '' ? b.currencyCode : undefined,
    grain,
    thresholded: usedDims.some((x) => x.thresholded),
  };
}
