import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { sql } from 'drizzle-orm';
import { loggerOptions } from '../src/app.js';
import { users } from '../src/db/schema.js';
import { createTestApp, DB_KINDS, type TestApp } from './test-app.js';

// Issue 13: a failed query's log line printed its parameters in full ("params: bogus-grant,1"), a token-shaped
// value the URL scrubber had redacted. The app's logger keeps the statement and the error code only.
describe.each(DB_KINDS)('SQL errors in the logs on %s', (kind) => {
  let t: TestApp;
  let lines: string[];
  let log: pino.Logger;
  beforeAll(async () => {
    t = await createTestApp(kind);
    lines = [];
    const sink = new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(chunk.toString('utf8')), done()) });
    log = pino({ ...loggerOptions({ ...t.config, logLevel: 'info' }) }, sink);
  });
  afterAll(async () => t?.close());

  const failure = async (run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (e) {
      return e;
    }
    throw new Error('the statement did not fail');
  };

  it('a bad parameter: the statement and code are logged, the value is not', async () => {
    const err = await failure(() => t.database.db.execute(sql`select id from platform_grants where id = ${'bogus-grant-SECRETTOKEN'} and 1 = ${1}`));
    expect(String((err as Error).message)).toContain('SECRETTOKEN'); // drizzle's own message has it...
    log.error({ err }, 'request failed');
    const line = lines.pop()!;
    expect(line).not.toContain('SECRETTOKEN'); // ...the log line does not
    const entry = JSON.parse(line) as { err: { statement: string; cause: { code: string } } };
    expect(entry.err.statement).toContain('from platform_grants where id = $1');
    expect(entry.err.cause.code).toBe('22P02');
  });

  it('a unique violation: the constraint is named, the duplicate value is not', async () => {
    await t.database.db.insert(users).values({ username: 'a', email: 'dup-SECRETMAIL@example.com' });
    const err = await failure(() => t.database.db.insert(users).values({ username: 'b', email: 'dup-SECRETMAIL@example.com' }));
    log.error({ err }, 'request failed');
    const line = lines.pop()!;
    expect(line).not.toContain('SECRETMAIL');
    expect(JSON.parse(line).err.cause).toMatchObject({ code: '23505', constraint: 'users_email_unique' });
  });

  it('other errors keep their message and stack', () => {
    log.error({ err: new Error('plain failure') }, 'x');
    const entry = JSON.parse(lines.pop()!) as { err: { message: string; stack: string; type: string } };
    expect(entry.err).toMatchObject({ type: 'Error', message: 'plain failure' });
    expect(entry.err.stack).toContain('sql-error-logs.test.ts');
  });
});
