// A small GraphQL executable-document parser (queries, mutations, variables, fragments, directives).
// Errors read like graphql-ruby's, which is what Shopify runs: `Parse error on "}" (RCURLY) at [3, 5]`.

export interface Loc { line: number; column: number }

export type ValueNode =
  | { kind: 'Variable'; name: string; loc: Loc }
  | { kind: 'Int' | 'Float' | 'String' | 'Enum'; value: string; loc: Loc }
  | { kind: 'Boolean'; value: boolean; loc: Loc }
  | { kind: 'Null'; loc: Loc }
  | { kind: 'List'; values: ValueNode[]; loc: Loc }
  | { kind: 'Object'; fields: Array<{ name: string; value: ValueNode }>; loc: Loc };

export interface Argument { name: string; value: ValueNode }
export interface Directive { name: string; args: Argument[] }

export interface FieldNode {
  kind: 'Field';
  alias: string | undefined;
  name: string;
  args: Argument[];
  directives: Directive[];
  selections: Selection[] | null;
  loc: Loc;
}
export interface FragmentSpreadNode { kind: 'FragmentSpread'; name: string; directives: Directive[]; loc: Loc }
export interface InlineFragmentNode { kind: 'InlineFragment'; typeCondition: string | undefined; directives: Directive[]; selections: Selection[]; loc: Loc }
export type Selection = FieldNode | FragmentSpreadNode | InlineFragmentNode;

export type TypeRef = { kind: 'Named'; name: string } | { kind: 'List'; of: TypeRef } | { kind: 'NonNull'; of: TypeRef };
export interface VariableDef { name: string; type: TypeRef; defaultValue: ValueNode | undefined; loc: Loc }

export interface OperationNode {
  operation: 'query' | 'mutation' | 'subscription';
  name: string | undefined;
  variables: VariableDef[];
  selections: Selection[];
  loc: Loc;
}
export interface FragmentNode { name: string; typeCondition: string; selections: Selection[]; loc: Loc }
export interface DocumentNode { operations: OperationNode[]; fragments: Map<string, FragmentNode> }

export class GraphQLParseError extends Error {
  constructor(message: string, readonly loc: Loc | null) {
    super(message);
  }
}

type TokenKind = 'PUNCT' | 'NAME' | 'INT' | 'FLOAT' | 'STRING' | 'EOF';
interface Token { kind: TokenKind; value: string; loc: Loc }

const PUNCT_NAMES: Record<string, string> = {
  '{': 'LCURLY', '}': 'RCURLY', '(': 'LPAREN', ')': 'RPAREN', '[': 'LBRACKET', ']': 'RBRACKET', ':': 'COLON',
  '$': 'VAR_SIGN', '!': 'BANG', '=': 'EQUALS', '...': 'ELLIPSIS', '@': 'DIR_SIGN', '|': 'PIPE', '&': 'AMP',
};

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const loc = (): Loc => ({ line, column: i - lineStart + 1 });
  while (i < source.length) {
    const c = source[i] as string;
    if (c === '\n') { i++; line++; lineStart = i; continue; }
    if (c === ' ' || c === '\t' || c === '\r' || c === ',' || c === '\ufeff') { i++; continue; }
    if (c === '#') { while (i < source.length && source[i] !== '\n') i++; continue; }
    const start = loc();
    if (source.startsWith('...', i)) { tokens.push({ kind: 'PUNCT', value: '...', loc: start }); i += 3; continue; }
    if ('{}()[]:$!=@|&'.includes(c)) { tokens.push({ kind: 'PUNCT', value: c, loc: start }); i++; continue; }
    if (/[A-Za-z_]/.test(c)) {
      let j = i + 1;
      while (j < source.length && /[A-Za-z0-9_]/.test(source[j] as string)) j++;
      tokens.push({ kind: 'NAME', value: source.slice(i, j), loc: start });
      i = j;
      continue;
    }
    if (c === '-' || /[0-9]/.test(c)) {
      const m = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(source.slice(i));
      if (!m) throw new GraphQLParseError(`Parse error on "${c}" (UNKNOWN_CHAR) at [${start.line}, ${start.column}]`, start);
      tokens.push({ kind: m[2] || m[3] ? 'FLOAT' : 'INT', value: m[0], loc: start });
      i += m[0].length;
      continue;
    }
    if (source.startsWith('"""', i)) {
      const end = source.indexOf('"""', i + 3);
      if (end < 0) throw new GraphQLParseError('Unterminated string', start);
      const raw = source.slice(i + 3, end);
      tokens.push({ kind: 'STRING', value: blockString(raw.replaceAll('\\"""', '"""')), loc: start });
      for (const ch of source.slice(i, end + 3)) if (ch === '\n') line++;
      const lastNl = source.lastIndexOf('\n', end);
      if (lastNl >= i) lineStart = lastNl + 1;
      i = end + 3;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      let out = '';
      while (j < source.length && source[j] !== '"') {
        const ch = source[j] as string;
        if (ch === '\n') throw new GraphQLParseError('Unterminated string', start);
        if (ch === '\\') {
          const esc = source[j + 1];
          const map: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '"': '"', '\\': '\\', '/': '/' };
          if (esc === 'u') { out += String.fromCharCode(parseInt(source.slice(j + 2, j + 6), 16)); j += 6; continue; }
          out += map[esc ?? ''] ?? esc ?? '';
          j += 2;
          continue;
        }
        out += ch;
        j++;
      }
      if (j >= source.length) throw new GraphQLParseError('Unterminated string', start);
      tokens.push({ kind: 'STRING', value: out, loc: start });
      i = j + 1;
      continue;
    }
    throw new GraphQLParseError(`Parse error on "${c}" (UNKNOWN_CHAR) at [${start.line}, ${start.column}]`, start);
  }
  tokens.push({ kind: 'EOF', value: '', loc: loc() });
  return tokens;
}

