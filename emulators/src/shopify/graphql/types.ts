import type { Directive, DocumentNode, FieldNode, Loc, OperationNode, Selection, TypeRef, ValueNode } from './parser.js';

/** What a resolver is told about the field it resolves. */
export interface ResolveInfo {
  field: FieldNode;
  /** the response path */
  readonly path: Array<string | number>;
  parentType: string;
}

export type Resolver<C> = (parent: unknown, args: Record<string, unknown>, ctx: C, info: ResolveInfo) => unknown;

export interface FieldDef<C> {
  /** SDL type, e.g. 'Order!', '[Refund!]!', 'OrderConnection!' */
  type: string;
  /** argument name -> SDL type ('Int', 'String!', 'OrderSortKeys', '[ID!]!') */
  args?: Record<string, string>;
  /** default: parent[fieldName] */
  resolve?: Resolver<C>;
}

export type TypeDef<C> =
  | { kind: 'OBJECT'; fields: Record<string, FieldDef<C>>; interfaces?: string[] }
  | { kind: 'INTERFACE'; fields: Record<string, FieldDef<C>>; possibleTypes: string[]; resolveType: (value: unknown) => string }
  | { kind: 'UNION'; possibleTypes: string[]; resolveType: (value: unknown) => string }
  | { kind: 'SCALAR' }
  | { kind: 'ENUM'; values: string[] }
  | { kind: 'INPUT_OBJECT'; fields: Record<string, string> };

export interface Schema<C> {
  types: Record<string, TypeDef<C>>;
  query: string;
  mutation: string;
}

export interface GraphQLErrorJson {
  message: string;
  locations?: Loc[];
  path?: Array<string | number>;
  extensions?: Record<string, unknown>;
}

/** Thrown by resolvers: becomes an entry of `errors` with the field's path, the field itself null. */
export class GraphQLExecError extends Error {
  constructor(message: string, readonly extensions?: Record<string, unknown>) {
    super(message);
  }
}

export const BUILTIN_SCALARS = new Set(['ID', 'String', 'Int', 'Float', 'Boolean']);

const typeCache = new Map<string, TypeRef>();

/** 'String!' / '[ID!]!' -> TypeRef */
export function parseTypeString(sdl: string): TypeRef {
  const cached = typeCache.get(sdl);
  if (cached) return cached;
  let t: TypeRef;
  if (sdl.endsWith('!')) t = { kind: 'NonNull', of: parseTypeString(sdl.slice(0, -1)) };
  else if (sdl.startsWith('[')) t = { kind: 'List', of: parseTypeString(sdl.slice(1, -1)) };
  else t = { kind: 'Named', name: sdl };
  typeCache.set(sdl, t);
  return t;
}

export function namedType(t: TypeRef): string {
  return t.kind === 'Named' ? t.name : namedType(t.of);
}

export function isListType(t: TypeRef): boolean {
  if (t.kind === 'NonNull') return isListType(t.of);
  return t.kind === 'List';
}

export function typeToString(t: TypeRef): string {
  if (t.kind === 'Named') return t.name;
  if (t.kind === 'List') return `[${typeToString(t.of)}]`;
  return `${typeToString(t.of)}!`;
}

export function kindOf<C>(schema: Schema<C>, name: string): TypeDef<C>['kind'] | undefined {
  if (BUILTIN_SCALARS.has(name)) return 'SCALAR';
  return schema.types[name]?.kind;
}

export function fieldsOf<C>(schema: Schema<C>, typeName: string): Record<string, FieldDef<C>> | undefined {
  const t = schema.types[typeName];
  return t && (t.kind === 'OBJECT' || t.kind === 'INTERFACE') ? t.fields : undefined;
}

/** does a fragment on `condition` apply to an object of type `typeName`? */
export function fragmentApplies<C>(schema: Schema<C>, condition: string | undefined, typeName: string): boolean {
  if (!condition || condition === typeName) return true;
  const t = schema.types[condition];
  return !!t && (t.kind === 'INTERFACE' || t.kind === 'UNION') && t.possibleTypes.includes(typeName);
}

