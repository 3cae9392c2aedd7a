// Query parameters that carry secrets or one-time credentials (OAuth codes and states, HMACs, login
// tickets, tokens): their values never reach the logs (security checklist H1).
const SECRET_PARAMS = /^(code|state|hmac|signature|token|auth_token|access_token|refresh_token|id_token|client_secret|password|.*token)$/i;

export function scrubUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) if (SECRET_PARAMS.test(key)) params.set(key, '[redacted]');
  return `${url.slice(0, q)}?${params.toString()}`;
}

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  cause?: unknown;
  [key: string]: unknown;
}

/** A value quoted in a database message ('invalid input syntax for type uuid: "<value>"') may be a parameter. */
const redactQuoted = (text: string) => text.replace(/"[^"\n]*"/g, '"[redacted]"');
const stackFrames = (stack: unknown) => (typeof stack === 'string' ? stack.split('\n').filter((l) => l.startsWith('    at ')) : []);

/**
 * The `err` serializer of every log line. A failed SQL statement is logged with the statement, the error
 * code and the schema names involved (constraint, table, column), never its parameter values: drizzle's
 * error message and stack carry them ("params: <token>,1"), and PostgreSQL's message and detail quote them
 * ('Key (email)=(...) already exists'). Other errors keep their usual fields.
 */
export function serializeError(err: unknown, depth = 0): unknown {
  if (err === null || typeof err !== 'object') return err;
  const e = err as ErrorLike;
  const type = typeof e.name === 'string' ? e.name : (e.constructor as { name?: string } | undefined)?.name;
  const cause = e.cause !== undefined && depth < 5 ? serializeError(e.cause, depth + 1) : undefined;
  // PostgreSQL's (pg, PGlite) errors: PGlite's also carries the query and its params
  const isDatabaseError = typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && ('severity' in e || 'routine' in e);
  const statement = typeof e.query === 'string' ? e.query : undefined;
  if (isDatabaseError) {
    const message = redactQuoted(String(e.message ?? ''));
    const names = Object.fromEntries(['constraint', 'table', 'column', 'schema', 'dataType'].filter((k) => typeof e[k] === 'string').map((k) => [k, e[k]]));
    return { type, message, code: e.code, severity: e.severity, ...names, statement, stack: [`${String(type)}: ${message}`, ...stackFrames(e.stack)].join('\n'), cause };
  }
  // drizzle's DrizzleQueryError: "Failed query: <statement>\nparams: <values>"
  if (statement !== undefined && 'params' in e) {
    const message = `Failed query: ${statement}`;
    return { type, message, statement, stack: [`${String(type)}: ${message}`, ...stackFrames(e.stack)].join('\n'), cause };
  }
  const plain: Record<string, unknown> = { type, message: e.message, stack: e.stack };
  for (const [k, v] of Object.entries(e)) if (k !== 'cause' && !(k in plain)) plain[k] = v;
  if (cause !== undefined) plain.cause = cause;
  return plain;
}