/** GraphQL spec block-string value: strip common indentation and blank first/last lines. */
function blockString(raw: string): string {
  const lines = raw.split(/\r\n|\n|\r/);
  let common: number | null = null;
  for (const l of lines.slice(1)) {
    const indent = l.length - l.trimStart().length;
    if (indent < l.length && (common === null || indent < common)) common = indent;
  }
  const out = lines.map((l, idx) => (idx === 0 || common === null ? l : l.slice(common)));
  while (out.length && out[0]?.trim() === '') out.shift();
  while (out.length && out[out.length - 1]?.trim() === '') out.pop();
  return out.join('\n');
}

class Parser {
  private pos = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token { return this.tokens[this.pos] as Token; }
  private next(): Token { return this.tokens[this.pos++] as Token; }
  private fail(t: Token): never {
    if (t.kind === 'EOF') throw new GraphQLParseError('Unexpected end of document', null);
    const name = t.kind === 'PUNCT' ? PUNCT_NAMES[t.value] ?? t.value : t.kind === 'NAME' ? 'IDENTIFIER' : t.kind;
    throw new GraphQLParseError(`Parse error on "${t.value}" (${name}) at [${t.loc.line}, ${t.loc.column}]`, t.loc);
  }
  private is(value: string): boolean { const t = this.peek(); return t.kind === 'PUNCT' && t.value === value; }
  private expect(value: string): Token { const t = this.next(); if (t.kind !== 'PUNCT' || t.value !== value) this.fail(t); return t; }
  private name(): string { const t = this.next(); if (t.kind !== 'NAME') this.fail(t); return t.value; }

  document(): DocumentNode {
    const doc: DocumentNode = { operations: [], fragments: new Map() };
    while (this.peek().kind !== 'EOF') {
      const t = this.peek();
      if (this.is('{')) doc.operations.push({ operation: 'query', name: undefined, variables: [], selections: this.selectionSet(), loc: t.loc });
      else if (t.kind === 'NAME' && t.value === 'fragment') {
        this.next();
        const name = this.name();
        const on = this.next();
        if (on.value !== 'on') this.fail(on);
        const typeCondition = this.name();
        this.directives();
        doc.fragments.set(name, { name, typeCondition, selections: this.selectionSet(), loc: t.loc });
      } else if (t.kind === 'NAME' && (t.value === 'query' || t.value === 'mutation' || t.value === 'subscription')) {
        this.next();
        const name = this.peek().kind === 'NAME' ? this.name() : undefined;
        const variables = this.is('(') ? this.variableDefs() : [];
        this.directives();
        doc.operations.push({ operation: t.value, name, variables, selections: this.selectionSet(), loc: t.loc });
      } else this.fail(t);
    }
    if (doc.operations.length === 0 && doc.fragments.size === 0) throw new GraphQLParseError('Unexpected end of document', null);
    return doc;
  }

