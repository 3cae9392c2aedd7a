import type { FastifyReply, FastifyRequest } from 'fastify';
import { countRefusal } from '../common/refusals.js';
import { addServerTiming, REALISTIC_LATENCY, setLatency } from '../common/timing.js';
import { authenticate, hasAdsScope, type Auth } from './auth.js';
import { worldModel, activeAdsCount, type AccountModel, type Ad, type Adset, type Campaign } from './entities.js';
import { GraphError, errors } from './errors.js';
import { applyFault, errorJson, hang, parseRequest, sendJson, type GraphRequest } from './http.js';
import { dataWindow, aggregate, type Scope } from './insights.js';
import { parseInsightsQuery, type Level } from './insights-query.js';
import { accountNode, adNode, adsetNode, campaignNode, listAds, listAdsets, listCampaigns, meNode, parseFields } from './objects.js';
import { debugToken, tokenEndpoint } from './oauth.js';
import { page } from './paging.js';
import { createRun, pollRun, runningRunsOf, runRows } from './reports.js';
import { formatRow } from './rows.js';
import { nextTrace, type MetaFaultPlan, type MetaState, type ReportRun } from './state.js';
import type { BucType } from './usage.js';

// The Graph router: resolve the object a path names, apply injected faults, check the token, count
// the call against the account's quotas, answer, and attach the usage headers (reference 1.10).

type Target =
  | { kind: 'me'; userId?: string }
  | { kind: 'account'; id: string; model: AccountModel | undefined }
  | { kind: 'campaign'; c: Campaign }
  | { kind: 'adset'; s: Adset }
  | { kind: 'ad'; ad: Ad }
  | { kind: 'run'; run: ReportRun }
  | { kind: 'debug' }
  | { kind: 'unknown'; id: string };

type Json = Record<string, unknown>;

function resolve(state: MetaState, id: string): Target {
  const model = worldModel(state.ctx.world);
  if (id === 'me') return { kind: 'me' };
  if (state.ctx.world.meta.identities.some((i) => i.id === id)) return { kind: 'me', userId: id };
  if (id === 'debug_token') return { kind: 'debug' };
  if (/^act_\d+$/.test(id)) return { kind: 'account', id, model: model.accounts.get(id) };
  const c = model.campaigns.get(id);
  if (c) return { kind: 'campaign', c };
  const s = model.adsets.get(id);
  if (s) return { kind: 'adset', s };
  const ad = model.ads.get(id);
  if (ad) return { kind: 'ad', ad };
  const run = state.runs.get(id);
  if (run) return { kind: 'run', run };
  return { kind: 'unknown', id };
}

function accountOf(state: MetaState, t: Target): AccountModel | undefined {
  const accounts = worldModel(state.ctx.world).accounts;
  switch (t.kind) {
    case 'account': return t.model;
    case 'campaign': return accounts.get(t.c.account.id);
    case 'adset': return accounts.get(t.s.campaign.account.id);
    case 'ad': return accounts.get(t.ad.adset.campaign.account.id);
    case 'run': return t.run.scope.model;
    default: return undefined;
  }
}

function takePlan(state: MetaState, account: AccountModel | undefined, token: string | undefined): { plan: MetaFaultPlan | undefined; keyKind: 'account' | 'token' | 'global' } {
  const { faults } = state.ctx;
  const present = faults.list();
  const candidates: Array<[string | undefined, 'account' | 'token']> = [[account?.account.id, 'account'], [account?.account.accountId, 'account'], [token, 'token']];
  for (const [key, kind] of candidates) if (key && present[key]) return { plan: faults.take(key), keyKind: kind };
  return { plan: faults.take(), keyKind: 'global' };
}

export async function handleGraph(state: MetaState, req: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  const g = parseRequest(req);
  const trace = nextTrace(state);
  const headers: Record<string, string> = { 'x-fb-trace-id': trace, 'x-fb-rev': '1023456789', 'facebook-api-version': g.version };
  const [head, edge, ...rest] = g.segments;
  const target = head === 'oauth' && edge === 'access_token' ? ({ kind: 'debug' } as Target) : resolve(state, head ?? '');
  const model = accountOf(state, target);
  const insights = edge === 'insights' || target.kind === 'run';
  const bucType: BucType = insights ? 'ads_insights' : 'ads_management';
  let throttleEta: number | undefined;
  let auth: Auth | undefined;
  let status = 200;
  let body: string;
  const { plan, keyKind } = takePlan(state, model, g.token);
  try {
    const now = state.ctx.clock.now();
    const fault = await applyFault(req, plan, keyKind, { insights, accountId: model?.account.accountId ?? null, now, expiresAt: state.ctx.tokens.get(g.token)?.expiresAt ?? null });
    if (fault.kind === 'hang') return hang(req, reply);
    if (fault.kind === 'error') throw fault.error;
    if (head === 'oauth' && edge === 'access_token') {
      countApp(state);
      body = JSON.stringify(tokenEndpoint(state, g));
    } else if (target.kind === 'debug') {
      countApp(state);
      body = JSON.stringify(debugToken(state, g));
    } else {
      if (rest.length) throw errors.unknownPath(`/${rest.join('/')}`);
      auth = authenticate(state, g);
      const answer = await route(state, g, target, edge, auth, bucType, plan);
      if (typeof answer.report_run_id === 'string') timeRunCreation(req, state.runs.get(answer.report_run_id));
      body = JSON.stringify(answer);
    }
  } catch (e) {
    if (!(e instanceof GraphError)) throw e;
    status = e.status;
    body = errorJson(e, trace);
    Object.assign(headers, e.headers);
    if (e.throttle) throttleEta = e.throttle.etaSeconds;
  }
  Object.assign(headers, usageHeaders(state, model, auth, bucType, insights, throttleEta));
  if (plan?.malformed) return sendJson(reply, 200, body.slice(0, Math.max(1, Math.floor(body.length / 2))), headers);
  // suppress_http_code=1 makes Graph answer errors with HTTP 200 (for clients that cannot read error statuses)
  return sendJson(reply, g.params.suppress_http_code === '1' ? 200 : status, body, headers);
}

