import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { createServerDatabase } from '../src/db/scratch-database.js';
import { PGLITE_TEMPLATE_PATH } from './paths.js';
import type { DbKind } from './test-app.js';

/**
 * A fresh, migrated database that several handles, or several processes, can open: a PGlite data directory
 * on disk (one process at a time: PGlite takes no lock, so whoever opens it must be the only one), or a new
 * database on the TEST_DATABASE_URL server. createTestApp's in-memory copy cannot be shared that way.
 */
export interface ScratchDatabase {
  kind: DbKind;
  /** what a child process needs to open it: the server URL, or the data directory */
  location: { url: string } | { dataDir: string };
  open(): Promise<DatabaseHandle>;
  drop(): Promise<void>;
}

export async function createScratchDatabase(kind: DbKind): Promise<ScratchDatabase> {
  if (kind === 'pglite') {
    const dataDir = await mkdtemp(join(tmpdir(), 'parallels-pglite-'));
    // the migrated template unpacked into the directory: ~0.5 s instead of initdb's ~3 s
    const template = await PGlite.create({ dataDir, loadDataDir: new Blob([await readFile(PGLITE_TEMPLATE_PATH)]) });
    await template.close();
    return { kind, location: { dataDir }, open: () => openDatabase({ dataDir }), drop: () => rm(dataDir, { recursive: true, force: true }) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const server = await createServerDatabase(adminUrl, 'parallels_t');
  return { kind, location: { url: server.url }, open: () => openDatabase({ url: server.url }), drop: server.drop };
}
