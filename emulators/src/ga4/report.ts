import { eachDay } from '../common/dates.js';
import type { Merchant } from '../common/world.js';
import { DIMENSION_BY_NAME, METRIC_BY_NAME, formatMetric, type Aggregate, type Unit } from './catalog.js';
import { cohortsFor, ensurePageTotals, pageSalt } from './cohorts.js';
import { invalidArgument } from './errors.js';
import { F as FIELDS, FIELD_COUNT, newSums, type Sums } from './fields.js';
import { expandItems } from './items.js';
import { expandPages } from './pages.js';
import type { ReportRequest } from './request.js';
import type { SiteProfile } from './site.js';
import { distinctUsers, type DayUsers } from './users.js';

const F = { ...FIELDS };

function addInto(target: Sums, source: Sums): void {
  for (let i = 0; i < FIELD_COUNT; i++) target[i] = (target[i] ?? 0) + (source[i] ?? 0);
}

/** Everything about the property a report needs. */
export interface PropertyData {
  seed: string;
  merchant: Merchant;
  site: SiteProfile;
  propertyId: string;
  currencyCode: string;
  timeZone: string;
  /** first and last day with data (history start .. yesterday in the property's time zone) */
  firstDay: string;
  lastDay: string;
}

interface Group {
  values: string[];
  sums: Sums;
  days: Map<string, DayUsers>;
}

interface Row {
  values: string[];
  metrics: number[];
  range: string;
}

export interface ReportResult {
  /** dimensionHeaders .. rowCount, in GA4's field order */
  core: Record<string, unknown>;
  metadata: Record<string, unknown>;
  rowCount: number;
  daysScanned: number;
}

// Fixed exchange rates (units per USD) for the request's currencyCode; GA4 converts at the day's rate.
const UNITS_PER_USD: Record<string, number> = { USD: 1, INR: 83.2, EUR: 0.92, GBP: 0.79, AED: 3.6725, CAD: 1.36, AUD: 1.52, SGD: 1.34, JPY: 151 };

function minorToMajor(from: string, to: string): number {
  if (from === to) return 0.01;
  const a = UNITS_PER_USD[from];
  const b = UNITS_PER_USD[to];
  if (a === undefined || b === undefined) throw invalidArgument(`Invalid currency code: ${to}. It must be an ISO 4217 currency code.`);
  return (0.01 * b) / a;
}

function addUsers(g: Group, day: string, s: Sums): void {
  let d = g.days.get(day);
  if (!d) {
    d = new Float64Array(3);
    g.days.set(day, d);
  }
  d[0] = (d[0] ?? 0) + (s[F.users] ?? 0);
  d[1] = (d[1] ?? 0) + (s[F.newUsers] ?? 0);
  d[2] = (d[2] ?? 0) + (s[F.activeUsers] ?? 0);
}

function aggregate(g: Group, fx: number): Aggregate {
  const users = distinctUsers(g.days.values());
  return { sums: g.sums, totalUsers: users.totalUsers, activeUsers: users.activeUsers, fx };
}

