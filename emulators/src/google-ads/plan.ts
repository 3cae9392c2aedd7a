import { addDays, isDay, weekday } from '../common/dates.js';
import { AdsError, queryError } from './errors.js';
import type { Condition, Literal, ParsedQuery } from './gaql.js';
import { CORE_DATE_SEGMENTS, DATE_SEGMENTS, RESOURCES, fieldFor, resourceOf, type FieldDef, type ResourceSpec } from './schema.js';

// Semantic checks of a parsed query against the schema, in the order the API reports them, and the
// date range its segments.date conditions describe.

export interface QueryPlan {
  version: number;
  from: string;
  spec: ResourceSpec;
  select: string[];
  metrics: string[];
  segmented: boolean;
  dateSegmented: boolean;
  where: Condition[];
  metricWhere: Condition[];
  orderBy: Array<{ field: string; desc: boolean }>;
  limit?: number;
  /** inclusive bounds from segments.date conditions; either may be open */
  range: { from?: string; to?: string };
  omitUnselectedResourceNames: boolean;
  campaignScope?: string;
}

const shoppingProductError = (code: string, message: string) => new AdsError(400, [{ errorCode: { shoppingProductError: code }, message }]);

function normalizeDay(text: string): string | null {
  const d = /^\d{8}$/.test(text) ? `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6)}` : text;
  return isDay(d) ? d : null;
}

/** Predefined DURING ranges (developers.google.com/google-ads/api/docs/query/date-ranges); today = account's today. */
export function duringRange(literal: string, today: string): { from: string; to: string } | null {
  const y = addDays(today, -1);
  const monthStart = (d: string) => `${d.slice(0, 8)}01`;
  const dow = weekday(today); // 0 = Sunday
  const lastMonday = addDays(today, -((dow + 6) % 7));
  switch (literal) {
    case 'TODAY': return { from: today, to: today };
    case 'YESTERDAY': return { from: y, to: y };
    case 'LAST_7_DAYS': return { from: addDays(today, -7), to: y };
    case 'LAST_14_DAYS': return { from: addDays(today, -14), to: y };
    case 'LAST_30_DAYS': return { from: addDays(today, -30), to: y };
    case 'THIS_MONTH': return { from: monthStart(today), to: addDays(monthStart(addDays(monthStart(today), 32)), -1) };
    case 'LAST_MONTH': { const prev = monthStart(addDays(monthStart(today), -1)); return { from: prev, to: addDays(monthStart(today), -1) }; }
    case 'LAST_BUSINESS_WEEK': return { from: addDays(lastMonday, -7), to: addDays(lastMonday, -3) };
    case 'THIS_WEEK_SUN_TODAY': return { from: addDays(today, -dow), to: today };
    case 'THIS_WEEK_MON_TODAY': return { from: lastMonday, to: today };
    case 'LAST_WEEK_SUN_SAT': return { from: addDays(today, -dow - 7), to: addDays(today, -dow - 1) };
    case 'LAST_WEEK_MON_SUN': return { from: addDays(lastMonday, -7), to: addDays(lastMonday, -1) };
    default: return null;
  }
}

function checkValue(def: FieldDef, c: Condition, v: Literal): void {
  const bad = (code: string, what: string) => queryError(code, `Error in query: invalid value ${v.kind === 'string' ? `'${v.text}'` : v.text} ${what} '${def.name}'.`);
  switch (def.type) {
    case 'int64': case 'int32': case 'double':
      if (v.kind !== 'number') throw bad('BAD_NUMBER', 'for numeric field');
      return;
    case 'bool':
      if (v.kind !== 'ident' || !['TRUE', 'FALSE'].includes(v.text.toUpperCase())) throw bad('BAD_VALUE', 'for boolean field');
      return;
    case 'enum':
      if (v.kind === 'number' || !def.enumValues?.includes(v.text)) throw bad('BAD_ENUM_CONSTANT', 'is not an enum constant of');
      return;
    case 'date':
      if (c.op === 'DURING') {
        if (v.kind !== 'ident') throw queryError('INVALID_VALUE_WITH_DURING_OPERATOR', `Error in query: invalid value ${v.text} for DURING operator.`);
        return;
      }
      if (v.kind !== 'string' || !normalizeDay(v.text)) {
        if (c.op === 'BETWEEN') throw queryError('INVALID_VALUE_WITH_BETWEEN_OPERATOR', `Error in query: invalid date ${v.text} with BETWEEN operator.`);
        throw queryError('INVALID_DATE_FORMAT', `Error in query: invalid date ${v.text}; expected 'YYYY-MM-DD'.`);
      }
      return;
    default:
      if (v.kind !== 'string') {
        if (c.op === 'LIKE' || c.op === 'NOT_LIKE') throw queryError('INVALID_VALUE_WITH_LIKE_OPERATOR', `Error in query: LIKE needs a string value on '${def.name}'.`);
        throw bad('INVALID_STRING_VALUE', 'for string field');
      }
  }
}

