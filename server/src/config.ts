import { isIP } from 'node:net';
import { z } from 'zod';
import { SANDBOX_APPS } from '@parallels/emulators/common/world';

/**
 * Every environment variable the server reads, validated in one place. A bad value stops start-up with a
 * message naming the variable. README.md's configuration table lists the same variables.
 */
const booleanString = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PARALLELS_MODE: z.enum(['sandbox', 'production']).default('sandbox'),
  // What this process does: everything (the default, what `npm start` runs), the HTTP API only, or the sync
  // and email jobs only. Any number of each share one PostgreSQL server (DATABASE_URL).
  PARALLELS_ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** the bearer token /metrics asks for in production (open in sandbox and development) */
  METRICS_TOKEN: z.string().min(16).optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(12),
  COOKIE_SECURE: booleanString.optional(),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  LOGIN_LOCKOUT_ATTEMPTS: z.coerce.number().int().positive().default(10),
  LOGIN_LOCKOUT_MINUTES: z.coerce.number().int().positive().default(15),
  WEB_DIST_DIR: z.string().optional(),
  SANDBOX_SEED_DEMO: booleanString.default(true),
  /** sandbox mode: the platform emulators in their own 'process' (default; the app forwards /sandbox to it) or 'in-process' (the default under NODE_ENV=test) */
  SANDBOX_EMULATORS: z.enum(['process', 'in-process']).optional(),
  SYNC_WORKERS: booleanString.default(true),
  SYNC_HISTORY_DAYS: z.coerce.number().int().min(1).max(1100).default(730),
  SYNC_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(5),
  /** sync jobs of one brand running at once across the fleet, per kind (per-brand fairness, decision 022) */
  SYNC_JOBS_PER_BRAND: z.coerce.number().int().min(1).max(64).default(5),
  /** a connection's backfill windows in flight: 'one' at a time, or up to each 'platform''s documented concurrency (decision 021) */
  SYNC_WINDOW_CONCURRENCY: z.enum(['one', 'platform']).default('one'),
  // Who may say which client a request came from (X-Forwarded-For): 'false' (nobody: the default), the number of
  // proxies in front (1 behind one load balancer), or their addresses and CIDR ranges, comma-separated. Never
  // 'true': trusting anyone lets a client name itself and slip past the per-client rate limits.
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .refine((v) => parseTrustProxy(v) !== undefined, "must be 'false', a number of proxies (1-10), or comma-separated proxy addresses or CIDR ranges"),
  // 'id:base64key,id:base64key' (32-byte keys), the first seals new tokens; older ones still decrypt.
  META_GRAPH_URL: z.url().optional(),
  META_DIALOG_URL: z.url().optional(),
  META_API_VERSION: z.string().regex(/^v\d+\.0$/, 'must look like v25.0').default('v25.0'),
  META_APP_ID: z.string().min(1).optional(),
  META_APP_SECRET: z.string().min(1).optional(),
  GOOGLE_ACCOUNTS_URL: z.url().optional(),
  GOOGLE_OAUTH2_URL: z.url().optional(),
  GOOGLE_USERINFO_URL: z.url().optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ADS_URL: z.url().optional(),
  GOOGLE_ADS_API_VERSION: z.string().regex(/^v\d+$/, 'must look like v23').default('v23'),
  /** the developer token's daily operations across all customers: 15,000 at basic access (decision 022) */
  GOOGLE_ADS_OPERATIONS_PER_DAY: z.coerce.number().int().min(1).default(15_000),
  GOOGLE_ADS_DEVELOPER_TOKEN: z.string().min(1).optional(),
  GA4_ADMIN_URL: z.url().optional(),
  GA4_DATA_URL: z.url().optional(),
  SHOPIFY_SHOP_URL_TEMPLATE: z.string().includes('{shop}', { message: 'must contain {shop}' }).optional(),
  SHOPIFY_API_KEY: z.string().min(1).optional(),
  SHOPIFY_API_SECRET: z.string().min(1).optional(),
  SHOPIFY_API_VERSION: z.string().regex(/^\d{4}-\d{2}$/, 'must look like 2026-07').default('2026-07'),
  SHOPIFY_ADMIN_URL: z.url().optional(),
  SHOPIFY_APP_HANDLE: z.string().regex(/^[a-z0-9-]+$/, 'must be the app handle, e.g. parallels').default('parallels'),
  ZOHO_ACCOUNTS_URL: z.url().optional(),
  ZOHO_DESK_URL: z.url().optional(),
  ZOHO_CLIENT_ID: z.string().min(1).optional(),
  ZOHO_CLIENT_SECRET: z.string().min(1).optional(),
  ADMIN_EMAILS: z
    .string()
    .regex(/^\s*([^\s@,]+@[^\s@,]+\.[^\s@,]+\s*(,\s*[^\s@,]+@[^\s@,]+\.[^\s@,]+\s*)*)?$/, 'must be a comma-separated list of email addresses')
    .optional(),
  // Where email goes (digests, alerts): smtp:// or smtps://user:pass@host:port. Unset in sandbox mode: the
  // in-process sandbox inbox (/sandbox/mail) catches every message; unset in production: no email is sent.
  SMTP_URL: z.string().regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .regex(/^([^<>]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/, "must be an address, or 'Name <address>'")
    .default('Parallels <reports@parallels.dev>'),
  TOKEN_ENCRYPTION_KEYS: z
    .string()
    .regex(/^[A-Za-z0-9_-]+:[A-Za-z0-9+/=_-]+(,[A-Za-z0-9_-]+:[A-Za-z0-9+/=_-]+)*$/, "must be 'id:base64key[,id:base64key...]'")
    .optional(),
});

