import { ALERT_RULE_MESSAGES, describeAlertRule, type AlertRule, type AlertRuleBody } from '@parallels/contract/alerts';
import { todayIn } from '@parallels/contract/days';
import { PLATFORM_LABELS, type Platform } from '@parallels/contract/brands';
import type { RealtimeMessage } from '@parallels/contract/realtime';
import type { SummaryResponse, SummarySource } from '@parallels/contract/summary';
import { AppError } from '../../lib/app-error.js';
import type { RealtimePublisher } from '../../realtime/realtime.js';
import type { AccessibleBrand } from '../auth/auth.sql.js';
import { queueAlertEmails } from '../email-reports/email-reports.service.js';
import type { ReportDeps } from '../reports/report-deps.js';
import { loadPlatformSources } from '../reports/report-pipeline.js';
import { buildSummary } from '../summary/summary.service.js';
import { connectionsBeingSynced, deleteRule, fireAlert, insertRule, listAlertBrands, listRules, resolveAlert, updateRule, type AlertRuleRow } from './alerts.sql.js';
import { QUEUES } from '../../sync/queue.js';

// Alerts (issue 22 item 2): a user's rules on the dashboard's summary figures (the same code path as the
// screens), and two built-in conditions per connection: it needs reconnecting, or it has not synced for over
// 6 hours. Each condition fires once per day at most, and not again until it resolved; a resolution is said once.

export interface AlertDeps extends ReportDeps {
  realtime: Pick<RealtimePublisher, 'publish'> | undefined;
  /** sends an alert email delivery through the email queue (undefined: this process sends none) */
  enqueueEmail: ((deliveryId: string) => Promise<unknown>) | undefined;
}

/** A source not synced for longer than this is an alert (the refresh runs every 3 hours). */
export const STALE_SYNC_HOURS = 6;

function toRule(row: AlertRuleRow): AlertRule {
  const rule = { source: row.source, metric: row.metric, period: row.period, comparison: row.comparison, threshold: row.threshold } as AlertRuleBody;
  return { id: row.id, brandId: row.brandId, ...rule, description: describeAlertRule(rule) };
}

export async function listAlertRules(deps: Pick<ReportDeps, 'db'>, brandId: string, userId: string): Promise<AlertRule[]> {
  return (await listRules(deps.db, brandId, userId)).map(toRule);
}

export async function addAlertRule(deps: Pick<ReportDeps, 'db'>, brandId: string, userId: string, body: AlertRuleBody): Promise<AlertRule> {
  return toRule(await insertRule(deps.db, brandId, userId, body));
}

export async function changeAlertRule(deps: Pick<ReportDeps, 'db'>, brandId: string, userId: string, ruleId: string, body: AlertRuleBody): Promise<AlertRule> {
  const row = await updateRule(deps.db, brandId, userId, ruleId, body);
  if (!row) throw new AppError('not-found', ALERT_RULE_MESSAGES.notFound);
  return toRule(row);
}

export async function removeAlertRule(deps: Pick<ReportDeps, 'db'>, brandId: string, userId: string, ruleId: string): Promise<void> {
  if (!(await deleteRule(deps.db, brandId, userId, ruleId))) throw new AppError('not-found', ALERT_RULE_MESSAGES.notFound);
}

interface Condition {
  key: string;
  /** true: holds now; false: does not; null: not known (figures missing), left as it is */
  holds: boolean | null;
  title: string;
  message: string;
  resolvedMessage: string;
  actionUrl: string | null;
  /** the rule's owner; undefined for the built-in ones (everyone of the brand) */
  userIds?: string[];
}

const PLATFORMS: Platform[] = ['shopify', 'meta', 'google_ads', 'ga4'];

async function connectionConditions(deps: ReportDeps, brandId: string): Promise<Condition[]> {
  const now = deps.now().getTime();
  const out: Condition[] = [];
  const catchingUp = await connectionsBeingSynced(deps.db, [QUEUES.backfill, QUEUES.backfillHistory, QUEUES.refresh]);
  for (const platform of PLATFORMS) {
    for (const c of await loadPlatformSources(deps, brandId, platform)) {
      const name = `${PLATFORM_LABELS[platform]} ${c.accountName}`;
      out.push({
        key: `reconnect:${c.id}`,
        holds: c.status === 'reauth_required',
        title: `Reconnect ${name}`,
        message: `${name} needs reconnecting: its data stopped syncing.${c.statusMessage ? ` ${c.statusMessage}` : ''}`,
        resolvedMessage: `${name} is connected again.`,
        actionUrl: '/profile',
      });
      const last = c.lastSyncedAt ? new Date(c.lastSyncedAt).getTime() : null;
      out.push({
        key: `stale:${c.id}`,
        // a connection still on its first sync has no last sync yet: not stale, not known to be fresh either
        // nor is one whose sync is running or due now (catching up after a restart): its next answer decides
        holds: c.status === 'reauth_required' || last === null || catchingUp.has(c.id) ? null : now - last > STALE_SYNC_HOURS * 3_600_000,
        title: `${name} not synced for over ${STALE_SYNC_HOURS} hours`,
        message: `${name} last synced ${c.lastSyncedAt}. Its newest figures may be missing.`,
        resolvedMessage: `${name} is syncing again.`,
        actionUrl: '/profile',
      });
    }
  }
  return out;
}

