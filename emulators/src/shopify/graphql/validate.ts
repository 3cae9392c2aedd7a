import { GraphQLParseError, parseDocument, type DocumentNode, type OperationNode, type Selection, type TypeRef, type ValueNode } from './parser.js';
import {
  BUILTIN_SCALARS, fieldsOf, kindOf, namedType, parseTypeString, possibleTypes, typeToString, valueToJs,
  type GraphQLErrorJson, type Prepared, type Schema,
} from './types.js';

// Static validation before execution, with graphql-ruby's messages and `extensions.code`s
// (Shopify answers these on HTTP 200 with no `data`).

export type PrepareResult = { ok: true; prepared: Prepared } | { ok: false; errors: GraphQLErrorJson[] };

export function prepare<C>(schema: Schema<C>, source: string, operationName: unknown, rawVars: unknown): PrepareResult {
  let doc: DocumentNode;
  try {
    doc = parseDocument(source);
  } catch (e) {
    if (e instanceof GraphQLParseError) return { ok: false, errors: [{ message: e.message, ...(e.loc ? { locations: [e.loc] } : {}) }] };
    throw e;
  }
  const name = typeof operationName === 'string' && operationName !== '' ? operationName : undefined;
  let operation: OperationNode | undefined;
  if (name) {
    operation = doc.operations.find((o) => o.name === name);
    if (!operation) return { ok: false, errors: [{ message: `No operation named "${name}"` }] };
  } else if (doc.operations.length > 1) {
    return { ok: false, errors: [{ message: 'An operation name is required' }] };
  } else operation = doc.operations[0];
  if (!operation) return { ok: false, errors: [{ message: 'No operations in document' }] };
  if (operation.operation === 'subscription') {
    return { ok: false, errors: [{ message: 'Schema is not configured for subscriptions', locations: [operation.loc], extensions: { code: 'missingSubscriptionConfiguration' } }] };
  }

  const errors: GraphQLErrorJson[] = [];
  const opLabel = `${operation.operation}${operation.name ? ` ${operation.name}` : ''}`;
  const declared = new Set(operation.variables.map((v) => v.name));
  const ctx: WalkCtx<C> = { schema, doc, errors, declared, opName: operation.name ?? 'anonymous', usedFragments: new Set() };
  const root = operation.operation === 'mutation' ? schema.mutation : schema.query;
  walk(ctx, root, operation.selections, [opLabel]);
  for (const frag of doc.fragments.values()) {
    if (!ctx.usedFragments.has(frag.name)) {
      errors.push({ message: `Fragment ${frag.name} was defined, but not used`, locations: [frag.loc], path: [`fragment ${frag.name}`], extensions: { code: 'useAndDefineFragment', fragmentName: frag.name } });
    }
  }
  for (const v of operation.variables) {
    const named = namedType(v.type);
    if (!kindOf(schema, named)) errors.push({ message: `${named} isn't a defined input type (on $${v.name})`, locations: [v.loc], path: [opLabel], extensions: { code: 'variableRequiresValidType', typeName: named, variableName: v.name } });
  }
  if (errors.length) return { ok: false, errors };

  const provided = rawVars && typeof rawVars === 'object' && !Array.isArray(rawVars) ? (rawVars as Record<string, unknown>) : {};
  const variables: Record<string, unknown> = {};
  for (const def of operation.variables) {
    let value = provided[def.name];
    if (value === undefined && def.defaultValue) value = valueToJs(def.defaultValue, {});
    const problems = checkValue(schema, def.type, value, []);
    if (problems.length) {
      errors.push({
        message: `Variable $${def.name} of type ${typeToString(def.type)} was provided invalid value`,
        locations: [def.loc],
        extensions: { value: value ?? null, problems },
      });
    }
    if (value !== undefined) variables[def.name] = value;
  }
  if (errors.length) return { ok: false, errors };
  return { ok: true, prepared: { doc, operation, variables } };
}

interface WalkCtx<C> {
  schema: Schema<C>;
  doc: DocumentNode;
  errors: GraphQLErrorJson[];
  declared: Set<string>;
  opName: string;
  usedFragments: Set<string>;
}