  private variableDefs(): VariableDef[] {
    this.expect('(');
    const defs: VariableDef[] = [];
    while (!this.is(')')) {
      const loc = this.expect('$').loc;
      const name = this.name();
      this.expect(':');
      const type = this.typeRef();
      let defaultValue: ValueNode | undefined;
      if (this.is('=')) { this.next(); defaultValue = this.value(true); }
      this.directives();
      defs.push({ name, type, defaultValue, loc });
    }
    this.next();
    return defs;
  }

  private typeRef(): TypeRef {
    let t: TypeRef;
    if (this.is('[')) { this.next(); const of = this.typeRef(); this.expect(']'); t = { kind: 'List', of }; }
    else t = { kind: 'Named', name: this.name() };
    if (this.is('!')) { this.next(); t = { kind: 'NonNull', of: t }; }
    return t;
  }

  private selectionSet(): Selection[] {
    this.expect('{');
    const out: Selection[] = [];
    while (!this.is('}')) {
      if (this.peek().kind === 'EOF') this.fail(this.peek());
      out.push(this.selection());
    }
    this.next();
    return out;
  }

  private selection(): Selection {
    const t = this.peek();
    if (this.is('...')) {
      this.next();
      const n = this.peek();
      if (n.kind === 'NAME' && n.value !== 'on') {
        this.next();
        return { kind: 'FragmentSpread', name: n.value, directives: this.directives(), loc: t.loc };
      }
      let typeCondition: string | undefined;
      if (n.kind === 'NAME' && n.value === 'on') { this.next(); typeCondition = this.name(); }
      const directives = this.directives();
      return { kind: 'InlineFragment', typeCondition, directives, selections: this.selectionSet(), loc: t.loc };
    }
    let name = this.name();
    let alias: string | undefined;
    if (this.is(':')) { this.next(); alias = name; name = this.name(); }
    const args = this.is('(') ? this.args(false) : [];
    const directives = this.directives();
    const selections = this.is('{') ? this.selectionSet() : null;
    return { kind: 'Field', alias, name, args, directives, selections, loc: t.loc };
  }

  private args(isConst: boolean): Argument[] {
    this.expect('(');
    const out: Argument[] = [];
    while (!this.is(')')) {
      const name = this.name();
      this.expect(':');
      out.push({ name, value: this.value(isConst) });
    }
    this.next();
    return out;
  }

  private directives(): Directive[] {
    const out: Directive[] = [];
    while (this.is('@')) {
      this.next();
      const name = this.name();
      out.push({ name, args: this.is('(') ? this.args(false) : [] });
    }
    return out;
  }

  private value(isConst: boolean): ValueNode {
    const t = this.next();
    const loc = t.loc;
    if (t.kind === 'PUNCT') {
      if (t.value === '$' && !isConst) return { kind: 'Variable', name: this.name(), loc };
      if (t.value === '[') {
        const values: ValueNode[] = [];
        while (!this.is(']')) values.push(this.value(isConst));
        this.next();
        return { kind: 'List', values, loc };
      }
      if (t.value === '{') {
        const fields: Array<{ name: string; value: ValueNode }> = [];
        while (!this.is('}')) {
          const name = this.name();
          this.expect(':');
          fields.push({ name, value: this.value(isConst) });
        }
        this.next();
        return { kind: 'Object', fields, loc };
      }
      this.fail(t);
    }
    if (t.kind === 'INT') return { kind: 'Int', value: t.value, loc };
    if (t.kind === 'FLOAT') return { kind: 'Float', value: t.value, loc };
    if (t.kind === 'STRING') return { kind: 'String', value: t.value, loc };
    if (t.kind === 'NAME') {
      if (t.value === 'true' || t.value === 'false') return { kind: 'Boolean', value: t.value === 'true', loc };
      if (t.value === 'null') return { kind: 'Null', loc };
      return { kind: 'Enum', value: t.value, loc };
    }
    return this.fail(t);
  }
}

export function parseDocument(source: string): DocumentNode {
  return new Parser(tokenize(source)).document();
}
