import { join } from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { buildApp } from './app.js';
import { seedDemo } from './sandbox/demo.js';
import { loadTokenKeyring } from './lib/token-keyring.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: join(config.dataDir, 'pglite') });
  const app = await buildApp({ config, database, serveWeb: true, sync: config.syncWorkers });
  if (config.seedDemo) await seedDemo(app, { db: database.db, keyring: loadTokenKeyring(config) });
  // New connections, and backfills a restart interrupted, continue where their checkpoints say.
  const resumed = await app.syncQueue?.backfillPending();
  if (resumed) app.log.info({ connections: resumed }, 'backfill queued');

  const shutdown = async (signal: string): Promise<void> => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Parallels (${config.mode} mode, ${database.kind}) at ${config.publicUrl}`);
  console.log(`\n  Parallels is running at ${config.publicUrl}  (${config.mode} mode, ${database.kind} database)\n`);
}

await main();