function walk<C>(ctx: WalkCtx<C>, typeName: string, selections: Selection[], path: string[]): void {
  const { schema, errors } = ctx;
  for (const sel of selections) {
    if (sel.kind === 'InlineFragment' || sel.kind === 'FragmentSpread') {
      let cond: string | undefined;
      let inner: Selection[];
      if (sel.kind === 'FragmentSpread') {
        const frag = ctx.doc.fragments.get(sel.name);
        if (!frag) {
          errors.push({ message: `Fragment ${sel.name} was used, but not defined`, locations: [sel.loc], path, extensions: { code: 'useAndDefineFragment', fragmentName: sel.name } });
          continue;
        }
        if (ctx.usedFragments.has(sel.name) && path.includes(`... ${sel.name}`)) continue; // cycle
        ctx.usedFragments.add(sel.name);
        cond = frag.typeCondition;
        inner = frag.selections;
      } else {
        cond = sel.typeCondition;
        inner = sel.selections;
      }
      const fragPath = [...path, sel.kind === 'FragmentSpread' ? `... ${sel.name}` : `... on ${cond ?? typeName}`];
      if (cond && !kindOf(schema, cond)) {
        errors.push({ message: `No such type ${cond}, so it can't be a fragment condition`, locations: [sel.loc], path: fragPath, extensions: { code: 'undefinedType', typeName: cond } });
        continue;
      }
      if (cond && !overlaps(schema, typeName, cond)) {
        errors.push({ message: `Fragment on ${cond} can't be spread inside ${typeName}`, locations: [sel.loc], path: fragPath, extensions: { code: 'cannotSpreadFragment', typeName: cond, fragmentName: sel.kind === 'FragmentSpread' ? sel.name : 'unknown', parentName: typeName } });
        continue;
      }
      walk(ctx, cond ?? typeName, inner, fragPath);
      continue;
    }
    const fieldPath = [...path, sel.alias ?? sel.name];
    if (sel.name === '__typename') {
      if (sel.selections) errors.push(selectionError(sel.name, 'String!', sel.loc, fieldPath, true));
      continue;
    }
    const field = fieldsOf(schema, typeName)?.[sel.name];
    if (!field) {
      errors.push({ message: `Field '${sel.name}' doesn't exist on type '${typeName}'`, locations: [sel.loc], path: fieldPath, extensions: { code: 'undefinedField', typeName, fieldName: sel.name } });
      continue;
    }
    const argDefs = field.args ?? {};
    for (const arg of sel.args) {
      const argType = argDefs[arg.name];
      if (!argType) {
        errors.push({ message: `Field '${sel.name}' doesn't accept argument '${arg.name}'`, locations: [sel.loc], path: [...fieldPath, arg.name], extensions: { code: 'argumentNotAccepted', name: sel.name, typeName: 'Field', argumentName: arg.name } });
        continue;
      }
      checkVariables(ctx, arg.value, sel.loc, fieldPath);
      if (!literalOk(schema, parseTypeString(argType), arg.value)) {
        errors.push({ message: `Argument '${arg.name}' on Field '${sel.name}' has an invalid value (${printValue(arg.value)}). Expected type '${argType}'.`, locations: [sel.loc], path: [...fieldPath, arg.name], extensions: { code: 'argumentLiteralsIncompatible', typeName: 'Field', argumentName: arg.name } });
      }
    }
    const missing = Object.entries(argDefs).filter(([n, t]) => t.endsWith('!') && !sel.args.some((a) => a.name === n)).map(([n]) => n);
    if (missing.length) {
      errors.push({ message: `Field '${sel.name}' is missing required arguments: ${missing.join(', ')}`, locations: [sel.loc], path: fieldPath, extensions: { code: 'missingRequiredArguments', className: 'Field', name: sel.name, arguments: missing.join(', ') } });
    }
    const ret = namedType(parseTypeString(field.type));
    const kind = kindOf(schema, ret);
    const composite = kind === 'OBJECT' || kind === 'INTERFACE' || kind === 'UNION';
    if (composite && !sel.selections) errors.push(selectionError(sel.name, ret, sel.loc, fieldPath, false));
    else if (!composite && sel.selections) errors.push(selectionError(sel.name, ret, sel.loc, fieldPath, true));
    else if (sel.selections) walk(ctx, ret, sel.selections, fieldPath);
  }
}

function selectionError(name: string, typeName: string, loc: { line: number; column: number }, path: string[], onScalar: boolean): GraphQLErrorJson {
  const message = onScalar
    ? `Selections can't be made on scalars (field '${name}' returns ${typeName} but has selections [...])`
    : `Field must have selections (field '${name}' returns ${typeName} but has no selections. Did you mean '${name} { ... }'?)`;
  return { message, locations: [loc], path, extensions: { code: 'selectionMismatch', nodeName: `field '${name}'`, typeName } };
}

