import { queryError } from './errors.js';

// Google Ads Query Language, syntax only:
//   SELECT f, ... FROM resource [WHERE cond AND cond ...] [ORDER BY f [ASC|DESC], ...] [LIMIT n] [PARAMETERS k = v, ...]
// GAQL has no OR. Syntax errors use the QueryError enum (google-ads v21 errors/query_error.proto).

export interface Literal {
  kind: 'string' | 'number' | 'ident';
  text: string;
}

export type Operator = 'EQ' | 'NE' | 'GT' | 'GE' | 'LT' | 'LE' | 'IN' | 'NOT_IN' | 'LIKE' | 'NOT_LIKE' | 'BETWEEN' | 'DURING'
  | 'CONTAINS_ANY' | 'CONTAINS_ALL' | 'CONTAINS_NONE' | 'IS_NULL' | 'IS_NOT_NULL' | 'REGEXP_MATCH' | 'NOT_REGEXP_MATCH';

export interface Condition {
  field: string;
  op: Operator;
  values: Literal[];
}

export interface ParsedQuery {
  select: string[];
  from: string;
  where: Condition[];
  orderBy: Array<{ field: string; desc: boolean }>;
  limit?: number;
  parameters: Record<string, string>;
}

interface Token {
  type: 'ident' | 'string' | 'number' | 'op' | '(' | ')' | ',' | 'other' | 'eof';
  text: string;
}

function lex(query: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < query.length) {
    const c = query[i]!;
    if (/\s/.test(c)) { i++; continue; }
    if (c === "'" || c === '"') {
      let j = i + 1;
      let text = '';
      for (; j < query.length && query[j] !== c; j++) {
        if (query[j] === '\n') throw queryError('PROHIBITED_NEWLINE_IN_STRING', 'Error in query: newline characters are not allowed in strings.');
        if (query[j] === '\\') {
          const next = query[j + 1];
          if (next === undefined || !`\\'"%_[]`.includes(next)) throw queryError('BAD_ESCAPE_SEQUENCE', `Error in query: invalid escape sequence \\${next ?? ''}.`);
          text += next === '%' || next === '_' || next === '[' || next === ']' ? `\\${next}` : next;
          j++;
          continue;
        }
        text += query[j];
      }
      if (j >= query.length) throw queryError('STRING_NOT_TERMINATED', 'Error in query: unterminated string literal.');
      out.push({ type: 'string', text });
      i = j + 1;
      continue;
    }
    const rest = query.slice(i);
    const num = /^-?\d+(\.\d+)?/.exec(rest);
    if (num) { out.push({ type: 'number', text: num[0] }); i += num[0].length; continue; }
    const ident = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(rest);
    if (ident) { out.push({ type: 'ident', text: ident[0] }); i += ident[0].length; continue; }
    const op = /^(!=|>=|<=|=|>|<)/.exec(rest);
    if (op) { out.push({ type: 'op', text: op[0] }); i += op[0].length; continue; }
    if (c === '(' || c === ')' || c === ',') { out.push({ type: c, text: c }); i++; continue; }
    if (c.charCodeAt(0) > 127) throw queryError('BAD_SYMBOL', `Error in query: unexpected symbol '${c}'.`);
    out.push({ type: 'other', text: c });
    i++;
  }
  out.push({ type: 'eof', text: '' });
  return out;
}

class Parser {
  private i = 0;
  constructor(private readonly tokens: Token[]) {}

