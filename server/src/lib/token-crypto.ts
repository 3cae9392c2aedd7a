import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Platform tokens at rest: AES-256-GCM with a random 96-bit nonce per encryption, and associated data
 * binding the ciphertext to its row (provider, owner, purpose), so a ciphertext copied into another row
 * fails to decrypt (security checklist D4). The key id prefix allows rotation: old keys still decrypt.
 *
 * Format: v1.<keyId>.<nonce b64url>.<ciphertext b64url>.<tag b64url>
 */
export interface TokenKeyring {
  /** the key new ciphertexts use */
  current: { id: string; key: Buffer };
  /** every key that may decrypt, by id (includes current) */
  all: Map<string, Buffer>;
}

export function createKeyring(keys: Array<{ id: string; key: Buffer }>): TokenKeyring {
  const first = keys[0];
  if (!first) throw new Error('a keyring needs at least one key');
  for (const k of keys) if (k.key.length !== 32) throw new Error(`token key ${k.id} must be 32 bytes`);
  return { current: first, all: new Map(keys.map((k) => [k.id, k.key])) };
}

export function encryptToken(keyring: TokenKeyring, plaintext: string, associatedData: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyring.current.key, nonce);
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return ['v1', keyring.current.id, nonce.toString('base64url'), ciphertext.toString('base64url'), tag.toString('base64url')].join('.');
}

export class TokenDecryptionError extends Error {}

export function decryptToken(keyring: TokenKeyring, sealed: string, associatedData: string): string {
  const [version, keyId, nonce, ciphertext, tag] = sealed.split('.');
  if (version !== 'v1' || !keyId || !nonce || ciphertext === undefined || !tag) throw new TokenDecryptionError('malformed sealed token');
  const key = keyring.all.get(keyId);
  if (!key) throw new TokenDecryptionError(`unknown token key ${keyId}`);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
    decipher.setAAD(Buffer.from(associatedData, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new TokenDecryptionError('token does not decrypt (tampered, moved to another row, or wrong key)');
  }
}

/** The key id of a sealed token (to find rows still on an old key). */
export function sealedKeyId(sealed: string): string | undefined {
  return sealed.split('.')[1];
}
