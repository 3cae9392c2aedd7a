import type { FastifyReply, FastifyRequest } from 'fastify';

// Zoho Desk error bodies (reference 6.5): {"errorCode","message"[,"errors"]}. Codes marked [U] in
// the reference (rate limiting, 5xx, a missing orgId header) are best guesses, noted in README.

export interface FieldError { fieldName: string; errorType: 'missing' | 'invalid'; errorMessage: string }

export const DESK_ERRORS = {
  UNAUTHORIZED: [401, 'You are not authenticated to perform this operation.'],
  INVALID_OAUTH: [401, 'The OAuth Token you provided is invalid.'],
  SCOPE_MISMATCH: [403, 'The OAuth Token does not contain the scope to perform this operation.'],
  OAUTH_ORG_MISMATCH: [403, 'The OAuthToken is not valid for specified organization.'],
  INVALID_DATA: [422, 'The data is invalid due to validation restrictions'],
  UNPROCESSABLE_ENTITY: [422, 'The request cannot be processed.'],
  URL_NOT_FOUND: [404, 'The URL you have requested is not found.'],
  RESOURCE_NOT_FOUND: [404, 'The requested resource does not exist.'],
  THRESHOLD_EXCEEDED: [429, 'You have exceeded the permitted number of API requests. Please try again after some time.'],
  INTERNAL_SERVER_ERROR: [500, 'An internal server error occurred. Please try again later.'],
  UNSUPPORTED_MEDIA_TYPE: [415, 'The media type of the request is not supported. Send the body as application/json.'],
} as const;

export type DeskErrorCode = keyof typeof DESK_ERRORS;

export function deskError(reply: FastifyReply, code: DeskErrorCode, extra: { message?: string; errors?: FieldError[]; status?: number } = {}): FastifyReply {
  const [status, message] = DESK_ERRORS[code];
  const body: Record<string, unknown> = { errorCode: code, message: extra.message ?? message };
  if (extra.errors) body.errors = extra.errors;
  return reply.code(extra.status ?? status).header('content-type', 'application/json;charset=UTF-8').send(body);
}

/** the timeout fault: never answer; resolve once the client gives up */
export async function hang(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.hijack();
  await new Promise<void>((resolve) => {
    if (req.raw.socket.destroyed) return resolve();
    req.raw.socket.once('close', () => resolve());
  });
}
