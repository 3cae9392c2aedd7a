import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorResponse } from '@parallels/contract/common';

/** An error whose message is meant for the user: thrown by services, sent as is with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

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
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ success: false, message: error.message, ...error.extra });
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
