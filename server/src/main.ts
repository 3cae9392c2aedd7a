import { join } from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { startProcess } from './process.js';

const SHUTDOWN_DEADLINE_MS = 25_000;

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
  const { app, url } = await startProcess(config, database);

  const shutdown = async (signal: string): Promise<void> => {
    app.log.info({ signal }, 'shutting down');
    // A deadline: requests and sync jobs get this long to finish (a job cut short resumes from its checkpoints
    // elsewhere), then the process goes anyway, before an orchestrator's own kill (Kubernetes: 30 s).
    setTimeout(() => {
      app.log.error({ signal, deadlineMs: SHUTDOWN_DEADLINE_MS }, 'shutdown deadline passed; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  if (url) console.log(`\n  Parallels is running at ${url}  (${config.mode} mode, ${database.kind} database${config.role === 'api' ? ', API only' : ''})\n`);
}

await main();
