import { Stream } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ErrorResponse } from '@parallels/contract/common';

const NUL = '\u0000';

/** A raw body (a forwarded request's stream, a signed webhook's bytes): not parsed input, never walked. */
function isRaw(v: object): boolean {
  return v instanceof Stream || ArrayBuffer.isView(v) || v instanceof ArrayBuffer;
}

/**
 * The first place a NUL character hides in a parsed request part (a key or a string value, at any depth), as
 * the field path the error handler uses for schema errors ('name', 'items.0.title'); undefined when none.
 * Iterative, so a deeply nested body cannot exhaust the stack; each object once, so a cycle cannot loop.
 */
export function findNul(value: unknown): string | undefined {
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  const seen = new WeakSet<object>();
  while (stack.length > 0) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes(NUL)) return path || '(value)';
    } else if (v !== null && typeof v === 'object' && !isRaw(v) && !seen.has(v)) {
      seen.add(v);
      for (const [key, child] of Object.entries(v)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes(NUL)) return childPath;
        stack.push({ value: child, path: childPath });
      }
    }
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold a NUL character: one that reached a query failed there with a 500. Every
 * request's parameters, query and JSON body are refused with a 400 naming the field before any route sees
 * them (raw bodies, the signed webhooks, are parsed and checked by their own schemas).
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest, reply) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = findNul(part);
      if (field === undefined) continue;
      const message = `${field} must not contain a NUL character`;
      const body: ErrorResponse = { success: false, message, errors: [{ field, message }] };
      return reply.code(400).send(body);
    }
  });
}