  peek(): Token {
    return this.tokens[this.i] ?? { type: 'eof', text: '' };
  }
  next(): Token {
    const t = this.peek();
    this.i++;
    return t;
  }
  isKeyword(word: string): boolean {
    const t = this.peek();
    return t.type === 'ident' && t.text.toUpperCase() === word;
  }
  acceptKeyword(word: string): boolean {
    if (!this.isKeyword(word)) return false;
    this.i++;
    return true;
  }
  unexpected(): never {
    const t = this.peek();
    if (t.type === 'eof') throw queryError('UNEXPECTED_END_OF_QUERY', 'Error in query: unexpected end of query.');
    throw queryError('UNEXPECTED_INPUT', `Error in query: unexpected input ${t.text}.`);
  }
  field(): string {
    const t = this.peek();
    if (t.type !== 'ident') this.unexpected();
    this.i++;
    return t.text;
  }
  literal(): Literal {
    const t = this.peek();
    if (t.type === 'string') { this.i++; return { kind: 'string', text: t.text }; }
    if (t.type === 'number') { this.i++; return { kind: 'number', text: t.text }; }
    if (t.type === 'ident') { this.i++; return { kind: 'ident', text: t.text }; }
    if (t.type === '(') throw queryError('EXPECTED_SINGLE_VALUE', 'Error in query: the operator expects a single value, not a list.');
    return this.unexpected();
  }
  list(): Literal[] {
    if (this.peek().type !== '(') throw queryError('EXPECTED_LIST', 'Error in query: the operator requires a list of values.');
    this.i++;
    if (this.peek().type === ')') throw queryError('PROHIBITED_EMPTY_LIST_IN_CONDITION', 'Error in query: empty lists are not allowed in conditions.');
    const values = [this.literal()];
    while (this.peek().type === ',') {
      this.i++;
      values.push(this.literal());
    }
    if (this.peek().type !== ')') this.unexpected();
    this.i++;
    return values;
  }
  condition(): Condition {
    const field = this.field();
    const t = this.peek();
    const ops: Record<string, Operator> = { '=': 'EQ', '!=': 'NE', '>': 'GT', '>=': 'GE', '<': 'LT', '<=': 'LE' };
    if (t.type === 'op') {
      this.i++;
      return { field, op: ops[t.text]!, values: [this.literal()] };
    }
    if (this.acceptKeyword('IN')) return { field, op: 'IN', values: this.list() };
    if (this.acceptKeyword('NOT')) {
      if (this.acceptKeyword('IN')) return { field, op: 'NOT_IN', values: this.list() };
      if (this.acceptKeyword('LIKE')) return { field, op: 'NOT_LIKE', values: [this.literal()] };
      if (this.acceptKeyword('REGEXP_MATCH')) return { field, op: 'NOT_REGEXP_MATCH', values: [this.literal()] };
      throw queryError('BAD_OPERATOR', 'Error in query: invalid operator after NOT.');
    }
    if (this.acceptKeyword('LIKE')) return { field, op: 'LIKE', values: [this.literal()] };
    if (this.acceptKeyword('REGEXP_MATCH')) return { field, op: 'REGEXP_MATCH', values: [this.literal()] };
    if (this.acceptKeyword('DURING')) return { field, op: 'DURING', values: [this.literal()] };
    if (this.acceptKeyword('BETWEEN')) {
      const valueOrNothing = () => {
        const p = this.peek();
        if (p.type === 'eof' || (p.type === 'ident' && ['AND', 'ORDER', 'LIMIT', 'PARAMETERS'].includes(p.text.toUpperCase()))) {
          throw queryError('EXPECTED_VALUE_WITH_BETWEEN_OPERATOR', 'Error in query: BETWEEN needs two values.');
        }
        return this.literal();
      };
      const low = valueOrNothing();
      if (!this.acceptKeyword('AND')) throw queryError('EXPECTED_AND', 'Error in query: expected AND between the values of BETWEEN.');
      return { field, op: 'BETWEEN', values: [low, valueOrNothing()] };
    }
    if (this.acceptKeyword('CONTAINS')) {
      for (const kind of ['ANY', 'ALL', 'NONE'] as const) {
        if (this.acceptKeyword(kind)) return { field, op: `CONTAINS_${kind}`, values: this.list() };
      }
      throw queryError('BAD_OPERATOR', 'Error in query: CONTAINS must be followed by ANY, ALL or NONE.');
    }
    if (this.acceptKeyword('IS')) {
      const negated = this.acceptKeyword('NOT');
      if (!this.acceptKeyword('NULL')) throw queryError('BAD_OPERATOR', 'Error in query: expected NULL after IS.');
      return { field, op: negated ? 'IS_NOT_NULL' : 'IS_NULL', values: [] };
    }
    if (t.type === 'eof') this.unexpected();
    throw queryError('BAD_OPERATOR', `Error in query: invalid operator ${t.text}.`);
  }
}

export function parseGaql(query: string): ParsedQuery {
  const p = new Parser(lex(query));
  if (!p.acceptKeyword('SELECT')) {
    if (p.peek().type === 'eof') throw queryError('UNEXPECTED_END_OF_QUERY', 'Error in query: unexpected end of query.');
    throw queryError('EXPECTED_SELECT', 'Error in query: expected SELECT at the beginning of the query.');
  }
  const select = [p.field()];
  while (p.peek().type === ',') {
    p.next();
    select.push(p.field());
  }
  if (!p.acceptKeyword('FROM')) {
    if (p.peek().type === 'eof') throw queryError('EXPECTED_FROM', 'Error in query: missing FROM clause.');
    throw queryError('UNEXPECTED_INPUT', `Error in query: unexpected input ${p.peek().text}.`);
  }
  const from = p.field();
  const q: ParsedQuery = { select, from, where: [], orderBy: [], parameters: {} };
  if (p.acceptKeyword('WHERE')) {
    q.where.push(p.condition());
    while (p.acceptKeyword('AND')) q.where.push(p.condition());
  }
  if (p.acceptKeyword('ORDER')) {
    if (!p.acceptKeyword('BY')) throw queryError('EXPECTED_BY', 'Error in query: expected BY after ORDER.');
    do {
      const field = p.field();
      const desc = p.acceptKeyword('DESC');
      if (!desc) p.acceptKeyword('ASC');
      q.orderBy.push({ field, desc });
    } while (p.peek().type === ',' && p.next());
  }
  if (p.acceptKeyword('LIMIT')) {
    const t = p.next();
    if (t.type !== 'number' || !/^-?\d+$/.test(t.text)) throw queryError('BAD_LIMIT_VALUE', `Error in query: invalid LIMIT value ${t.text}.`);
    const n = Number(t.text);
    if (n <= 0) throw queryError('LIMIT_VALUE_TOO_LOW', 'Error in query: LIMIT must be greater than 0.');
    q.limit = n;
  }
  if (p.acceptKeyword('PARAMETERS')) {
    do {
      const name = p.field();
      const eq = p.next();
      if (eq.type !== 'op' || eq.text !== '=') throw queryError('BAD_PARAMETER_VALUE', `Error in query: expected '=' after parameter ${name}.`);
      q.parameters[name] = p.literal().text;
    } while (p.peek().type === ',' && p.next());
  }
  if (p.peek().type !== 'eof') p.unexpected();
  return q;
}
