import { addDays, eachDay, parseDay, weekday } from '../common/dates.js';
import type { World } from '../common/world.js';
import { addInto, emptyBundle, type Bundle } from './allocate.js';
import type { AccountModel } from './entities.js';
import type { Condition, Literal } from './gaql.js';
import type { QueryPlan } from './plan.js';
import type { FieldValue, Rec } from './records.js';
import { ACTIVITY_ONLY, ENTITY_KEY, entityRecs, forEachActivity } from './rows.js';
import { DATE_SEGMENTS, FIELDS, METRICS, resourceOf } from './schema.js';

// Runs a planned query: entity rows and daily activity -> filter -> group (by entity and the selected
// segments) -> sum -> metric filters -> drop all-zero segmented rows -> ORDER BY -> LIMIT.

export interface Group {
  rec: Rec;
  /** set when the query is segmented by a date segment */
  day?: string;
  m: Bundle;
}

export interface ExecContext {
  seed: string;
  world: World;
  model: AccountModel;
  today: string;
  yesterday: string;
  historyStart: string;
}

const DOW = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'];

/** a field's value on a row: date segments come from the row's day, everything else from the record */
export function fieldValue(rec: Rec, day: string | undefined, field: string): FieldValue {
  if (!DATE_SEGMENTS.includes(field)) return rec[field];
  if (day === undefined) return undefined;
  switch (field) {
    case 'segments.date': return day;
    case 'segments.week': return addDays(day, -((weekday(day) + 6) % 7)); // weeks run Monday..Sunday
    case 'segments.month': return `${day.slice(0, 7)}-01`;
    case 'segments.quarter': return `${day.slice(0, 5)}${String(Math.floor((parseDay(day).getUTCMonth()) / 3) * 3 + 1).padStart(2, '0')}-01`;
    case 'segments.year': return Number(day.slice(0, 4));
    default: return DOW[weekday(day)];
  }
}

