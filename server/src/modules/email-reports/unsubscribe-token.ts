import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { UNSUBSCRIBE_TOPICS, type UnsubscribeTopic } from '@parallels/contract/email-reports';
import type { TokenKeyring } from '../../lib/token-crypto.js';

/**
 * The one-click unsubscribe link's token (issue 22): who, which brand, what to turn off and until when, signed
 * with HMAC-SHA256 under a key derived (HKDF) from the token keyring, so no sign-in is needed and nothing is
 * stored. The key id is in the token: a rotated keyring still opens links signed with an older key.
 */
export interface UnsubscribeClaim {
  userId: string;
  brandId: string;
  topic: UnsubscribeTopic;
  /** seconds since the epoch */
  expiresAt: number;
}

/** Links in an email work this long: a digest read weeks later can still be unsubscribed from. */
export const UNSUBSCRIBE_TTL_DAYS = 60;

const macKey = (key: Buffer) => Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'parallels email unsubscribe v1', 32));

function mac(key: Buffer, payload: string): string {
  return createHmac('sha256', macKey(key)).update(payload).digest('base64url');
}

export function signUnsubscribe(keyring: TokenKeyring, claim: UnsubscribeClaim): string {
  const payload = Buffer.from(JSON.stringify({ u: claim.userId, b: claim.brandId, t: claim.topic, e: claim.expiresAt })).toString('base64url');
  return `${keyring.current.id}.${payload}.${mac(keyring.current.key, `${keyring.current.id}.${payload}`)}`;
}

export type UnsubscribeCheck = { ok: true; claim: UnsubscribeClaim } | { ok: false; reason: 'invalid' | 'expired' };

export function verifyUnsubscribe(keyring: TokenKeyring, token: string, now: Date): UnsubscribeCheck {
  const [keyId, payload, signature, extra] = token.split('.');
  const key = keyId ? keyring.all.get(keyId) : undefined;
  if (!key || !payload || !signature || extra !== undefined) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(mac(key, `${keyId}.${payload}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' };
  let data: { u?: unknown; b?: unknown; t?: unknown; e?: unknown };
  try {
    data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof data;
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const { u, b, t, e } = data;
  if (typeof u !== 'string' || typeof b !== 'string' || typeof e !== 'number' || !UNSUBSCRIBE_TOPICS.includes(t as UnsubscribeTopic)) return { ok: false, reason: 'invalid' };
  if (e * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, claim: { userId: u, brandId: b, topic: t as UnsubscribeTopic, expiresAt: e } };
}