function overlaps<C>(schema: Schema<C>, a: string, b: string): boolean {
  const pa = possibleTypes(schema, a);
  const pb = possibleTypes(schema, b);
  return pa.some((t) => pb.includes(t));
}

function checkVariables<C>(ctx: WalkCtx<C>, value: ValueNode, loc: { line: number; column: number }, path: string[]): void {
  if (value.kind === 'Variable' && !ctx.declared.has(value.name)) {
    ctx.errors.push({ message: `Variable $${value.name} is used by ${ctx.opName} but not declared`, locations: [loc], path, extensions: { code: 'variableNotDefined', variableName: value.name } });
  } else if (value.kind === 'List') value.values.forEach((v) => checkVariables(ctx, v, loc, path));
  else if (value.kind === 'Object') value.fields.forEach((f) => checkVariables(ctx, f.value, loc, path));
}

function printValue(v: ValueNode): string {
  switch (v.kind) {
    case 'Variable': return `$${v.name}`;
    case 'String': return JSON.stringify(v.value);
    case 'Null': return 'null';
    case 'Boolean': return String(v.value);
    case 'List': return `[${v.values.map(printValue).join(', ')}]`;
    case 'Object': return `{${v.fields.map((f) => `${f.name}: ${printValue(f.value)}`).join(', ')}}`;
    default: return v.value;
  }
}

/** literal type check (variables are checked when coerced) */
function literalOk<C>(schema: Schema<C>, t: TypeRef, v: ValueNode): boolean {
  if (v.kind === 'Variable') return true;
  if (t.kind === 'NonNull') return v.kind !== 'Null' && literalOk(schema, t.of, v);
  if (v.kind === 'Null') return true;
  if (t.kind === 'List') return v.kind === 'List' ? v.values.every((x) => literalOk(schema, t.of, x)) : literalOk(schema, t.of, v);
  const def = schema.types[t.name];
  switch (t.name) {
    case 'Int': return v.kind === 'Int';
    case 'Float': return v.kind === 'Int' || v.kind === 'Float';
    case 'Boolean': return v.kind === 'Boolean';
    case 'String': return v.kind === 'String';
    case 'ID': return v.kind === 'String' || v.kind === 'Int';
  }
  if (def?.kind === 'ENUM') return v.kind === 'Enum' && def.values.includes(v.value);
  if (def?.kind === 'INPUT_OBJECT') return v.kind === 'Object';
  return v.kind !== 'List' && v.kind !== 'Object';
}

/** problems with a variable's JSON value, graphql-ruby style */
function checkValue<C>(schema: Schema<C>, t: TypeRef, value: unknown, path: Array<string | number>): Array<{ path: Array<string | number>; explanation: string }> {
  if (t.kind === 'NonNull') {
    if (value === null || value === undefined) return [{ path, explanation: 'Expected value to not be null' }];
    return checkValue(schema, t.of, value, path);
  }
  if (value === null || value === undefined) return [];
  if (t.kind === 'List') {
    const items = Array.isArray(value) ? value : [value];
    return items.flatMap((item, i) => checkValue(schema, t.of, item, [...path, i]));
  }
  const bad = (what: string) => [{ path, explanation: `Could not coerce value ${JSON.stringify(value)} to ${what}` }];
  const def = schema.types[t.name];
  if (t.name === 'Int') return Number.isInteger(value) ? [] : bad('Int');
  if (t.name === 'Float') return typeof value === 'number' ? [] : bad('Float');
  if (t.name === 'Boolean') return typeof value === 'boolean' ? [] : bad('Boolean');
  if (t.name === 'String' || t.name === 'ID') return typeof value === 'string' || (t.name === 'ID' && typeof value === 'number') ? [] : bad(t.name);
  if (def?.kind === 'ENUM') return typeof value === 'string' && def.values.includes(value) ? [] : [{ path, explanation: `Expected ${JSON.stringify(value)} to be one of: ${def.values.join(', ')}` }];
  if (def?.kind === 'INPUT_OBJECT') {
    if (typeof value !== 'object' || Array.isArray(value)) return bad(t.name);
    const rec = value as Record<string, unknown>;
    const out: Array<{ path: Array<string | number>; explanation: string }> = [];
    for (const key of Object.keys(rec)) if (!def.fields[key]) out.push({ path: [...path, key], explanation: 'Field is not defined on ' + t.name });
    for (const [key, ft] of Object.entries(def.fields)) out.push(...checkValue(schema, parseTypeString(ft), rec[key], [...path, key]));
    return out;
  }
  if (!def && !BUILTIN_SCALARS.has(t.name)) return bad(t.name);
  return [];
}