/** realistic latency: creating a run has its own latency, and says when the run will be ready (Server-Timing `job`) */
function timeRunCreation(req: FastifyRequest, run: ReportRun | undefined): void {
  setLatency(req, REALISTIC_LATENCY.meta.createRunMs);
  if (run?.readyMs !== undefined) addServerTiming(req, 'job', run.readyMs);
}

function countApp(state: MetaState): void {
  const err = state.usage.recordApp(state.ctx.world.meta.identities.length, state.ctx.quota.mode === 'realistic');
  if (err) throw refused(state, err);
}

/** Meta's names for its throttles, by error code: the business use case types (x-business-use-case-usage), else the message */
const THROTTLES: Record<number, string> = {
  4: 'application_request_limit', 17: 'user_request_limit', 613: 'too_many_calls', 80000: 'ads_insights', 80004: 'ads_management',
};

/** a realistic quota's refusal (never an injected fault's): counted as `meta:<throttle>` (common/refusals.ts) */
function refused(state: MetaState, err: GraphError): GraphError {
  countRefusal(state.ctx, `meta:${THROTTLES[err.body.code] ?? err.body.code}`);
  return err;
}

function usageHeaders(state: MetaState, model: AccountModel | undefined, auth: Auth | undefined, type: BucType, insights: boolean, eta: number | undefined): Record<string, string> {
  const today = (m: AccountModel): string => state.ctx.clock.today(m.account.timezoneName);
  const out: Record<string, string> = { 'x-app-usage': JSON.stringify(state.usage.appUsage(state.ctx.world.meta.identities.length)) };
  const accounts = model ? [model] : auth?.kind === 'user'
    ? auth.identity.adAccountIds.map((id) => worldModel(state.ctx.world).accounts.get(id)).filter((m): m is AccountModel => m !== undefined)
    : [];
  const buc: Record<string, Array<Record<string, string | number>>> = {};
  for (const m of accounts) buc[m.account.accountId] = [state.usage.buc(m.account.accountId, type, activeAdsCount(m, today(m)), model ? eta : undefined)];
  out['x-business-use-case-usage'] = JSON.stringify(buc);
  if (model) {
    const ads = activeAdsCount(model, today(model));
    out['x-ad-account-usage'] = JSON.stringify(state.usage.adAccountUsage(model.account.accountId, ads));
    if (insights) out['x-fb-ads-insights-throttle'] = JSON.stringify(state.usage.insightsThrottle(model.account.accountId, ads));
  }
  return out;
}

