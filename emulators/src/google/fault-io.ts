import type { FastifyReply, FastifyRequest } from 'fastify';

// Transport-level fault behaviour shared by the Google emulators (OAuth and Ads).

/** Never answer: hold the request until the client gives up and closes the socket. */
export async function hangUntilClosed(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.hijack();
  const socket = req.raw.socket;
  if (socket.destroyed) return;
  await new Promise<void>((resolve) => socket.once('close', () => resolve()));
}

/** HTTP 200 with a JSON body cut off halfway, the way a dropped proxy connection looks. */
export function sendTruncatedJson(reply: FastifyReply, body: unknown): FastifyReply {
  const text = JSON.stringify(body);
  return reply
    .code(200)
    .header('content-type', 'application/json; charset=UTF-8')
    .send(text.slice(0, Math.max(1, Math.floor(text.length / 2))));
}
