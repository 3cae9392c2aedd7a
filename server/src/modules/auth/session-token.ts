import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, sent to the browser; the database only ever sees its SHA-256. */
export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSessionId(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}
