import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { buildApp } from './app.js';
import { seedDemo } from './sandbox/demo.js';
import { loadTokenKeyring } from './lib/token-keyring.js';

export interface RunningProcess {
  app: FastifyInstance;
  /** where HTTP is served; undefined for a worker, which opens no port */
  url: string | undefined;
}

/**
 * One process of the app in its role (PARALLELS_ROLE): 'all' (`npm start`: HTTP, sockets and every job),
 * 'api' (HTTP and sockets; jobs are queued for the workers, none run here) or 'worker' (the jobs; no port).
 * main.ts runs this; the roles test runs several side by side on one database.
 */
export async function startProcess(config: Config, database: DatabaseHandle, options: { serveWeb?: boolean } = {}): Promise<RunningProcess> {
  const worker = config.role === 'worker';
  const app = await buildApp({ config, database, serveWeb: !worker && options.serveWeb !== false, sync: config.syncWorkers, role: config.role });
  // the demo brand is seeded once, by a process users reach (its seeding is idempotent across API processes)
  if (config.seedDemo && !worker) await seedDemo(app, { db: database.db, keyring: loadTokenKeyring(config), publicUrl: config.publicUrl });
  // New connections, and backfills a restart interrupted, continue where their checkpoints say.
  const resumed = await app.syncQueue?.backfillPending();
  if (resumed) app.log.info({ connections: resumed }, 'backfill queued');
  const overdue = await app.syncQueue?.refreshOverdue();
  if (overdue) app.log.info({ connections: overdue }, 'refresh queued for connections that missed one while stopped');
  if (worker) {
    await app.ready();
    app.log.info(`Parallels worker (${config.mode} mode, ${database.kind}) running jobs`);
    return { app, url: undefined };
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Parallels (${config.role === 'api' ? 'API process, ' : ''}${config.mode} mode, ${database.kind}) at ${config.publicUrl}`);
  return { app, url: config.publicUrl };
}
