import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorResponse } from '@parallels/contract/common';
import { AppError, type FailureKind } from '../lib/app-error.js';

/** The one place a failure's kind becomes an HTTP status (services speak in kinds: lib/app-error.ts). */
export const STATUS_OF_FAILURE: Record<FailureKind, number> = {
  invalid: 400,
  'signed-out': 401,
  'plan-limit': 402,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-many-attempts': 429,
  'platform-failed': 502,
  unavailable: 503,
};

const GENERIC_500 = 'Something went wrong on our side. Please try again in a moment.';

/**
 * One place turns every failure into the contract's error shape. A 400 lists a message per field;
 * a 5xx never carries a stack trace, SQL or a path, only the request id to quote to support.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || String((v.params as { key?: string })?.key ?? '(body)'),
        message: v.message ?? 'Invalid value',
      }));
      // one sentence per distinct problem: two dates refused for the same reason say it once
      const body: ErrorResponse = { success: false, message: [...new Set(errors.map((e) => e.message))].join('. '), errors };
      return reply.code(400).send(body);
    }
    if (error instanceof AppError) {
      return reply.code(STATUS_OF_FAILURE[error.kind]).send({ success: false, message: error.message, ...error.extra });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, unsupported media type, body too large): their messages are safe.
      const message = status === 415 ? 'Send the request body as JSON (Content-Type: application/json).' : error.message;
      return reply.code(status).send({ success: false, message });
    }
    request.log.error({ err: error }, 'request failed');
    const body: ErrorResponse = { success: false, message: GENERIC_500, requestId: request.id };
    return reply.code(500).send(body);
  });
}