function checkOperator(def: FieldDef, c: Condition): void {
  const mismatch = () => queryError('OPERATOR_FIELD_MISMATCH', `Error in query: operator ${c.op} cannot be used with field '${def.name}'.`);
  const textual = def.type === 'string' || def.type === 'date';
  if ((c.op === 'LIKE' || c.op === 'NOT_LIKE' || c.op === 'REGEXP_MATCH' || c.op === 'NOT_REGEXP_MATCH') && def.type !== 'string') throw mismatch();
  if (c.op === 'DURING' && def.type !== 'date') throw mismatch();
  if (c.op.startsWith('CONTAINS') !== (def.type === 'string_list')) throw mismatch();
  if (def.type === 'message_list') throw queryError('PROHIBITED_FIELD_IN_WHERE_CLAUSE', `Error in query: field '${def.name}' cannot be filtered.`);
  if (c.op === 'BETWEEN' && !textual && !['int64', 'int32', 'double'].includes(def.type)) throw mismatch();
}

export function planQuery(q: ParsedQuery, version: number, today: string, isManager: boolean): QueryPlan {
  const spec = RESOURCES[q.from];
  if (!spec) throw queryError('BAD_RESOURCE_TYPE_IN_FROM_CLAUSE', `Error in query: invalid resource type '${q.from}' in FROM clause.`);
  const all = [...q.select, ...q.where.map((c) => c.field), ...q.orderBy.map((o) => o.field)];
  const defs = new Map<string, FieldDef>();
  for (const f of all) {
    const def = fieldFor(f, version);
    if (!def) throw queryError('UNRECOGNIZED_FIELD', `Unrecognized field in the query: '${f}'.`);
    defs.set(f, def);
  }
  const compatible = (f: string, clause: 'SELECT' | 'WHERE' | 'ORDER_BY') => {
    const res = resourceOf(f);
    if (res === 'metrics') {
      if (!spec.metrics || spec.withoutMetrics?.includes(f)) {
        throw queryError('PROHIBITED_METRIC_IN_SELECT_OR_WHERE_CLAUSE', `Cannot select or filter on the following metrics: '${f}' (could not support requested resources: '${q.from.toUpperCase()}'), since metrics are incompatible with the resource in the FROM clause or other selected segmenting resources.`);
      }
    } else if (res === 'segments') {
      if (!spec.segments.includes(f)) {
        throw queryError('PROHIBITED_SEGMENT_IN_SELECT_OR_WHERE_CLAUSE', `Cannot select or filter on the following segments: '${f}' (could not support requested resources: '${q.from.toUpperCase()}'), since segments are incompatible with the resource in the FROM clause or other selected segmenting resources.`);
      }
    } else if (res !== q.from && !spec.attributed.includes(res)) {
      const code = clause === 'WHERE' ? 'PROHIBITED_RESOURCE_TYPE_IN_WHERE_CLAUSE' : 'PROHIBITED_RESOURCE_TYPE_IN_SELECT_CLAUSE';
      throw queryError(code, `Cannot select or filter on fields of the resource '${res}', since it is incompatible with the resource in the FROM clause ('${q.from}').`);
    }
    if (clause === 'ORDER_BY' && defs.get(f)?.type === 'message_list') throw queryError('PROHIBITED_FIELD_IN_ORDER_BY_CLAUSE', `Error in query: field '${f}' cannot be used in ORDER BY.`);
  };
  q.select.forEach((f) => compatible(f, 'SELECT'));
  q.where.forEach((c) => compatible(c.field, 'WHERE'));
  q.orderBy.forEach((o) => compatible(o.field, 'ORDER_BY'));

  const select = [...new Set(q.select)];
  const selectedDates = select.filter((f) => DATE_SEGMENTS.includes(f));
  if (q.from === 'shopping_product') {
    if (selectedDates.length > 0) throw shoppingProductError('UNSUPPORTED_DATE_SEGMENTATION', 'Segmentation by date segments is not supported by shopping_product; filter on them in the WHERE clause instead.');
    const scoped = q.where.some((c) => c.field === 'shopping_product.campaign' && c.op === 'EQ');
    if (select.includes('shopping_product.campaign') && !scoped) throw shoppingProductError('MISSING_CAMPAIGN_FILTER', 'shopping_product.campaign requires an equality filter on shopping_product.campaign.');
  }
  for (const f of [...q.where.map((c) => c.field), ...q.orderBy.map((o) => o.field)]) {
    if (resourceOf(f) === 'segments' && !DATE_SEGMENTS.includes(f) && !select.includes(f)) {
      throw queryError('EXPECTED_REFERENCED_FIELD_IN_SELECT_CLAUSE', `Error in query: the segment '${f}' used in WHERE or ORDER BY must also be selected.`);
    }
  }
  const metrics = select.filter((f) => resourceOf(f) === 'metrics');
  if (isManager && (metrics.length > 0 || q.where.some((c) => resourceOf(c.field) === 'metrics'))) {
    throw queryError('REQUESTED_METRICS_FOR_MANAGER', 'Metrics cannot be requested for a manager account. To retrieve metrics, issue separate requests against each client account under the manager account.');
  }

  const range: { from?: string; to?: string } = {};
  const lower = (d: string) => { if (!range.from || d > range.from) range.from = d; };
  const upper = (d: string) => { if (!range.to || d < range.to) range.to = d; };
  for (const c of q.where) {
    const def = defs.get(c.field)!;
    checkOperator(def, c);
    c.values.forEach((v) => checkValue(def, c, v));
    if (c.field !== 'segments.date') continue;
    const days = c.values.map((v) => normalizeDay(v.text) ?? '');
    if (c.op === 'DURING') {
      const r = duringRange(c.values[0]?.text ?? '', today);
      if (!r) throw queryError('INVALID_VALUE_WITH_DURING_OPERATOR', `Error in query: invalid value ${c.values[0]?.text ?? ''} for DURING operator.`);
      lower(r.from);
      upper(r.to);
      c.values = [{ kind: 'string', text: r.from }, { kind: 'string', text: r.to }];
      c.op = 'BETWEEN';
      continue;
    }
    if (c.op === 'BETWEEN') {
      if (days[0]! > days[1]!) throw queryError('DATE_RANGE_TOO_NARROW', 'Error in query: the start date of the range is after its end date.');
      lower(days[0]!);
      upper(days[1]!);
    } else if (c.op === 'EQ') { lower(days[0]!); upper(days[0]!); }
    else if (c.op === 'GE') lower(days[0]!);
    else if (c.op === 'GT') lower(addDays(days[0]!, 1));
    else if (c.op === 'LE') upper(days[0]!);
    else if (c.op === 'LT') upper(addDays(days[0]!, -1));
    else if (c.op === 'IN') { lower([...days].sort()[0]!); upper([...days].sort().at(-1)!); }
    c.values = c.values.map((v, i) => ({ ...v, text: days[i] || v.text }));
  }
  if (select.some((f) => CORE_DATE_SEGMENTS.includes(f)) && (!range.from || !range.to)) {
    throw queryError('EXPECTED_FILTERS_ON_DATE_RANGE', 'Error in query: selecting a core date segment (segments.date, week, month, quarter or year) requires a finite date range filter on segments.date in the WHERE clause.');
  }
  if (range.from && range.to && range.from > range.to && q.where.some((c) => c.op === 'BETWEEN')) {
    throw queryError('DATE_RANGE_TOO_NARROW', 'Error in query: the date filters leave an empty date range.');
  }

  let omit = false;
  for (const [name, value] of Object.entries(q.parameters)) {
    if (name !== 'include_drafts' && name !== 'omit_unselected_resource_names') throw queryError('BAD_PARAMETER_NAME', `Error in query: unknown parameter '${name}'.`);
    if (!['true', 'false'].includes(value.toLowerCase())) throw queryError('BAD_PARAMETER_VALUE', `Error in query: invalid value '${value}' for parameter '${name}'.`);
    if (name === 'omit_unselected_resource_names') omit = value.toLowerCase() === 'true';
  }
  return {
    version,
    from: q.from,
    spec,
    select,
    metrics,
    segmented: select.some((f) => resourceOf(f) === 'segments'),
    dateSegmented: selectedDates.length > 0,
    where: q.where.filter((c) => resourceOf(c.field) !== 'metrics'),
    metricWhere: q.where.filter((c) => resourceOf(c.field) === 'metrics'),
    orderBy: q.orderBy,
    limit: q.limit,
    range,
    omitUnselectedResourceNames: omit,
    campaignScope: q.where.find((c) => c.field === 'shopping_product.campaign' && c.op === 'EQ')?.values[0]?.text,
  };
}