function ruleHolds(rule: AlertRule, figure: { current: number | null; change: number | null } | undefined): boolean | null {
  if (!figure) return null;
  if (rule.comparison === 'below') return figure.current === null ? null : figure.current < rule.threshold;
  if (rule.comparison === 'above') return figure.current === null ? null : figure.current > rule.threshold;
  if (figure.change === null) return null;
  return rule.comparison === 'drops_by' ? figure.change <= -rule.threshold : figure.change >= rule.threshold;
}

async function ruleConditions(deps: ReportDeps, brand: AccessibleBrand): Promise<Condition[]> {
  const rules = (await listRules(deps.db, brand.id)).map((row) => ({ rule: toRule(row), userId: row.userId }));
  const answers = new Map<SummarySource, SummaryResponse | null>();
  const out: Condition[] = [];
  for (const { rule, userId } of rules) {
    if (!answers.has(rule.source)) {
      let answer: SummaryResponse | null = null;
      try {
        answer = await buildSummary(deps, brand, rule.source, undefined);
      } catch (e) {
        // nothing synced yet: unknown; a source to reconnect: its last synced figures
        if (!(e instanceof AppError)) throw e;
        answer = (e.extra.stale as SummaryResponse | undefined) ?? null;
      }
      answers.set(rule.source, answer);
    }
    const figures = answers.get(rule.source)?.periodData?.[rule.period] as Record<string, { current: number | null; change: number | null }> | undefined;
    out.push({
      key: `rule:${rule.id}`,
      holds: ruleHolds(rule, figures?.[rule.metric]),
      title: rule.description,
      message: `Your alert rule matched: ${rule.description}.`,
      resolvedMessage: `No longer true: ${rule.description}.`,
      actionUrl: '/dashboard',
      userIds: [userId],
    });
  }
  return out;
}

/** One brand's conditions, fired and resolved: in-app in the brand's room, and by email to whoever asked for it. */
export async function evaluateBrandAlerts(deps: AlertDeps, brand: AccessibleBrand): Promise<{ fired: string[]; resolved: string[] }> {
  const day = todayIn(brand.timezone, deps.now());
  const fired: string[] = [];
  const resolved: string[] = [];
  for (const c of [...(await connectionConditions(deps, brand.id)), ...(await ruleConditions(deps, brand))]) {
    if (c.holds === null) continue;
    let state: 'fired' | 'resolved' | null = null;
    if (c.holds && (await fireAlert(deps.db, brand.id, c.key, day, c.title))) state = 'fired';
    if (!c.holds && (await resolveAlert(deps.db, brand.id, c.key)).length > 0) state = 'resolved';
    if (!state) continue;
    (state === 'fired' ? fired : resolved).push(c.key);
    const title = state === 'fired' ? c.title : `Resolved: ${c.title}`;
    const message = state === 'fired' ? c.message : c.resolvedMessage;
    const event: RealtimeMessage = { type: 'alert', data: { brandId: brand.id, state, title, message, actionUrl: c.actionUrl } };
    await deps.realtime?.publish({ brandId: brand.id }, event);
    if (deps.enqueueEmail) await queueAlertEmails(deps, deps.enqueueEmail, { brandId: brand.id, userIds: c.userIds, conditionKey: c.key, day, alert: { title, message, state } });
  }
  return { fired, resolved };
}

/** Every brand's alerts (the 5-minute job). A brand that fails is logged by the caller and the others go on. */
export async function evaluateAllAlerts(deps: AlertDeps, onError: (brandId: string, err: unknown) => void): Promise<number> {
  let count = 0;
  for (const brand of await listAlertBrands(deps.db)) {
    try {
      const r = await evaluateBrandAlerts(deps, brand);
      count += r.fired.length + r.resolved.length;
    } catch (err) {
      onError(brand.id, err);
    }
  }
  return count;
}
