import type { Bundle } from './allocate.js';
import { fieldValue, metricValue, type Group } from './execute.js';
import type { QueryPlan } from './plan.js';
import type { FieldValue } from './records.js';
import { FIELDS, camelPath, resourceOf } from './schema.js';

// GoogleAdsRow as REST JSON: lowerCamelCase keys, each selected resource with its resourceName first,
// int64 as strings, doubles and int32 as numbers, enums as strings; resources in proto (alphabetical)
// order, then metrics and segments. fieldMask lists the selected fields in SELECT order.

// Within a resource: resource_name, then id, then the schema's order.
const ORDER = new Map([...FIELDS.keys()].map((k, i) => [k, /\.(id|criterion_id)$/.test(k) ? -1 : i]));

function encode(field: string, v: FieldValue | number): unknown {
  if (v === undefined) return undefined;
  switch (FIELDS.get(field)?.type) {
    case 'int64': return String(v);
    case 'int32': case 'double': return Number(v);
    case 'bool': return Boolean(v);
    default: return v;
  }
}

function setPath(target: Record<string, unknown>, path: string[], value: unknown): void {
  let node = target;
  for (const key of path.slice(0, -1)) {
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[path.at(-1)!] = value;
}

export function fieldMask(plan: QueryPlan): string {
  return plan.select.map(camelPath).join(',');
}

/** a field and the JSON path under its resource (lowerCamelCase), worked out once per plan */
interface Slot {
  field: string;
  path: string[];
}

interface Layout {
  metrics: Slot[];
  resources: Array<{ key: string; resourceName: string | undefined; fields: Slot[] }>;
  segments: Slot[];
}

const slot = (f: string): Slot => ({ field: f, path: camelPath(f).split('.').slice(1) });
const layouts = new WeakMap<QueryPlan, Layout>();

/** which resources a row has, in which order, with which fields: the same for every row of a query */
function layoutOf(plan: QueryPlan): Layout {
  const hit = layouts.get(plan);
  if (hit) return hit;
  const byResource = new Map<string, string[]>();
  for (const f of plan.select) {
    const r = resourceOf(f);
    byResource.set(r, [...(byResource.get(r) ?? []), f]);
  }
  if (!byResource.has(plan.from)) byResource.set(plan.from, []);
  const resources = [...byResource.keys()].filter((r) => r !== 'metrics' && r !== 'segments').sort().map((r) => {
    const fields = byResource.get(r) ?? [];
    const rn = `${r}.resource_name`;
    return {
      key: camelPath(r),
      resourceName: !plan.omitUnselectedResourceNames || fields.includes(rn) ? rn : undefined,
      fields: [...fields].sort((a, b) => (ORDER.get(a) ?? 0) - (ORDER.get(b) ?? 0)).filter((f) => f !== rn).map(slot),
    };
  });
  const layout: Layout = {
    metrics: (byResource.get('metrics') ?? []).length > 0 ? [...plan.metrics].sort().map(slot) : [],
    resources,
    segments: (byResource.get('segments') ?? []).sort().map(slot),
  };
  layouts.set(plan, layout);
  return layout;
}

function metricsOf(slots: Slot[], m: Bundle): Record<string, unknown> {
  const metrics: Record<string, unknown> = {};
  for (const s of slots) setPath(metrics, s.path, encode(s.field, metricValue(m, s.field)));
  return metrics;
}

/** metrics only, for summaryRow */
export function renderMetrics(plan: QueryPlan, m: Bundle): Record<string, unknown> {
  return { metrics: metricsOf([...plan.metrics].sort().map(slot), m) };
}

export function renderRow(plan: QueryPlan, g: Group): Record<string, unknown> {
  const layout = layoutOf(plan);
  const row: Record<string, unknown> = {};
  for (const r of layout.resources) {
    const obj: Record<string, unknown> = {};
    if (r.resourceName !== undefined) {
      const name = g.rec[r.resourceName];
      if (name !== undefined) obj.resourceName = name;
    }
    for (const s of r.fields) {
      const v = encode(s.field, fieldValue(g.rec, g.day, s.field));
      if (v !== undefined) setPath(obj, s.path, v);
    }
    row[r.key] = obj;
  }
  if (layout.metrics.length > 0) row.metrics = metricsOf(layout.metrics, g.m);
  if (layout.segments.length > 0) {
    const seg: Record<string, unknown> = {};
    for (const s of layout.segments) {
      const v = encode(s.field, fieldValue(g.rec, g.day, s.field));
      if (v !== undefined) setPath(seg, s.path, v);
    }
    row.segments = seg;
  }
  return row;
}
