import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createKeyring, decryptToken, encryptToken, sealedKeyId, TokenDecryptionError } from './token-crypto.js';

const k1 = { id: 'k1', key: randomBytes(32) };
const k2 = { id: 'k2', key: randomBytes(32) };

describe('token encryption', () => {
  const ring = createKeyring([k1]);

  it('round-trips and never contains the plaintext', () => {
    const sealed = encryptToken(ring, 'EAAB-canary-token', 'meta|grant-1|user-1');
    expect(sealed).toMatch(/^v1\.k1\./);
    for (const form of ['EAAB-canary-token', Buffer.from('EAAB-canary-token').toString('base64'), Buffer.from('EAAB-canary-token').toString('hex')]) {
      expect(sealed).not.toContain(form);
    }
    expect(decryptToken(ring, sealed, 'meta|grant-1|user-1')).toBe('EAAB-canary-token');
  });

  it('uses a fresh nonce every time', () => {
    const nonces = new Set(Array.from({ length: 2000 }, () => encryptToken(ring, 'same', 'ad').split('.')[2]));
    expect(nonces.size).toBe(2000);
  });

  it('refuses a ciphertext moved to another row (associated data differs)', () => {
    const sealed = encryptToken(ring, 'secret', 'google|grant-1|user-1');
    expect(() => decryptToken(ring, sealed, 'google|grant-2|user-2')).toThrow(TokenDecryptionError);
  });

  it('refuses a tampered ciphertext', () => {
    const sealed = encryptToken(ring, 'secret-value', 'ad');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[3] = body.toString('base64url');
    expect(() => decryptToken(ring, parts.join('.'), 'ad')).toThrow(TokenDecryptionError);
    expect(() => decryptToken(ring, 'garbage', 'ad')).toThrow(TokenDecryptionError);
  });

  it('decrypts with an old key after rotation and seals with the new one', () => {
    const old = encryptToken(createKeyring([k1]), 'secret', 'ad');
    const rotated = createKeyring([k2, k1]);
    expect(decryptToken(rotated, old, 'ad')).toBe('secret');
    expect(sealedKeyId(encryptToken(rotated, 'secret', 'ad'))).toBe('k2');
    expect(() => decryptToken(createKeyring([k2]), old, 'ad')).toThrow(/unknown token key/);
  });

  it('rejects keys of the wrong size', () => {
    expect(() => createKeyring([{ id: 'x', key: randomBytes(16) }])).toThrow(/32 bytes/);
  });
});