function compareRows(req: ReportRequest): (a: Row, b: Row) => number {
  const byDims = (a: Row, b: Row) => {
    for (let i = 0; i < a.values.length; i++) {
      const x = a.values[i] ?? '';
      const y = b.values[i] ?? '';
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  };
  return (a, b) => {
    for (const o of req.orderBys) {
      let diff: number;
      if (o.kind === 'metric') diff = (a.metrics[o.index] ?? 0) - (b.metrics[o.index] ?? 0);
      else {
        let x = a.values[o.index] ?? '';
        let y = b.values[o.index] ?? '';
        if (o.orderType === 'NUMERIC') {
          const nx = Number(x);
          const ny = Number(y);
          diff = Number.isNaN(nx) ? (Number.isNaN(ny) ? 0 : -1) : Number.isNaN(ny) ? 1 : nx - ny;
        } else {
          if (o.orderType === 'CASE_INSENSITIVE_ALPHANUMERIC') {
            x = x.toLowerCase();
            y = y.toLowerCase();
          }
          diff = x === y ? 0 : x < y ? -1 : 1;
        }
      }
      if (diff !== 0) return o.desc ? -diff : diff;
    }
    // Without orderBys GA4 lists the biggest rows first (first metric, descending).
    if (req.orderBys.length === 0 && a.metrics.length > 0) {
      const diff = (b.metrics[0] ?? 0) - (a.metrics[0] ?? 0);
      if (diff !== 0) return diff;
    }
    return byDims(a, b);
  };
}

export function computeReport(p: PropertyData, req: ReportRequest): ReportResult {
  const fx = minorToMajor(p.currencyCode, req.currencyCode ?? p.currencyCode);
  const dims = req.dimensions.map((x) => x.def);
  const groups = new Map<string, Group>();
  const totals: Group[] = req.ranges.map(() => ({ values: [], sums: newSums(), days: new Map() }));
  const unit: Unit = { cohort: undefined as never, sums: newSums(), rangeName: '' };
  const filter = req.dimensionFilter;
  const filterGet = (field: string) => DIMENSION_BY_NAME.get(field)?.value(unit, p.site) ?? '';
  let daysScanned = 0;
  const needsPages = req.grain !== 'cohort' || req.metrics.length === 0
    || req.metrics.some((x) => x.def.needsPages) || (req.metricFilter?.fields ?? []).some((f) => METRIC_BY_NAME.get(f)?.needsPages);

  const consider = (total: Group) => {
    if (filter && !filter.test(filterGet)) return;
    const values = dims.map((x) => x.value(unit, p.site));
    const key = values.join('\u0000');
    let g = groups.get(key);
    if (!g) {
      g = { values, sums: newSums(), days: new Map() };
      groups.set(key, g);
    }
    addInto(g.sums, unit.sums);
    addInto(total.sums, unit.sums);
    if (req.grain !== 'item') {
      addUsers(g, unit.cohort.day, unit.sums);
      addUsers(total, unit.cohort.day, unit.sums);
    }
  };

  req.ranges.forEach((range, ri) => {
    const total = totals[ri]!;
    const from = range.start > p.firstDay ? range.start : p.firstDay;
    const to = range.end < p.lastDay ? range.end : p.lastDay;
    unit.rangeName = range.name;
    for (const day of eachDay(from, to)) {
      daysScanned++;
      const cohorts = cohortsFor(p.seed, p.merchant, p.site, p.propertyId, day);
      const salt = pageSalt(p.seed, p.propertyId, day);
      const month = Number(day.slice(5, 7));
      for (const cohort of cohorts) {
        if (needsPages) ensurePageTotals(p.site, cohort, salt);
        unit.cohort = cohort;
        unit.page = undefined;
        unit.item = undefined;
        if (req.grain === 'cohort') {
          unit.sums = cohort.sums;
          consider(total);
        } else if (req.grain === 'page') {
          for (const pu of expandPages(p.site, cohort, salt)) {
            unit.page = pu.page;
            unit.sums = pu.sums;
            consider(total);
          }
        } else {
          for (const iu of expandItems(p.site, cohort, month)) {
            unit.item = iu.item;
            unit.sums = iu.sums;
            consider(total);
          }
        }
      }
    }
  });

  const rangeIndex = dims.findIndex((x) => x.apiName === 'dateRange');
  const rows: Row[] = [];
  for (const g of groups.values()) {
    const agg = aggregate(g, fx);
    const metrics = req.metrics.map((x) => x.def.value(agg));
    if (req.metricFilter && !req.metricFilter.test((f) => METRIC_BY_NAME.get(f)?.value(agg) ?? 0)) continue;
    const empty = req.metrics.length > 0
      ? metrics.every((v) => v === 0)
      : (g.sums[F.sessions] ?? 0) + (g.sums[F.events] ?? 0) + (g.sums[F.itemsViewed] ?? 0) + (g.sums[F.itemsPurchased] ?? 0) === 0;
    if (empty && !req.keepEmptyRows) continue;
    rows.push({ values: g.values, metrics, range: rangeIndex >= 0 ? g.values[rangeIndex] ?? '' : req.ranges[0]?.name ?? '' });
  }
  rows.sort(compareRows(req));
  const rowCount = rows.length;
  const pageRows = rows.slice(req.offset, req.offset + req.limit);

  const types = req.metrics.map((x) => x.def.type);
  const rowJson = (values: string[], metrics: number[]) => ({
    ...(values.length > 0 ? { dimensionValues: values.map((value) => ({ value })) } : {}),
    ...(metrics.length > 0 ? { metricValues: metrics.map((v, i) => ({ value: formatMetric(types[i] ?? 'TYPE_INTEGER', v) })) } : {}),
  });
  const reserved = (label: string, rangeName: string) => dims.map((x) => (x.apiName === 'dateRange' ? rangeName : label));
  const core: Record<string, unknown> = {};
  if (req.dimensions.length > 0) core.dimensionHeaders = req.dimensions.map((x) => ({ name: x.name }));
  if (req.metrics.length > 0) core.metricHeaders = req.metrics.map((x) => ({ name: x.name, type: x.def.type }));
  if (pageRows.length > 0) core.rows = pageRows.map((r) => rowJson(r.values, r.metrics));
  if (rowCount > 0 && req.metrics.length > 0) {
    if (req.aggregations.has('TOTAL')) {
      core.totals = req.ranges.map((range, ri) => rowJson(reserved('RESERVED_TOTAL', range.name), req.metrics.map((x) => x.def.value(aggregate(totals[ri]!, fx)))));
    }
    const extreme = (label: string, pick: (a: number, b: number) => number) => req.ranges
      .map((range) => ({ range, inRange: rows.filter((r) => r.range === range.name) }))
      .filter((x) => x.inRange.length > 0)
      .map(({ range, inRange }) => rowJson(reserved(label, range.name), req.metrics.map((_, i) => inRange.map((r) => r.metrics[i] ?? 0).reduce(pick))));
    if (req.aggregations.has('MAXIMUM')) core.maximums = extreme('RESERVED_MAX', Math.max);
    if (req.aggregations.has('MINIMUM')) core.minimums = extreme('RESERVED_MIN', Math.min);
  }
  if (rowCount > 0) core.rowCount = rowCount;
  const metadata: Record<string, unknown> = { currencyCode: req.currencyCode ?? p.currencyCode, timeZone: p.timeZone };
  if (req.thresholded) metadata.subjectToThresholding = true;
  return { core, metadata, rowCount, daysScanned };
}

export function assembleReportBody(result: ReportResult, propertyQuota?: Record<string, unknown>): Record<string, unknown> {
  return { ...result.core, metadata: result.metadata, ...(propertyQuota ? { propertyQuota } : {}), kind: 'analyticsData#runReport' };
}
