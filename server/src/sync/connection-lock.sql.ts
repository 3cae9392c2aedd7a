import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../db/client.js';
import { connections } from '../db/schema.js';

/**
 * One sync job per connection at a time, whichever queue it came from and whichever process runs it.
 *
 * In this process, a map says which job holds each connection. Across processes (PostgreSQL), a session-level
 * advisory lock per connection, all taken on ONE pooled client that this process keeps while it holds any:
 * a process that dies loses its session and so its locks at once, with no lease to wait out, and a process
 * never ties up more than one pool client however many jobs it runs. On PGlite one process owns the database,
 * and the map is all it takes. `connections.sync_job` names the holder for the others (and for operators).
 */
export class ConnectionLocks {
  private readonly held = new Map<string, string>();
  private session: Promise<pg.PoolClient> | undefined;
  /** the session's last query: the next waits for it (one client runs one query at a time; pg 9 stops queueing them) */
  private sessionTurn: Promise<unknown> = Promise.resolve();

  constructor(private readonly db: Database) {}

  /** Takes the connection for `job`; otherwise returns the job that holds it (null when unknown or gone). */
  async tryLock(connectionId: string, job: string): Promise<{ locked: true } | { locked: false; holder: string | null }> {
    const mine = this.held.get(connectionId);
    if (mine) return { locked: false, holder: mine };
    this.held.set(connectionId, job); // before any await: two jobs of this process never both get past here
    try {
      const pool = poolOf(this.db);
      if (pool) {
        const client = await (this.session ??= pool.connect());
        const { rows } = await this.onSession(() => client.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtextextended($1, 0)) as locked', [lockKey(connectionId)]));
        if (!rows[0]?.locked) {
          await this.drop(connectionId);
          return { locked: false, holder: await holderOf(this.db, connectionId) };
        }
      }
      const named = await this.db.update(connections).set({ syncJob: job }).where(eq(connections.id, connectionId)).returning({ id: connections.id });
      if (named.length === 0) {
        await this.unlock(connectionId, job);
        return { locked: false, holder: null };
      }
      return { locked: true };
    } catch (e) {
      await this.drop(connectionId).catch(() => undefined);
      throw e;
    }
  }

  async unlock(connectionId: string, job: string): Promise<void> {
    if (this.held.get(connectionId) !== job) return;
    await this.db
      .update(connections)
      .set({ syncJob: null })
      .where(sql`${connections.id} = ${connectionId} and ${connections.syncJob} = ${job}`)
      .catch(() => undefined); // only a label; the lock below is what counts
    if (poolOf(this.db) && this.session) {
      const client = await this.session;
      await this.onSession(() => client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [lockKey(connectionId)])).catch(() => this.endSession(client, true));
    }
    await this.drop(connectionId);
  }

  /** Runs a query on the session after the one before it: several jobs of this process lock and unlock at once. */
  private onSession<T>(query: () => Promise<T>): Promise<T> {
    const result = this.sessionTurn.then(query);
    this.sessionTurn = result.catch(() => undefined);
    return result;
  }

  /** Forgets a connection here, and hands the session back to the pool when it holds nothing. */
  private async drop(connectionId: string): Promise<void> {
    this.held.delete(connectionId);
    if (this.held.size === 0 && this.session) {
      const client = await this.session;
      if (this.held.size === 0) this.endSession(client, false);
    }
  }

  private endSession(client: pg.PoolClient, broken: boolean): void {
    if (this.session === undefined) return;
    this.session = undefined;
    // a broken session is destroyed: its locks go with it, as they must
    client.release(broken);
  }
}

const lockKey = (connectionId: string) => `parallels-sync:${connectionId}`;

function poolOf(db: Database): pg.Pool | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

async function holderOf(db: Database, connectionId: string): Promise<string | null> {
  const rows = await db.select({ job: connections.syncJob }).from(connections).where(eq(connections.id, connectionId)).limit(1);
  return rows[0]?.job ?? null;
}

const byDatabase = new WeakMap<Database, ConnectionLocks>();

/** The locks of this process on a database (one set per database handle). */
export function connectionLocks(db: Database): ConnectionLocks {
  let locks = byDatabase.get(db);
  if (!locks) byDatabase.set(db, (locks = new ConnectionLocks(db)));
  return locks;
}
