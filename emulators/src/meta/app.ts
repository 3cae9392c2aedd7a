import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { registerAdminRoutes } from '../common/admin.js';
import type { EmulatorContext } from '../common/context.js';
import { REALISTIC_LATENCY, registerServerTiming } from '../common/timing.js';
import { handleGraph } from './graph.js';
import { dialogPage, dialogSubmit, grantedScope, issueAccess, LONG_LIVED_SECONDS, SHORT_LIVED_SECONDS } from './oauth.js';
import { createState, type MetaState } from './state.js';
import { runningRunsOf } from './reports.js';
import type { Tier } from './usage.js';

/**
 * Meta Graph / Marketing API emulator. Serves both hosts the real clients talk to under one base URL:
 * the login dialog (www.facebook.com/vNN.0/dialog/oauth) and the Graph API (graph.facebook.com/vNN.0/...).
 * Any vNN.0 version segment is accepted. See README.md for endpoints, admin routes and faults.
 */
export function metaEmulator(ctx: EmulatorContext): FastifyPluginAsync {
  return async (app) => {
    const state = createState(ctx);
    state.usage.runningRuns = (accountId) => runningRunsOf(state, accountId).count;
    // Graph calls (not the login dialog pages); creating a report run sets its own (graph.ts)
    registerServerTiming(app, ctx, (req) => (/\/dialog\/oauth/.test(req.url) ? 0 : REALISTIC_LATENCY.meta.callMs));
    registerAdminRoutes(app, ctx, {
      mintToken: (body) => mintToken(state, body),
      extra: (admin) => registerMetaAdmin(admin, state),
    });
    app.get('/:version/dialog/oauth', (req, reply) => dialogPage(state, req, reply));
    app.post('/:version/dialog/oauth', (req, reply) => dialogSubmit(state, req, reply));
    app.get('/dialog/oauth', (req, reply) => dialogPage(state, req, reply));
    app.post('/dialog/oauth', (req, reply) => dialogSubmit(state, req, reply));
    app.route({ method: ['GET', 'POST', 'DELETE'], url: '/*', handler: (req, reply) => handleGraph(state, req, reply) });
  };
}

/** POST /__admin/tokens {userId?, scope?, longLived?} -> a user access token for a test user */
function mintToken(state: MetaState, body: Record<string, unknown>): Record<string, unknown> {
  const identities = state.ctx.world.meta.identities;
  const userId = typeof body.userId === 'string' ? body.userId : identities[0]?.id;
  const identity = identities.find((i) => i.id === userId);
  if (!identity) throw new Error(`unknown Meta test user ${String(userId)}`);
  const scope = grantedScope(typeof body.scope === 'string' ? body.scope : 'ads_read,business_management,email');
  const long = body.longLived !== false;
  const ttl = typeof body.expiresIn === 'number' ? body.expiresIn : long ? LONG_LIVED_SECONDS : SHORT_LIVED_SECONDS;
  const record = issueAccess(state, identity.id, scope, ttl, long ? 'long' : 'short');
  return { access_token: record.token, token_type: 'bearer', user_id: identity.id, expires_in: ttl, scope };
}

function registerMetaAdmin(app: FastifyInstance, state: MetaState): void {
  const view = () => ({ ...state.config, tier: state.usage.tier, insightsRunBudget: state.usage.insightsRunBudget });
  app.get('/__admin/meta/config', async () => view());

  app.put<{ Body: { pollsToComplete?: number; secondsToComplete?: number; syncRowLimit?: number; tier?: string; insightsRunBudget?: number } }>('/__admin/meta/config', async (req, reply) => {
    const b = req.body ?? {};
    if (b.tier !== undefined && b.tier !== 'development_access' && b.tier !== 'standard_access') {
      return reply.code(400).send({ error: "tier must be 'development_access' or 'standard_access'" });
    }
    for (const k of ['pollsToComplete', 'secondsToComplete', 'syncRowLimit'] as const) {
      const v = b[k];
      if (v !== undefined) {
        if (typeof v !== 'number' || !(v >= 0)) return reply.code(400).send({ error: `${k} must be a number >= 0` });
        state.config[k] = v;
      }
    }
    if (b.insightsRunBudget !== undefined) {
      if (typeof b.insightsRunBudget !== 'number' || !(b.insightsRunBudget >= 1)) return reply.code(400).send({ error: 'insightsRunBudget must be a number >= 1' });
      state.usage.insightsRunBudget = b.insightsRunBudget;
    }
    if (b.tier) state.usage.tier = b.tier as Tier;
    return view();
  });

  app.post('/__admin/meta/usage/reset', async () => {
    state.usage.reset();
    return { reset: true };
  });

  app.get('/__admin/meta/report-runs', async () =>
    [...state.runs.values()].map((r) => ({ id: r.id, account_id: r.scope.model.account.accountId, polls: r.polls, fail: r.fail, forced: r.forced ?? null })));

  app.post<{ Params: { id: string }; Body: { status?: string } }>('/__admin/meta/report-runs/:id', async (req, reply) => {
    const run = state.runs.get(req.params.id);
    if (!run) return reply.code(404).send({ error: 'unknown report run' });
    const s = req.body?.status;
    if (s !== 'completed' && s !== 'failed') return reply.code(400).send({ error: "status must be 'completed' or 'failed'" });
    run.forced = s;
    return { id: run.id, forced: s };
  });
}
