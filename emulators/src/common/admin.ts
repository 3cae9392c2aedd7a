import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from './context.js';
import type { FaultPlan } from './faults.js';
import { latencyOn, REALISTIC_LATENCY } from './timing.js';

export interface AdminHooks {
  /** mint an access token (and, where the platform has them, a refresh token) for a test user, shop or account */
  mintToken?: (body: Record<string, unknown>) => Record<string, unknown>;
  /** anything else the platform wants to expose (registered under /__admin) */
  extra?: (app: FastifyInstance) => void;
}

/**
 * The admin endpoints every emulator shares, under `/__admin`. Mounted only when ctx.admin is true
 * (sandbox and tests), never in production mode. See emulators/README.md for the list.
 */
export function registerAdminRoutes(app: FastifyInstance, ctx: EmulatorContext, hooks: AdminHooks = {}): void {
  if (!ctx.admin) return;

  app.get('/__admin/clock', async () => ({ now: ctx.clock.now().toISOString(), pinned: ctx.clock.isPinned() }));

  app.put<{ Body: { now?: string | null; advanceMs?: number } }>('/__admin/clock', async (req, reply) => {
    const body = req.body ?? {};
    try {
      if (typeof body.advanceMs === 'number') ctx.clock.advance(body.advanceMs);
      else ctx.clock.set(body.now ?? null);
    } catch (e) {
      return reply.code(400).send({ error: (e as Error).message });
    }
    return { now: ctx.clock.now().toISOString(), pinned: ctx.clock.isPinned() };
  });

  app.get('/__admin/faults', async () => ctx.faults.list());

  app.put<{ Body: { key?: string; plan?: FaultPlan } }>('/__admin/faults', async (req, reply) => {
    const { key, plan } = req.body ?? {};
    if (!key || typeof plan !== 'object' || plan === null) return reply.code(400).send({ error: 'body must be {key, plan}' });
    ctx.faults.set(key, plan);
    return ctx.faults.list();
  });

  app.delete<{ Querystring: { key?: string } }>('/__admin/faults', async (req) => {
    ctx.faults.clear(req.query.key);
    return ctx.faults.list();
  });

  // the mode, and the quota refusals counted on every platform of this mount (common/refusals.ts)
  app.get('/__admin/quota', async () => ctx.quota);

  app.delete('/__admin/quota/refused', async () => {
    ctx.quota.refused = {};
    return ctx.quota;
  });

  app.get('/__admin/quota/latency', async () => ({ on: latencyOn(ctx), latency: REALISTIC_LATENCY }));

  app.put<{ Body: { mode?: string; latency?: string } }>('/__admin/quota', async (req, reply) => {
    const { mode, latency } = req.body ?? {};
    if (mode !== 'off' && mode !== 'realistic') return reply.code(400).send({ error: "mode must be 'off' or 'realistic'" });
    if (latency !== undefined && latency !== 'off' && latency !== 'realistic') return reply.code(400).send({ error: "latency must be 'off' or 'realistic'" });
    ctx.quota.mode = mode;
    // latency belongs to realistic mode: leaving it (or not asking for it) turns it off
    ctx.quota.latency = mode === 'realistic' && latency === 'realistic' ? 'realistic' : 'off';
    return ctx.quota;
  });

  app.post<{ Body: { token?: string } }>('/__admin/tokens/expire', async (req, reply) => {
    const token = req.body?.token;
    if (!token || !ctx.tokens.expire(token)) return reply.code(404).send({ error: 'unknown token' });
    return { expired: true };
  });

  app.post<{ Body: { token?: string; subject?: string } }>('/__admin/tokens/revoke', async (req, reply) => {
    const { token, subject } = req.body ?? {};
    if (token) return ctx.tokens.revoke(token) ? { revoked: 1 } : reply.code(404).send({ error: 'unknown token' });
    if (subject) return { revoked: ctx.tokens.revokeSubject(subject) };
    return reply.code(400).send({ error: 'body must have token or subject' });
  });

  if (hooks.mintToken) {
    const mint = hooks.mintToken;
    app.post<{ Body: Record<string, unknown> }>('/__admin/tokens', async (req, reply) => {
      try {
        return mint(req.body ?? {});
      } catch (e) {
        return reply.code(400).send({ error: (e as Error).message });
      }
    });
  }

  hooks.extra?.(app);
}
