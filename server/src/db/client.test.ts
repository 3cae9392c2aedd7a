import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from './client.js';
import { createServerDatabase } from './scratch-database.js';

const adminUrl = process.env.TEST_DATABASE_URL;
const journal = JSON.parse(readFileSync(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8')) as { entries: unknown[] };

describe.skipIf(!adminUrl)('opening a PostgreSQL database', () => {
  it('four processes started together migrate one at a time: all open, every migration applied once', async () => {
    const server = await createServerDatabase(adminUrl!, 'parallels_migrate');
    const handles = [];
    try {
      handles.push(...(await Promise.all([1, 2, 3, 4].map(() => openDatabase({ url: server.url })))));
      const [applied] = await queryRows<{ n: number }>(handles[0]!.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(applied!.n).toBe(journal.entries.length);
      const [locks] = await queryRows<{ n: number }>(handles[0]!.db, sql`select count(*)::int as n from pg_locks where locktype = 'advisory'`);
      expect(locks!.n).toBe(0); // the migration lock is let go
    } finally {
      await Promise.all(handles.map((h) => h.close()));
      await server.drop();
    }
  });
});
