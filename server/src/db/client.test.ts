import { readFileSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
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
      const [locks] = await queryRows<{ n: number }>(handles[0]!.db, sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`);
      expect(locks!.n).toBe(0); // the migration lock is let go
    } finally {
      await Promise.all(handles.map((h) => h.close()));
      await server.drop();
    }
  });

  it("a pooled connection the server ends is logged as 'database pool error', and the next query reconnects", async () => {
    const server = await createServerDatabase(adminUrl!, 'parallels_pool');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const handle = await openDatabase({ url: server.url });
    const admin = new pg.Client({ connectionString: server.url });
    try {
      const [before] = await queryRows<{ pid: number }>(handle.db, sql`select pg_backend_pid() as pid`);
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [before!.pid]); // a server restart, for the idle client
      const deadline = Date.now() + 5_000;
      while (Date.now() < deadline && logged.mock.calls.length === 0) await new Promise((r) => setTimeout(r, 50));
      const lines = logged.mock.calls.map((c) => JSON.parse(String(c[0])) as { level: number; msg: string; err: { code?: string } });
      expect(lines).toEqual([expect.objectContaining({ level: 50, msg: 'database pool error', err: expect.objectContaining({ code: '57P01' }) })]);
      const [after] = await queryRows<{ pid: number }>(handle.db, sql`select pg_backend_pid() as pid`);
      expect(after!.pid).not.toBe(before!.pid);
    } finally {
      logged.mockRestore();
      await admin.end();
      await handle.close();
      await server.drop();
    }
  });
});
