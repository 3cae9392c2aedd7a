import type { FieldNode, Selection } from './parser.js';
import { collectFields, fieldArgs, fieldsOf, isListType, kindOf, mergedSelections, namedType, parseTypeString, possibleTypes, type Prepared, type Schema } from './types.js';

// Shopify's calculated query cost (shopify.dev/docs/apps/build/apis/graphql-admin/rate-limits):
// scalars and enums 0, objects 1, interfaces/unions the maximum of their possible selections,
// connections 2 + first/last x the cost of one node, every mutation 10.
// The requested cost is computed from the query before it runs; the actual cost walks the data
// that came back (connections then count the nodes actually returned).

export const MUTATION_COST = 10;

export function requestedCost<C>(schema: Schema<C>, prepared: Prepared): number {
  if (prepared.operation.operation === 'mutation') return MUTATION_COST;
  return selectionCost(schema, prepared, schema.query, prepared.operation.selections, undefined);
}

export function actualCost<C>(schema: Schema<C>, prepared: Prepared, data: Record<string, unknown> | null): number {
  if (prepared.operation.operation === 'mutation') return MUTATION_COST;
  if (!data) return 0;
  return selectionCost(schema, prepared, schema.query, prepared.operation.selections, data);
}

/** data === undefined: the requested (static) cost; otherwise the cost of what was returned */
function selectionCost<C>(schema: Schema<C>, prepared: Prepared, typeName: string, selections: Selection[], data: Record<string, unknown> | undefined): number {
  let total = 0;
  for (const [key, nodes] of collectFields(schema, prepared, typeName, selections)) {
    const node = nodes[0] as FieldNode;
    if (node.name === '__typename') continue;
    const def = fieldsOf(schema, typeName)?.[node.name];
    if (!def) continue;
    const type = parseTypeString(def.type);
    const ret = namedType(type);
    const kind = kindOf(schema, ret);
    if (kind !== 'OBJECT' && kind !== 'INTERFACE' && kind !== 'UNION') continue;
    const sub = mergedSelections(nodes);
    const value = data === undefined ? undefined : data[key];
    if (data !== undefined && (value === null || value === undefined)) continue;
    if (ret.endsWith('Connection')) {
      total += connectionCost(schema, prepared, ret, sub, fieldArgs(node, prepared.variables), value as Record<string, unknown> | undefined);
    } else if (isListType(type)) {
      if (data === undefined) {
        const first = fieldArgs(node, prepared.variables).first;
        total += (typeof first === 'number' ? first : 1) * objectCost(schema, prepared, ret, sub, undefined);
      } else {
        for (const item of value as unknown[]) if (item) total += objectCost(schema, prepared, ret, sub, item as Record<string, unknown>);
      }
    } else {
      total += objectCost(schema, prepared, ret, sub, value as Record<string, unknown> | undefined);
    }
  }
  return total;
}

function objectCost<C>(schema: Schema<C>, prepared: Prepared, typeName: string, sub: Selection[], data: Record<string, unknown> | undefined): number {
  const types = possibleTypes(schema, typeName);
  let max = 0;
  for (const t of types) max = Math.max(max, selectionCost(schema, prepared, t, sub, data));
  return 1 + max;
}

function connectionCost<C>(schema: Schema<C>, prepared: Prepared, connType: string, sub: Selection[], args: Record<string, unknown>, data: Record<string, unknown> | undefined): number {
  const size = typeof args.first === 'number' ? args.first : typeof args.last === 'number' ? args.last : 0;
  let perEdges = 0;
  let perNodes = 0;
  for (const [key, nodes] of collectFields(schema, prepared, connType, sub)) {
    const n = nodes[0] as FieldNode;
    const def = fieldsOf(schema, connType)?.[n.name];
    if (!def) continue;
    const itemType = namedType(parseTypeString(def.type));
    const items = data === undefined ? undefined : ((data[key] as unknown[] | null) ?? []);
    if (n.name === 'nodes') {
      perNodes = items === undefined
        ? size * objectCost(schema, prepared, itemType, mergedSelections(nodes), undefined)
        : items.reduce<number>((s, it) => s + objectCost(schema, prepared, itemType, mergedSelections(nodes), it as Record<string, unknown>), 0);
    } else if (n.name === 'edges') {
      // an edge's own cost is folded into its node's, as Shopify reports it
      const nodeFields = collectFields(schema, prepared, itemType, mergedSelections(nodes));
      for (const [nodeKey, nodeNodes] of nodeFields) {
        const nn = nodeNodes[0] as FieldNode;
        if (nn.name !== 'node') continue;
        const nodeType = namedType(parseTypeString(fieldsOf(schema, itemType)?.node?.type ?? 'Node'));
        perEdges = items === undefined
          ? size * objectCost(schema, prepared, nodeType, mergedSelections(nodeNodes), undefined)
          : items.reduce<number>((s, e) => s + objectCost(schema, prepared, nodeType, mergedSelections(nodeNodes), (e as Record<string, unknown>)[nodeKey] as Record<string, unknown>), 0);
      }
    }
  }
  return 2 + Math.max(perEdges, perNodes);
}