export type ProcessRole = 'all' | 'api' | 'worker';

export interface Config {
  env: 'development' | 'production' | 'test';
  mode: 'sandbox' | 'production';
  /** PARALLELS_ROLE: all (HTTP and jobs), api (HTTP only: jobs are queued, never run), worker (jobs only: no HTTP) */
  role: ProcessRole;
  port: number;
  host: string;
  /** origin users reach the app at; OAuth redirect URIs and the CSRF allowlist are built from it */
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  /** METRICS_TOKEN: what a Prometheus scrape must send as a bearer token in production; unset there, /metrics is closed */
  metricsToken: string | undefined;
  /** Fastify's trustProxy: false, the hops to trust, or the proxies' addresses (TRUST_PROXY) */
  trustProxy: false | number | string[];
  session: { idleMinutes: number; absoluteHours: number; cookieName: string; secureCookie: boolean };
  auth: { rateLimitPerMinute: number; lockoutAttempts: number; lockoutMinutes: number };
  webDistDir: string | undefined;
  seedDemo: boolean;
  /** sandbox mode: where the platform emulators run (decision 028) */
  sandboxEmulators: 'process' | 'in-process';
  /** run the sync queue's workers in this process (backfills, 3-hourly refresh, calculate) */
  syncWorkers: boolean;
  /** how far back a backfill reads: two years by default */
  syncHistoryDays: number;
  /** sync jobs of different connections one worker process runs at once, per job kind (backfill, history, refresh) */
  syncConcurrency: number;
  syncJobsPerBrand: number;
  /** 'platform': several backfill windows per connection at each platform's documented concurrency; 'one' (default) until our own CPU allows it (decision 021) */
  syncWindowConcurrency: 'one' | 'platform';
  /** email delivery: SMTP_URL (undefined in sandbox mode means the in-process sandbox inbox), MAIL_FROM */
  mail: { smtpUrl: string | undefined; from: string; sandboxInbox: boolean };
  /** from TOKEN_ENCRYPTION_KEYS; undefined in sandbox mode means: generate one into DATA_DIR */
  tokenKeys: Array<{ id: string; key: Buffer }> | undefined;
  platforms: PlatformsConfig;
  /** lower-cased emails of the administrators (ADMIN_EMAILS); the sandbox demo user by default in sandbox mode */
  adminEmails: string[];
}