function likeRegex(pattern: string): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '\\' && i + 1 < pattern.length) re += pattern[++i]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    else if (ch === '[') {
      const end = pattern.indexOf(']', i + 1);
      const inner = end > i ? pattern.slice(i + 1, end) : ch;
      re += inner.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      i = end > i ? end : i;
    } else if (ch === '%') re += '.*';
    else if (ch === '_') re += '.';
    else re += ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`, 's');
}

function literalFor(type: string | undefined, lit: Literal): string | number | boolean {
  if (type === 'int64' || type === 'int32' || type === 'double') return Number(lit.text);
  if (type === 'bool') return lit.text.toUpperCase() === 'TRUE';
  return lit.text;
}

function compare(a: unknown, b: unknown): number {
  if (a === undefined || a === null) return b === undefined || b === null ? 0 : 1;
  if (b === undefined || b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const as = String(a);
  const bs = String(b);
  return as < bs ? -1 : as > bs ? 1 : 0;
}

export function matches(raw: FieldValue, c: Condition): boolean {
  const type = FIELDS.get(c.field)?.type;
  const v = (type === 'int64' || type === 'int32' || type === 'double') && raw !== undefined ? Number(raw) : raw;
  const lits = c.values.map((l) => literalFor(type, l));
  const eq = (x: unknown) => compare(v, x) === 0 && v !== undefined;
  switch (c.op) {
    case 'EQ': return eq(lits[0]);
    case 'NE': return !eq(lits[0]);
    case 'GT': return v !== undefined && compare(v, lits[0]) > 0;
    case 'GE': return v !== undefined && compare(v, lits[0]) >= 0;
    case 'LT': return v !== undefined && compare(v, lits[0]) < 0;
    case 'LE': return v !== undefined && compare(v, lits[0]) <= 0;
    case 'IN': return lits.some(eq);
    case 'NOT_IN': return !lits.some(eq);
    case 'BETWEEN': return v !== undefined && compare(v, lits[0]) >= 0 && compare(v, lits[1]) <= 0;
    case 'LIKE': return typeof v === 'string' && likeRegex(String(lits[0])).test(v);
    case 'NOT_LIKE': return !(typeof v === 'string' && likeRegex(String(lits[0])).test(v));
    case 'REGEXP_MATCH': return typeof v === 'string' && new RegExp(`^(?:${String(lits[0])})$`).test(v);
    case 'NOT_REGEXP_MATCH': return !(typeof v === 'string' && new RegExp(`^(?:${String(lits[0])})$`).test(v));
    case 'CONTAINS_ANY': return Array.isArray(v) && lits.some((l) => (v as unknown[]).includes(l));
    case 'CONTAINS_ALL': return Array.isArray(v) && lits.every((l) => (v as unknown[]).includes(l));
    case 'CONTAINS_NONE': return !Array.isArray(v) || !lits.some((l) => (v as unknown[]).includes(l));
    case 'IS_NULL': return v === undefined || v === '';
    case 'IS_NOT_NULL': return v !== undefined && v !== '';
    default: return false;
  }
}

export function metricValue(m: Bundle, field: string): number {
  return METRICS[field]?.get(m) ?? 0;
}

export function executePlan(plan: QueryPlan, x: ExecContext): Group[] {
  const scope = { campaign: plan.campaignScope };
  const from = plan.range.from && plan.range.from > x.historyStart ? plan.range.from : x.historyStart;
  const to = plan.range.to && plan.range.to < x.yesterday ? plan.range.to : x.yesterday;
  const keyField = ENTITY_KEY[plan.from] ?? '';
  const keyFields = plan.select.filter((f) => resourceOf(f) !== 'metrics');
  const attributed = [...new Set(keyFields.map(resourceOf))].filter((r) => r !== 'segments' && r !== plan.from);
  const passes = (rec: Rec, day: string | undefined) =>
    plan.where.every((c) => (day === undefined && DATE_SEGMENTS.includes(c.field)) || matches(fieldValue(rec, day, c.field), c));
  const keyOf = (rec: Rec, day: string | undefined) =>
    [keyField ? String(rec[keyField]) : '', ...keyFields.map((f) => JSON.stringify(fieldValue(rec, day, f)) ?? '')].join('\u0001');

  const groups = new Map<string, Group>();
  const listsEntities = !plan.dateSegmented && !ACTIVITY_ONLY.has(plan.from);
  if (listsEntities) {
    for (const rec of entityRecs(x.world, x.model, plan.from, x.today, scope)) {
      if (passes(rec, undefined)) groups.set(keyOf(rec, undefined), { rec, m: emptyBundle() });
    }
  }
  const needsActivity = plan.spec.metrics && (plan.metrics.length > 0 || plan.metricWhere.length > 0 || plan.segmented || !listsEntities
    || plan.orderBy.some((o) => resourceOf(o.field) === 'metrics'));
  if (needsActivity && from <= to) {
    forEachActivity(x.seed, x.model, plan.from, eachDay(from, to), x.today, scope, (rec, day, m) => {
      if (!passes(rec, day)) return;
      if (attributed.some((r) => rec[`${r}.resource_name`] === undefined)) return;
      const key = keyOf(rec, plan.dateSegmented ? day : undefined);
      let g = groups.get(key);
      if (!g) {
        if (listsEntities && !plan.segmented) return;
        g = { rec, day: plan.dateSegmented ? day : undefined, m: emptyBundle() };
        groups.set(key, g);
      }
      addInto(g.m, m);
    });
  }
  let rows = [...groups.values()];
  if (plan.metricWhere.length > 0) rows = rows.filter((g) => plan.metricWhere.every((c) => matches(metricValue(g.m, c.field), c)));
  // Segmented reports never return rows whose selected metrics are all zero (reporting/zero-metrics).
  if (plan.segmented && plan.metrics.length > 0) rows = rows.filter((g) => plan.metrics.some((f) => metricValue(g.m, f) !== 0));
  if (plan.orderBy.length > 0) {
    const value = (g: Group, f: string) => (resourceOf(f) === 'metrics' ? metricValue(g.m, f) : normalized(fieldValue(g.rec, g.day, f), f));
    rows.sort((a, b) => {
      for (const o of plan.orderBy) {
        const c = compare(value(a, o.field), value(b, o.field));
        if (c !== 0) return o.desc ? -c : c;
      }
      return 0;
    });
  }
  return plan.limit !== undefined ? rows.slice(0, plan.limit) : rows;
}

function normalized(v: FieldValue, field: string): unknown {
  const type = FIELDS.get(field)?.type;
  return (type === 'int64' || type === 'int32' || type === 'double') && v !== undefined ? Number(v) : v;
}

export function totalOf(rows: readonly Group[]): Bundle {
  const total = emptyBundle();
  for (const g of rows) addInto(total, g.m);
  return total;
}
