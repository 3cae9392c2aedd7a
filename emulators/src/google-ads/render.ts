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

/** metrics only, for summaryRow */
export function renderMetrics(plan: QueryPlan, m: Bundle): Record<string, unknown> {
  const metrics: Record<string, unknown> = {};
  for (const f of [...plan.metrics].sort()) setPath(metrics, camelPath(f).split('.').slice(1), encode(f, metricValue(m, f)));
  return { metrics };
}

export function renderRow(plan: QueryPlan, g: Group): Record<string, unknown> {
  const byResource = new Map<string, string[]>();
  for (const f of plan.select) {
    const r = resourceOf(f);
    byResource.set(r, [...(byResource.get(r) ?? []), f]);
  }
  if (!byResource.has(plan.from)) byResource.set(plan.from, []);
  const resources = [...byResource.keys()].filter((r) => r !== 'metrics' && r !== 'segments').sort();
  const row: Record<string, unknown> = {};
  for (const r of resources) {
    const obj: Record<string, unknown> = {};
    const fields = byResource.get(r) ?? [];
    const rn = `${r}.resource_name`;
    if (!plan.omitUnselectedResourceNames || fields.includes(rn)) {
      const name = g.rec[rn];
      if (name !== undefined) obj.resourceName = name;
    }
    for (const f of [...fields].sort((a, b) => (ORDER.get(a) ?? 0) - (ORDER.get(b) ?? 0))) {
      if (f === rn) continue;
      const v = encode(f, fieldValue(g.rec, g.day, f));
      if (v !== undefined) setPath(obj, camelPath(f).split('.').slice(1), v);
    }
    row[camelPath(r)] = obj;
  }
  const metrics = (byResource.get('metrics') ?? []).sort();
  if (metrics.length > 0) Object.assign(row, renderMetrics(plan, g.m));
  const segments = (byResource.get('segments') ?? []).sort();
  if (segments.length > 0) {
    const seg: Record<string, unknown> = {};
    for (const f of segments) {
      const v = encode(f, fieldValue(g.rec, g.day, f));
      if (v !== undefined) setPath(seg, camelPath(f).split('.').slice(1), v);
    }
    row.segments = seg;
  }
  return row;
}
