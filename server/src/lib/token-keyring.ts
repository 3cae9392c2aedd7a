import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import type { Config } from '../config.js';
import { createKeyring, type TokenKeyring } from './token-crypto.js';

/**
 * The keyring for platform tokens: TOKEN_ENCRYPTION_KEYS when set (required in production); in sandbox
 * mode a key generated once into DATA_DIR/secrets (mode 0600) and reused after.
 */
export function loadTokenKeyring(config: Config): TokenKeyring {
  if (config.tokenKeys) return createKeyring(config.tokenKeys);
  const file = join(config.dataDir, 'secrets', 'token-key');
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, `sandbox:${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
  }
  const [id, b64] = readFileSync(file, 'utf8').trim().split(':') as [string, string];
  return createKeyring([{ id, key: Buffer.from(b64, 'base64') }]);
}
