import { writeFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { fileURLToPath } from 'node:url';
import { PGLITE_TEMPLATE_PATH } from './paths.js';

/** Builds one migrated PGlite data dir for the whole run; each test app opens a copy of it. */
export async function setup(): Promise<void> {
  const client = await PGlite.create('memory://');
  await migrate(drizzle(client), { migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)) });
  const dump = await client.dumpDataDir('none');
  await mkdir(dirname(PGLITE_TEMPLATE_PATH), { recursive: true });
  await writeFile(PGLITE_TEMPLATE_PATH, Buffer.from(await dump.arrayBuffer()));
  await client.close();
}
