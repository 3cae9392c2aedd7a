import type { FastifyReply, FastifyRequest } from 'fastify';
import { page } from '../common/html.js';

// Shopify's error responses outside GraphQL's `errors[]` (reference 5.7 and 5.6).

export const INVALID_TOKEN_BODY = { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' };
// The REST-style 429 body; GraphQL clients must also cope with 429 + Retry-After (reference 5.6).
export const RATE_LIMIT_BODY = { errors: 'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.' };

const REASONS: Record<number, string> = {
  500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout', 520: 'Unknown Error', 530: 'Origin DNS Error',
};

export function invalidToken(reply: FastifyReply): FastifyReply {
  return reply.code(401).header('content-type', 'application/json; charset=utf-8').send(INVALID_TOKEN_BODY);
}

export function notFoundJson(reply: FastifyReply): FastifyReply {
  return reply.code(404).header('content-type', 'application/json; charset=utf-8').send({ errors: 'Not Found' });
}

/** the storefront-style 404 a browser sees for an unknown shop or page */
export function notFoundPage(reply: FastifyReply): FastifyReply {
  return reply.code(404).type('text/html; charset=utf-8').send(page('Page not found', "<h1>There's no page at this address</h1><p>Check the URL and try again, or use the search bar to find what you need.</p>"));
}

export function serverError(reply: FastifyReply, status = 503): FastifyReply {
  return reply.code(status).header('content-type', 'application/json; charset=utf-8').send({ errors: REASONS[status] ?? 'Internal Server Error' });
}

export function tooManyRequests(reply: FastifyReply, retryAfterSeconds: number): FastifyReply {
  return reply.code(429).header('retry-after', String(retryAfterSeconds)).header('content-type', 'application/json; charset=utf-8').send(RATE_LIMIT_BODY);
}

/** the timeout fault: never answer; resolve once the client gives up and closes the socket */
export async function hang(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.hijack();
  await new Promise<void>((resolve) => {
    if (req.raw.socket.destroyed) return resolve();
    req.raw.socket.once('close', () => resolve());
  });
}

/** the malformed fault: a 200 whose JSON stops half way */
export function truncated(json: string): string {
  return json.slice(0, Math.max(1, Math.floor(json.length / 2)));
}