async function route(state: MetaState, g: GraphRequest, target: Target, edge: string | undefined, auth: Auth, type: BucType, plan: MetaFaultPlan | undefined): Promise<Json> {
  const method = g.method === 'HEAD' ? 'GET' : g.method;
  const params = g.params;
  if (target.kind === 'me') {
    if (auth.kind !== 'user') throw errors.appTokenOnMe();
    // another user's node is not visible to this token
    if (target.userId !== undefined && target.userId !== auth.identity.id) throw errors.unknownObject(target.userId, method.toLowerCase());
    countApp(state);
    if (method !== 'GET') throw errors.unknownObject('me', method.toLowerCase());
    if (edge === undefined) return meNode(auth.identity, parseFields(params.fields));
    if (edge === 'permissions') {
      return { data: auth.record.scope.split(/[,\s]+/).filter(Boolean).map((p) => ({ permission: p, status: 'granted' })) };
    }
    if (edge === 'adaccounts') {
      const models = auth.identity.adAccountIds.map((id) => worldModel(state.ctx.world).accounts.get(id)).filter((m): m is AccountModel => m !== undefined);
      const fields = parseFields(params.fields);
      const rows = models.map((m) => accountNode(state, m, fields, ['account_id', 'id']));
      return { ...page(rows, params, link(state, g, [auth.identity.id, 'adaccounts'])) };
    }
    throw errors.unknownPath(`/${edge}`);
  }
  const model = accountOf(state, target);
  const id = target.kind === 'account' ? target.id : target.kind === 'unknown' ? target.id : '';
  if (!model || target.kind === 'unknown' || auth.kind !== 'user' || !auth.identity.adAccountIds.includes(model.account.id)) {
    throw errors.unknownObject(id || (g.segments[0] ?? ''), method.toLowerCase());
  }
  if (!hasAdsScope(auth.record)) throw errors.permission(200);
  const today = state.ctx.clock.today(model.account.timezoneName);
  const quotaError = state.usage.recordAccount(model.account.accountId, type, method === 'POST', activeAdsCount(model, today), state.ctx.quota.mode === 'realistic');
  if (quotaError) throw refused(state, quotaError);
  const fields = parseFields(params.fields);
  const isPost = method === 'POST';
  // read-only sandbox: nothing can be deleted
  if (method !== 'GET' && !isPost) throw errors.unknownObject(g.segments[0] ?? '', method.toLowerCase());
  if (isPost && edge !== 'insights') throw errors.unknownObject(g.segments[0] ?? '', 'post');

  if (edge === 'insights') {
    if (target.kind === 'run') return runInsights(state, g, target.run);
    const scope: Scope = target.kind === 'campaign' ? { model, campaign: target.c } : target.kind === 'adset' ? { model, adset: target.s } : { model };
    if (target.kind === 'ad') throw errors.invalidParam('Insights at ad level are not available in this sandbox');
    const levels: Level[] = target.kind === 'campaign' ? ['campaign', 'adset'] : target.kind === 'adset' ? ['adset'] : ['account', 'campaign', 'adset'];
    const q = parseInsightsQuery(params, { defaultLevel: levels[0] ?? 'account', allowedLevels: levels, today, earliest: dataWindow(state.ctx.world, today).first });
    if (isPost) {
      // realistic quotas: the account's running runs have spent its ads_insights budget (usage.ts): refused
      const running = runningRunsOf(state, model.account.accountId);
      if (state.ctx.quota.mode === 'realistic' && running.count >= state.usage.insightsRunBudget) throw refused(state, errors.insightsLimit(model.account.accountId, running.firstDoneSeconds));
      return { report_run_id: createRun(state, scope, q, today, plan?.reportRunFailed === true).id };
    }
    const rows = aggregate(state.ctx.world, scope, q, today);
    if (rows.length > state.config.syncRowLimit) throw errors.reduceData();
    return { ...page(rows.map((a) => formatRow(a, q)), params, link(state, g, g.segments)) };
  }

  switch (target.kind) {
    case 'account': {
      if (edge === undefined) return accountNode(state, model, fields, ['id']);
      const campaigns = model.campaigns;
      if (edge === 'campaigns') return { ...page(listCampaigns(campaigns, today, params), params, link(state, g, g.segments)) };
      if (edge === 'adsets') return { ...page(listAdsets(campaigns.flatMap((c) => c.adsets), today, params), params, link(state, g, g.segments)) };
      if (edge === 'ads') return { ...page(listAds(campaigns.flatMap((c) => c.adsets.flatMap((s) => s.ads)), today, params), params, link(state, g, g.segments)) };
      break;
    }
    case 'campaign':
      if (edge === undefined) return campaignNode(target.c, today, fields);
      if (edge === 'adsets') return { ...page(listAdsets(target.c.adsets, today, params), params, link(state, g, g.segments)) };
      if (edge === 'ads') return { ...page(listAds(target.c.adsets.flatMap((s) => s.ads), today, params), params, link(state, g, g.segments)) };
      break;
    case 'adset':
      if (edge === undefined) return adsetNode(target.s, today, fields);
      if (edge === 'ads') return { ...page(listAds(target.s.ads, today, params), params, link(state, g, g.segments)) };
      break;
    case 'ad':
      if (edge === undefined) return adNode(target.ad, today, fields);
      break;
    case 'run':
      if (edge === undefined) return pollRun(state, target.run, fields, g.version);
      break;
  }
  throw errors.unknownPath(`/${edge ?? ''}`);
}

function runInsights(state: MetaState, g: GraphRequest, run: ReportRun): Json {
  const rows = runRows(state, run);
  const params = { ...g.params };
  params.limit ??= String(run.query.limit);
  return { ...page(rows, params, link(state, g, g.segments)) };
}

function link(state: MetaState, g: GraphRequest, segments: string[]): { url: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(g.params)) if (k !== 'access_token' || g.tokenInQuery) params[k] = v;
  const path = segments.map((s) => encodeURIComponent(s)).join('/');
  return { url: `${state.ctx.baseUrl}/${g.version}/${path}`, params };
}
