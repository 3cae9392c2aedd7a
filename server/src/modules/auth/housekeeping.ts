import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { deleteExpiredStatesAndTickets } from '../oauth/oauth-state.js';
import { deleteExpiredSessions, deleteStaleLoginFailures } from './auth.sql.js';
import { deleteEndedRateLimitWindows } from '../../db/rate-limit.sql.js';

/** How often expired rows are swept: well inside an OAuth state's 10 minutes. */
export const HOUSEKEEPING_INTERVAL_MS = 5 * 60_000;

export interface SweepCounts {
  states: number;
  tickets: number;
  sessions: number;
  loginFailures: number;
  rateLimitWindows: number;
}

/**
 * Deletes what has expired: OAuth states (10 min) and login tickets (2 min) nobody came back for, sessions past
 * their idle or absolute limit, and failed-login counts whose lockout window has ended. Anonymous callers
 * create the first and the last; without a sweep they would pile up until a callback or a login happened
 * to read them.
 */
export async function sweepExpired(db: Database, config: Config, now = new Date()): Promise<SweepCounts> {
  const { states, tickets } = await deleteExpiredStatesAndTickets(db, now);
  const sessions = await deleteExpiredSessions(db, new Date(now.getTime() - config.session.idleMinutes * 60_000), new Date(now.getTime() - config.session.absoluteHours * 3_600_000));
  const loginFailures = await deleteStaleLoginFailures(db, new Date(now.getTime() - config.auth.lockoutMinutes * 60_000));
  const rateLimitWindows = await deleteEndedRateLimitWindows(db, now);
  return { states, tickets, sessions, loginFailures, rateLimitWindows };
}

/** Sweeps now and every `intervalMs`; the returned function stops it. Every process sweeps: a sweep is idempotent. */
export function scheduleHousekeeping(db: Database, config: Config, log: FastifyBaseLogger, intervalMs = HOUSEKEEPING_INTERVAL_MS): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = sweepExpired(db, config)
      .then((counts) => {
        if (Object.values(counts).some((n) => n > 0)) log.info({ deleted: counts }, 'expired rows deleted');
      })
      .catch((err: unknown) => log.warn({ err }, 'housekeeping sweep failed; it runs again at the next interval'));
  };
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  sweep();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
