import { z } from 'zod';

/**
 * Every environment variable the server reads, validated in one place. A bad value stops start-up with a
 * message naming the variable. README.md's configuration table lists the same variables.
 */
const booleanString = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PARALLELS_MODE: z.enum(['sandbox', 'production']).default('sandbox'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(12),
  COOKIE_SECURE: booleanString.optional(),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  LOGIN_LOCKOUT_ATTEMPTS: z.coerce.number().int().positive().default(10),
  LOGIN_LOCKOUT_MINUTES: z.coerce.number().int().positive().default(15),
  WEB_DIST_DIR: z.string().optional(),
  SANDBOX_SEED_DEMO: booleanString.default(true),
  // 'id:base64key,id:base64key' (32-byte keys), the first seals new tokens; older ones still decrypt.
  TOKEN_ENCRYPTION_KEYS: z
    .string()
    .regex(/^[A-Za-z0-9_-]+:[A-Za-z0-9+/=_-]+(,[A-Za-z0-9_-]+:[A-Za-z0-9+/=_-]+)*$/, "must be 'id:base64key[,id:base64key...]'")
    .optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  mode: 'sandbox' | 'production';
  port: number;
  host: string;
  /** origin users reach the app at; OAuth redirect URIs and the CSRF allowlist are built from it */
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  session: { idleMinutes: number; absoluteHours: number; cookieName: string; secureCookie: boolean };
  auth: { rateLimitPerMinute: number; lockoutAttempts: number; lockoutMinutes: number };
  webDistDir: string | undefined;
  seedDemo: boolean;
  /** from TOKEN_ENCRYPTION_KEYS; undefined in sandbox mode means: generate one into DATA_DIR */
  tokenKeys: Array<{ id: string; key: Buffer }> | undefined;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.PARALLELS_MODE === 'production' && !e.DATABASE_URL) {
    throw new ConfigError('Invalid configuration:\n  DATABASE_URL: required when PARALLELS_MODE=production');
  }
  let tokenKeys: Config['tokenKeys'];
  if (e.TOKEN_ENCRYPTION_KEYS) {
    tokenKeys = e.TOKEN_ENCRYPTION_KEYS.split(',').map((pair) => {
      const [id, b64] = pair.split(':') as [string, string];
      return { id, key: Buffer.from(b64, 'base64') };
    });
    if (tokenKeys.some((k) => k.key.length !== 32)) throw new ConfigError('Invalid configuration:\n  TOKEN_ENCRYPTION_KEYS: every key must be 32 bytes, base64-encoded');
  } else if (e.PARALLELS_MODE === 'production') {
    throw new ConfigError('Invalid configuration:\n  TOKEN_ENCRYPTION_KEYS: required when PARALLELS_MODE=production');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const secureCookie = e.COOKIE_SECURE ?? (e.NODE_ENV === 'production' || publicUrl.startsWith('https://'));
  return {
    env: e.NODE_ENV,
    mode: e.PARALLELS_MODE,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    session: {
      idleMinutes: e.SESSION_IDLE_MINUTES,
      absoluteHours: e.SESSION_ABSOLUTE_HOURS,
      // __Host- needs Secure; browsers drop it on plain http, so local http uses a plain name.
      cookieName: secureCookie ? '__Host-sid' : 'sid',
      secureCookie,
    },
    auth: { rateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE, lockoutAttempts: e.LOGIN_LOCKOUT_ATTEMPTS, lockoutMinutes: e.LOGIN_LOCKOUT_MINUTES },
    webDistDir: e.WEB_DIST_DIR,
    seedDemo: e.PARALLELS_MODE === 'sandbox' && e.SANDBOX_SEED_DEMO,
    tokenKeys,
  };
}
