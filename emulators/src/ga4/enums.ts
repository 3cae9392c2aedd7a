import type { FastifyRequest } from 'fastify';
import { invalidArgument } from './errors.js';

/**
 * The proto enums GA4's JSON carries, with their wire numbers (google.analytics.data.v1beta and
 * google.analytics.admin.v1beta protos). Proto3 JSON parsers take an enum as its name or its number, so
 * Google's own clients may send either: the Node client (google-gax REST fallback) sends numbers and asks
 * for numbers back with `$alt=json;enum-encoding=int`.
 */
export interface EnumTable {
  /** the proto type, as Google names it in 'Invalid value' messages */
  type: string;
  values: Readonly<Record<string, number>>;
}

const DATA = 'type.googleapis.com/google.analytics.data.v1beta';
const ADMIN = 'type.googleapis.com/google.analytics.admin.v1beta';

export const MATCH_TYPE: EnumTable = { type: `${DATA}.Filter.StringFilter.MatchType`, values: { MATCH_TYPE_UNSPECIFIED: 0, EXACT: 1, BEGINS_WITH: 2, ENDS_WITH: 3, CONTAINS: 4, FULL_REGEXP: 5, PARTIAL_REGEXP: 6 } };
export const NUMERIC_OPERATION: EnumTable = { type: `${DATA}.Filter.NumericFilter.Operation`, values: { OPERATION_UNSPECIFIED: 0, EQUAL: 1, LESS_THAN: 2, LESS_THAN_OR_EQUAL: 3, GREATER_THAN: 4, GREATER_THAN_OR_EQUAL: 5 } };
export const ORDER_TYPE: EnumTable = { type: `${DATA}.OrderBy.DimensionOrderBy.OrderType`, values: { ORDER_TYPE_UNSPECIFIED: 0, ALPHANUMERIC: 1, CASE_INSENSITIVE_ALPHANUMERIC: 2, NUMERIC: 3 } };
export const METRIC_AGGREGATION: EnumTable = { type: `${DATA}.MetricAggregation`, values: { METRIC_AGGREGATION_UNSPECIFIED: 0, TOTAL: 1, COUNT: 4, MINIMUM: 5, MAXIMUM: 6 } };
export const METRIC_TYPE: EnumTable = { type: `${DATA}.MetricType`, values: {
  METRIC_TYPE_UNSPECIFIED: 0, TYPE_INTEGER: 1, TYPE_FLOAT: 2, TYPE_SECONDS: 4, TYPE_MILLISECONDS: 5, TYPE_MINUTES: 6, TYPE_HOURS: 7,
  TYPE_STANDARD: 8, TYPE_CURRENCY: 9, TYPE_FEET: 10, TYPE_MILES: 11, TYPE_METERS: 12, TYPE_KILOMETERS: 13,
} };
export const BLOCKED_REASON: EnumTable = { type: `${DATA}.MetricMetadata.BlockedReason`, values: { BLOCKED_REASON_UNSPECIFIED: 0, NO_REVENUE_METRICS: 1, NO_COST_METRICS: 2 } };
export const PROPERTY_TYPE: EnumTable = { type: `${ADMIN}.PropertyType`, values: { PROPERTY_TYPE_UNSPECIFIED: 0, PROPERTY_TYPE_ORDINARY: 1, PROPERTY_TYPE_SUBPROPERTY: 2, PROPERTY_TYPE_ROLLUP: 3 } };
export const SERVICE_LEVEL: EnumTable = { type: `${ADMIN}.ServiceLevel`, values: { SERVICE_LEVEL_UNSPECIFIED: 0, GOOGLE_ANALYTICS_STANDARD: 1, GOOGLE_ANALYTICS_360: 2 } };
export const INDUSTRY_CATEGORY: EnumTable = { type: `${ADMIN}.IndustryCategory`, values: {
  INDUSTRY_CATEGORY_UNSPECIFIED: 0, AUTOMOTIVE: 1, BUSINESS_AND_INDUSTRIAL_MARKETS: 2, FINANCE: 3, HEALTHCARE: 4, TECHNOLOGY: 5,
  TRAVEL: 6, OTHER: 7, ARTS_AND_ENTERTAINMENT: 8, BEAUTY_AND_FITNESS: 9, BOOKS_AND_LITERATURE: 10, FOOD_AND_DRINK: 11, GAMES: 12,
  HOBBIES_AND_LEISURE: 13, HOME_AND_GARDEN: 14, INTERNET_AND_TELECOM: 15, LAW_AND_GOVERNMENT: 16, NEWS: 17, ONLINE_COMMUNITIES: 18,
  PEOPLE_AND_SOCIETY: 19, PETS_AND_ANIMALS: 20, REAL_ESTATE: 21, REFERENCE: 22, SCIENCE: 23, SPORTS: 24, JOBS_AND_EDUCATION: 25, SHOPPING: 26,
} };

/**
 * An enum value as a request carries it: its name, its number, or its number as a string (protobuf's JSON
 * parsers take all three). Absent -> `fallback`. A number the enum does not define is refused naming the field,
 * the way Google's front end refuses a name it does not know.
 */
export function readEnum(table: EnumTable, value: unknown, field: string, fallback: string): string {
  if (value === undefined || value === null) return fallback;
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : undefined;
  const name = number !== undefined ? Object.keys(table.values).find((k) => table.values[k] === number)
    : typeof value === 'string' && value in table.values ? value : undefined;
  if (name === undefined) throw invalidArgument(`Invalid value at '${field}' (${table.type}), ${JSON.stringify(value)}`);
  return name;
}

/**
 * Google APIs take the response encoding as the system parameter `$alt` (or `alt`): `json;enum-encoding=int`
 * asks for enums as numbers, anything else (or nothing) for names.
 */
export function wantsIntEnums(req: FastifyRequest): boolean {
  const q = (req.query ?? {}) as Record<string, unknown>;
  const alt = q.$alt ?? q.alt;
  const value = Array.isArray(alt) ? alt.at(-1) : alt;
  if (typeof value !== 'string') return false;
  const [format, ...params] = value.split(';').map((s) => s.trim().toLowerCase());
  return format === 'json' && params.includes('enum-encoding=int');
}

// Response fields that are enums, by JSON name. In GA4's responses these names are enums wherever they appear
// (metricHeaders[].type and metadata metrics[].type; the Admin API's property fields).
const RESPONSE_ENUMS: Record<string, EnumTable> = {
  type: METRIC_TYPE,
  blockedReasons: BLOCKED_REASON,
  propertyType: PROPERTY_TYPE,
  serviceLevel: SERVICE_LEVEL,
  industryCategory: INDUSTRY_CATEGORY,
};

/** A response body with every enum written as its number. */
export function intEnums(body: unknown, key?: string): unknown {
  if (Array.isArray(body)) return body.map((x) => intEnums(x, key));
  if (typeof body === 'string' && key !== undefined) {
    const table = RESPONSE_ENUMS[key];
    return table && body in table.values ? table.values[body] : body;
  }
  if (typeof body !== 'object' || body === null) return body;
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, intEnums(v, k)]));
}
