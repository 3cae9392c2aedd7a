import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

// Google signs id_tokens with RS256 and publishes its keys; the emulator signs with HS256 keyed by the
// client secret instead (allowed by OpenID Connect Core 10.1 for confidential clients), so no JWKS is needed.

function b64url(data: string | Buffer): string {
  return Buffer.from(data).toString('base64url');
}

export function signHs256(payload: Record<string, unknown>, secret: string): string {
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify(payload));
  const sig = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${sig}`;
}

/** claims of a token signed by `signHs256` with this secret, or null */
export function verifyHs256(token: string, secret: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [head, body, sig] = parts as [string, string, string];
  const expected = createHmac('sha256', secret).update(`${head}.${body}`).digest();
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** OIDC at_hash: left half of SHA-256 of the access token, base64url */
export function atHash(accessToken: string): string {
  const digest = createHash('sha256').update(accessToken).digest();
  return digest.subarray(0, digest.length / 2).toString('base64url');
}

/** PKCE (RFC 7636): the challenge a verifier yields for the given method */
export function pkceChallenge(verifier: string, method: string): string {
  return method === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
}
