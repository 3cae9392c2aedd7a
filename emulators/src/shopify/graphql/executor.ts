import type { FieldNode, Selection, TypeRef } from './parser.js';
import {
  cachedFields, fieldArgs, fieldsOf, GraphQLExecError, mergedSelections, parseTypeString,
  type GraphQLErrorJson, type Prepared, type ResolveInfo, type Schema,
} from './types.js';

/**
 * Runs a prepared (validated) operation, field by field in document order (so mutations run serially).
 * Synchronous on purpose: all data is in memory, and bulk exports run this once per order.
 */
export function execute<C>(schema: Schema<C>, prepared: Prepared, ctx: C): { data: Record<string, unknown> | null; errors: GraphQLErrorJson[] } {
  const exec = new Executor(schema, prepared, ctx);
  const root = prepared.operation.operation === 'mutation' ? schema.mutation : schema.query;
  let data: Record<string, unknown> | null;
  try {
    data = exec.selectionSet(root, null, prepared.operation.selections);
  } catch (e) {
    if (!(e instanceof PropagateNull)) throw e;
    data = null; // a non-null root field failed: GraphQL nulls the whole `data`
  }
  return { data, errors: exec.errors };
}

/** a non-null field failed: its parent object becomes null (GraphQL null propagation) */
class PropagateNull extends Error {}

/** response path as a linked list: built per field, turned into an array only when needed */
interface PathNode { prev: PathNode | null; key: string | number }

function pathArray(p: PathNode | null): Array<string | number> {
  const out: Array<string | number> = [];
  for (let n = p; n; n = n.prev) out.push(n.key);
  return out.reverse();
}

/** a class with a getter rather than an object with a closure: resolvers run once per field per order in bulk exports */
class Info implements ResolveInfo {
  constructor(readonly field: FieldNode, private readonly node: PathNode, readonly parentType: string) {}
  get path(): Array<string | number> {
    return pathArray(this.node);
  }
}

export class Executor<C> {
  readonly errors: GraphQLErrorJson[] = [];

  constructor(private readonly schema: Schema<C>, private readonly prepared: Prepared, private readonly ctx: C) {}

  selectionSet(typeName: string, parent: unknown, selections: Selection[], path: PathNode | null = null): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const fields = cachedFields(this.schema, this.prepared, typeName, selections);
    for (const [key, nodes] of fields) {
      const node = nodes[0] as FieldNode;
      out[key] = this.field(typeName, parent, node, nodes, { prev: path, key });
    }
    return out;
  }

  private field(typeName: string, parent: unknown, node: FieldNode, nodes: FieldNode[], path: PathNode): unknown {
    if (node.name === '__typename') return typeName;
    const def = fieldsOf(this.schema, typeName)?.[node.name];
    if (!def) return null; // validation already reported it
    const args = fieldArgs(node, this.prepared.variables);
    let value: unknown;
    try {
      value = def.resolve
        ? def.resolve(parent, args, this.ctx, new Info(node, path, typeName))
        : parent && typeof parent === 'object' ? (parent as Record<string, unknown>)[node.name] : undefined;
      return this.complete(parseTypeString(def.type), value, nodes, path);
    } catch (e) {
      if (e instanceof GraphQLExecError) {
        this.errors.push({ message: e.message, locations: [node.loc], path: pathArray(path), ...(e.extensions ? { extensions: e.extensions } : {}) });
      } else if (!(e instanceof PropagateNull)) throw e;
      if (def.type.endsWith('!')) throw new PropagateNull();
      return null;
    }
  }

  private complete(t: TypeRef, value: unknown, nodes: FieldNode[], path: PathNode): unknown {
    if (t.kind === 'NonNull') return this.complete(t.of, value, nodes, path);
    if (value === null || value === undefined) return null;
    if (t.kind === 'List') {
      const items = Array.isArray(value) ? value : [value];
      const out: unknown[] = [];
      for (let i = 0; i < items.length; i++) out.push(this.complete(t.of, items[i], nodes, { prev: path, key: i }));
      return out;
    }
    const def = this.schema.types[t.name];
    if (!def || def.kind === 'SCALAR' || def.kind === 'ENUM' || def.kind === 'INPUT_OBJECT') return value;
    const concrete = def.kind === 'OBJECT' ? t.name : def.resolveType(value);
    return this.selectionSet(concrete, value, mergedSelections(nodes), path);
  }
}
