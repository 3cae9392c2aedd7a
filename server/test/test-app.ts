import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { createServerDatabase } from '../src/db/scratch-database.js';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { PGLITE_TEMPLATE_PATH } from './paths.js';

export type DbKind = 'pglite' | 'postgres';

/** Server tests run on PGlite always, and on a PostgreSQL server too when TEST_DATABASE_URL is set. */
export const DB_KINDS: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

/** A fresh database (an empty PGlite copy, or a new database on the server) and an app on it. */
export async function createTestApp(kind: DbKind, env: Record<string, string> = {}, options: { sync?: boolean; now?: () => Date; housekeepingIntervalMs?: number } = {}): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TOKEN_ENCRYPTION_KEYS: `test:${randomBytes(32).toString('base64')}`, ...env });
  let dropDatabase: (() => Promise<void>) | undefined;
  let database: DatabaseHandle;
  if (kind === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
    const server = await createServerDatabase(adminUrl, 'parallels_t');
    database = await openDatabase({ url: server.url });
    dropDatabase = server.drop;
  } else {
    const dump = new Blob([await readFile(PGLITE_TEMPLATE_PATH)]);
    database = await openDatabase({ pgliteDataDirDump: dump });
  }
  const app = await buildApp({ config, database, sync: options.sync, now: options.now, housekeepingIntervalMs: options.housekeepingIntervalMs });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      await dropDatabase?.();
    },
  };
}

/** The session cookie from a response, as `name=value` for the next request's Cookie header. */
export function sessionCookie(res: { headers: Record<string, unknown> }, name = 'sid'): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  const found = list.map(String).find((c) => c.startsWith(`${name}=`));
  if (!found) throw new Error(`no ${name} cookie in response`);
  return found.split(';')[0]!;
}