/** Where each platform is and who we are to it: the emulators in sandbox mode, the real hosts in production. */
export interface PlatformsConfig {
  meta: { graphUrl: string; dialogUrl: string; version: string; appId: string; appSecret: string };
  google: { accountsUrl: string; oauth2Url: string; userinfoUrl: string; clientId: string; clientSecret: string };
  googleAds: { url: string; version: string; developerToken: string; operationsPerDay: number };
  ga4: { adminUrl: string; dataUrl: string };
  /** adminUrl and appHandle make the store's plan page: {adminUrl}/store/{store}/charges/{appHandle}/pricing_plans */
  shopify: { shopUrlTemplate: string; apiKey: string; apiSecret: string; version: string; adminUrl: string; appHandle: string };
  zoho: { accountsUrl: string; deskUrl: string; clientId: string; clientSecret: string };
}

// The sandbox's demo account (sandbox/demo.ts) administers the sandbox's help desk.
const SANDBOX_DEMO_EMAIL = 'demo@parallels.dev';

export class ConfigError extends Error {}

/** TRUST_PROXY as Fastify takes it; undefined when it is none of the accepted forms. */
export function parseTrustProxy(value: string): false | number | string[] | undefined {
  if (value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops >= 1 && hops <= 10 ? hops : undefined;
  }
  const parts = value.split(',').map((p) => p.trim());
  const valid = parts.every((p) => {
    const [address, prefix, extra] = p.split('/');
    const family = isIP(address ?? '');
    if (!family || extra !== undefined) return false;
    if (prefix === undefined) return true;
    if (!/^\d+$/.test(prefix)) return false;
    return Number(prefix) <= (family === 4 ? 32 : 128);
  });
  return valid && parts.length > 0 ? parts : undefined;
}

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
  if (e.PARALLELS_ROLE !== 'all' && !e.DATABASE_URL) {
    // embedded PGlite is one process's: an API process and a worker cannot share it
    throw new ConfigError(`Invalid configuration:\n  DATABASE_URL: required when PARALLELS_ROLE=${e.PARALLELS_ROLE}`);
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
  const sandbox = e.PARALLELS_MODE === 'sandbox';
  const emu = (platform: string) => `${publicUrl}/sandbox/${platform}`;
  const pick = (value: string | undefined, sandboxValue: string, productionValue: string | undefined, name: string): string => {
    const v = value ?? (sandbox ? sandboxValue : productionValue);
    if (v === undefined) throw new ConfigError(`Invalid configuration:\n  ${name}: required when PARALLELS_MODE=production`);
    return v;
  };
  const platforms: PlatformsConfig = {
    meta: {
      graphUrl: pick(e.META_GRAPH_URL, emu('meta'), 'https://graph.facebook.com', 'META_GRAPH_URL'),
      dialogUrl: pick(e.META_DIALOG_URL, emu('meta'), 'https://www.facebook.com', 'META_DIALOG_URL'),
      version: e.META_API_VERSION,
      appId: pick(e.META_APP_ID, SANDBOX_APPS.meta.clientId, undefined, 'META_APP_ID'),
      appSecret: pick(e.META_APP_SECRET, SANDBOX_APPS.meta.clientSecret, undefined, 'META_APP_SECRET'),
    },
    google: {
      accountsUrl: pick(e.GOOGLE_ACCOUNTS_URL, emu('google'), 'https://accounts.google.com', 'GOOGLE_ACCOUNTS_URL'),
      oauth2Url: pick(e.GOOGLE_OAUTH2_URL, emu('google'), 'https://oauth2.googleapis.com', 'GOOGLE_OAUTH2_URL'),
      userinfoUrl: pick(e.GOOGLE_USERINFO_URL, `${emu('google')}/v1/userinfo`, 'https://openidconnect.googleapis.com/v1/userinfo', 'GOOGLE_USERINFO_URL'),
      clientId: pick(e.GOOGLE_CLIENT_ID, SANDBOX_APPS.google.clientId, undefined, 'GOOGLE_CLIENT_ID'),
      clientSecret: pick(e.GOOGLE_CLIENT_SECRET, SANDBOX_APPS.google.clientSecret, undefined, 'GOOGLE_CLIENT_SECRET'),
    },
    googleAds: {
      url: pick(e.GOOGLE_ADS_URL, emu('google-ads'), 'https://googleads.googleapis.com', 'GOOGLE_ADS_URL'),
      version: e.GOOGLE_ADS_API_VERSION,
      operationsPerDay: e.GOOGLE_ADS_OPERATIONS_PER_DAY,
      developerToken: pick(e.GOOGLE_ADS_DEVELOPER_TOKEN, SANDBOX_APPS.googleAdsDeveloperToken, undefined, 'GOOGLE_ADS_DEVELOPER_TOKEN'),
    },
    ga4: {
      adminUrl: pick(e.GA4_ADMIN_URL, emu('ga4'), 'https://analyticsadmin.googleapis.com', 'GA4_ADMIN_URL'),
      dataUrl: pick(e.GA4_DATA_URL, emu('ga4'), 'https://analyticsdata.googleapis.com', 'GA4_DATA_URL'),
    },
    shopify: {
      shopUrlTemplate: pick(e.SHOPIFY_SHOP_URL_TEMPLATE, `${emu('shopify')}/{shop}`, 'https://{shop}', 'SHOPIFY_SHOP_URL_TEMPLATE'),
      apiKey: pick(e.SHOPIFY_API_KEY, SANDBOX_APPS.shopify.clientId, undefined, 'SHOPIFY_API_KEY'),
      apiSecret: pick(e.SHOPIFY_API_SECRET, SANDBOX_APPS.shopify.clientSecret, undefined, 'SHOPIFY_API_SECRET'),
      version: e.SHOPIFY_API_VERSION,
      adminUrl: pick(e.SHOPIFY_ADMIN_URL, emu('shopify'), 'https://admin.shopify.com', 'SHOPIFY_ADMIN_URL'),
      appHandle: e.SHOPIFY_APP_HANDLE,
    },
    zoho: {
      accountsUrl: pick(e.ZOHO_ACCOUNTS_URL, emu('zoho'), 'https://accounts.zoho.com', 'ZOHO_ACCOUNTS_URL'),
      deskUrl: pick(e.ZOHO_DESK_URL, emu('zoho'), 'https://desk.zoho.com', 'ZOHO_DESK_URL'),
      clientId: pick(e.ZOHO_CLIENT_ID, SANDBOX_APPS.zoho.clientId, undefined, 'ZOHO_CLIENT_ID'),
      clientSecret: pick(e.ZOHO_CLIENT_SECRET, SANDBOX_APPS.zoho.clientSecret, undefined, 'ZOHO_CLIENT_SECRET'),
    },
  };
  return {
    env: e.NODE_ENV,
    mode: e.PARALLELS_MODE,
    role: e.PARALLELS_ROLE,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY)!,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
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
    sandboxEmulators: e.SANDBOX_EMULATORS ?? (e.NODE_ENV === 'test' ? 'in-process' : 'process'),
    // an API process only queues jobs; a worker process is there to run them
    syncWorkers: e.PARALLELS_ROLE === 'api' ? false : e.PARALLELS_ROLE === 'worker' ? true : e.SYNC_WORKERS,
    syncHistoryDays: e.SYNC_HISTORY_DAYS,
    syncConcurrency: e.SYNC_CONCURRENCY,
    syncJobsPerBrand: e.SYNC_JOBS_PER_BRAND,
    syncWindowConcurrency: e.SYNC_WINDOW_CONCURRENCY,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, sandboxInbox: sandbox && !e.SMTP_URL },
    tokenKeys,
    platforms,
    adminEmails: (e.ADMIN_EMAILS ?? (sandbox ? SANDBOX_DEMO_EMAIL : ''))
      .split(',')
      .map((a) => a.trim().toLowerCase())
      .filter(Boolean),
  };
}
