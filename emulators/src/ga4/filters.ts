import { DIMENSION_BY_NAME, METRIC_BY_NAME } from './catalog.js';
import { MATCH_TYPE, NUMERIC_OPERATION, readEnum } from './enums.js';
import { invalidArgument, notValidDimension, notValidMetric } from './errors.js';

/**
 * FilterExpression (andGroup / orGroup / notExpression / filter) with stringFilter, inListFilter,
 * numericFilter, betweenFilter and emptyFilter, compiled once per request. A dimensionFilter is applied to
 * the data before aggregation (it may name dimensions that are not in the request); a metricFilter to the
 * aggregated rows, like SQL HAVING.
 */
export interface DimensionPredicate {
  fields: string[];
  test: (get: (field: string) => string) => boolean;
}

export interface MetricPredicate {
  fields: string[];
  test: (get: (field: string) => number) => boolean;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function numberOf(v: unknown): number {
  if (!isObject(v)) return NaN;
  if (v.int64Value !== undefined) return Number(v.int64Value);
  if (v.doubleValue !== undefined) return Number(v.doubleValue);
  return NaN;
}

function numericTest(filter: Json): (x: number) => boolean {
  if (isObject(filter.numericFilter)) {
    const op = readEnum(NUMERIC_OPERATION, filter.numericFilter.operation, 'numeric_filter.operation', 'OPERATION_UNSPECIFIED');
    const v = numberOf(filter.numericFilter.value);
    if (Number.isNaN(v)) throw invalidArgument('numericFilter.value must have an int64Value or a doubleValue.');
    switch (op) {
      case 'EQUAL': return (x) => x === v;
      case 'LESS_THAN': return (x) => x < v;
      case 'LESS_THAN_OR_EQUAL': return (x) => x <= v;
      case 'GREATER_THAN': return (x) => x > v;
      case 'GREATER_THAN_OR_EQUAL': return (x) => x >= v;
      default: throw invalidArgument(`Invalid numericFilter operation: ${op}.`);
    }
  }
  if (isObject(filter.betweenFilter)) {
    const from = numberOf(filter.betweenFilter.fromValue);
    const to = numberOf(filter.betweenFilter.toValue);
    if (Number.isNaN(from) || Number.isNaN(to)) throw invalidArgument('betweenFilter needs fromValue and toValue.');
    return (x) => x >= from && x <= to;
  }
  throw invalidArgument('A filter must specify one of stringFilter, inListFilter, numericFilter, betweenFilter or emptyFilter.');
}

function stringTest(filter: Json): (x: string) => boolean {
  if (isObject(filter.stringFilter)) {
    const sf = filter.stringFilter;
    // proto3 cannot tell MATCH_TYPE_UNSPECIFIED (0) from absent; both mean EXACT
    const parsed = readEnum(MATCH_TYPE, sf.matchType, 'string_filter.match_type', 'EXACT');
    const matchType = parsed === 'MATCH_TYPE_UNSPECIFIED' ? 'EXACT' : parsed;
    const caseSensitive = sf.caseSensitive === true;
    const raw = String(sf.value ?? '');
    const value = caseSensitive ? raw : raw.toLowerCase();
    const norm = (x: string) => (caseSensitive ? x : x.toLowerCase());
    switch (matchType) {
      case 'EXACT': return (x) => norm(x) === value;
      case 'BEGINS_WITH': return (x) => norm(x).startsWith(value);
      case 'ENDS_WITH': return (x) => norm(x).endsWith(value);
      case 'CONTAINS': return (x) => norm(x).includes(value);
      case 'FULL_REGEXP':
      case 'PARTIAL_REGEXP': {
        let re: RegExp;
        try {
          re = new RegExp(matchType === 'FULL_REGEXP' ? `^(?:${raw})$` : raw, caseSensitive ? '' : 'i');
        } catch {
          throw invalidArgument(`Invalid regular expression: ${raw}`);
        }
        return (x) => re.test(x);
      }
      default: throw invalidArgument(`Invalid stringFilter matchType: ${matchType}.`);
    }
  }
  if (isObject(filter.inListFilter)) {
    const caseSensitive = filter.inListFilter.caseSensitive === true;
    const values = Array.isArray(filter.inListFilter.values) ? filter.inListFilter.values.map(String) : [];
    const set = new Set(caseSensitive ? values : values.map((v) => v.toLowerCase()));
    return (x) => set.has(caseSensitive ? x : x.toLowerCase());
  }
  if (filter.emptyFilter !== undefined) return (x) => x === '';
  const numeric = numericTest(filter);
  return (x) => numeric(Number(x));
}

function compile<T>(expr: unknown, leaf: (filter: Json) => { field: string; test: (get: (f: string) => T) => boolean }, fields: string[]): (get: (f: string) => T) => boolean {
  if (!isObject(expr)) throw invalidArgument('A FilterExpression must be an object.');
  const group = (key: 'andGroup' | 'orGroup') => {
    const g = expr[key];
    const list = isObject(g) && Array.isArray(g.expressions) ? g.expressions : [];
    return list.map((e) => compile(e, leaf, fields));
  };
  if (expr.andGroup !== undefined) {
    const parts = group('andGroup');
    return (get) => parts.every((p) => p(get));
  }
  if (expr.orGroup !== undefined) {
    const parts = group('orGroup');
    return (get) => parts.some((p) => p(get));
  }
  if (expr.notExpression !== undefined) {
    const inner = compile(expr.notExpression, leaf, fields);
    return (get) => !inner(get);
  }
  if (isObject(expr.filter)) {
    const l = leaf(expr.filter);
    fields.push(l.field);
    return l.test;
  }
  throw invalidArgument('A FilterExpression must set one of andGroup, orGroup, notExpression or filter.');
}

export function compileDimensionFilter(expr: unknown): DimensionPredicate {
  const fields: string[] = [];
  const test = compile<string>(expr, (filter) => {
    const field = String(filter.fieldName ?? '');
    if (!DIMENSION_BY_NAME.has(field)) throw notValidDimension(field);
    const t = stringTest(filter);
    return { field, test: (get) => t(get(field)) };
  }, fields);
  return { fields: [...new Set(fields)], test };
}

export function compileMetricFilter(expr: unknown): MetricPredicate {
  const fields: string[] = [];
  const test = compile<number>(expr, (filter) => {
    const field = String(filter.fieldName ?? '');
    if (!METRIC_BY_NAME.has(field)) throw notValidMetric(field);
    const t = numericTest(filter);
    return { field, test: (get) => t(get(field)) };
  }, fields);
  return { fields: [...new Set(fields)], test };
}