/** possible object types a selection on `typeName` can meet */
export function possibleTypes<C>(schema: Schema<C>, typeName: string): string[] {
  const t = schema.types[typeName];
  return t && (t.kind === 'INTERFACE' || t.kind === 'UNION') ? t.possibleTypes : [typeName];
}

export interface Prepared {
  doc: DocumentNode;
  operation: OperationNode;
  variables: Record<string, unknown>;
}

/**
 * Fields of a selection set for an object type, grouped by response key (aliases), following
 * fragments whose type condition applies and honouring @skip / @include.
 */
export function collectFields<C>(
  schema: Schema<C>,
  prepared: Prepared,
  typeName: string,
  selections: Selection[],
  out: Map<string, FieldNode[]> = new Map(),
): Map<string, FieldNode[]> {
  for (const sel of selections) {
    if (!directivesAllow(sel.directives, prepared.variables)) continue;
    if (sel.kind === 'Field') {
      const key = sel.alias ?? sel.name;
      const list = out.get(key);
      if (list) list.push(sel);
      else out.set(key, [sel]);
    } else if (sel.kind === 'InlineFragment') {
      if (fragmentApplies(schema, sel.typeCondition, typeName)) collectFields(schema, prepared, typeName, sel.selections, out);
    } else {
      const frag = prepared.doc.fragments.get(sel.name);
      if (frag && fragmentApplies(schema, frag.typeCondition, typeName)) collectFields(schema, prepared, typeName, frag.selections, out);
    }
  }
  return out;
}

function directivesAllow(directives: Directive[], vars: Record<string, unknown>): boolean {
  for (const d of directives) {
    if (d.name !== 'skip' && d.name !== 'include') continue;
    const arg = d.args.find((a) => a.name === 'if');
    const v = arg ? valueToJs(arg.value, vars) : false;
    if (d.name === 'skip' && v === true) return false;
    if (d.name === 'include' && v !== true) return false;
  }
  return true;
}

/** literal or variable -> plain JS (enums as strings); undefined when a variable was not given */
export function valueToJs(value: ValueNode, vars: Record<string, unknown>): unknown {
  switch (value.kind) {
    case 'Variable': return vars[value.name];
    case 'Int': return parseInt(value.value, 10);
    case 'Float': return parseFloat(value.value);
    case 'String': case 'Enum': return value.value;
    case 'Boolean': return value.value;
    case 'Null': return null;
    case 'List': return value.values.map((v) => valueToJs(v, vars));
    case 'Object': {
      const out: Record<string, unknown> = {};
      for (const f of value.fields) {
        const v = valueToJs(f.value, vars);
        if (v !== undefined) out[f.name] = v;
      }
      return out;
    }
  }
}

const collectCache = new WeakMap<Prepared, WeakMap<Selection[], Map<string, Map<string, FieldNode[]>>>>();

/** collectFields memoised per operation, selection set and type (bulk exports call it per order) */
export function cachedFields<C>(schema: Schema<C>, prepared: Prepared, typeName: string, selections: Selection[]): Map<string, FieldNode[]> {
  let bySelections = collectCache.get(prepared);
  if (!bySelections) {
    bySelections = new WeakMap();
    collectCache.set(prepared, bySelections);
  }
  let byType = bySelections.get(selections);
  if (!byType) {
    byType = new Map();
    bySelections.set(selections, byType);
  }
  let fields = byType.get(typeName);
  if (!fields) {
    fields = collectFields(schema, prepared, typeName, selections);
    byType.set(typeName, fields);
  }
  return fields;
}

/** selections of the same response key merged (a field asked twice with different sub-selections) */
export function mergedSelections(nodes: FieldNode[]): Selection[] {
  if (nodes.length === 1) return nodes[0]?.selections ?? [];
  return nodes.flatMap((n) => n.selections ?? []);
}

export function fieldArgs(field: FieldNode, vars: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const a of field.args) {
    const v = valueToJs(a.value, vars);
    if (v !== undefined) out[a.name] = v;
  }
  return out;
}
