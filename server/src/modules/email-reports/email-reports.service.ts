import type { EmailKind, EmailSettings, UnsubscribeTopic, UpdateEmailSettings } from '@parallels/contract/email-reports';
import { addDays, todayIn } from '@parallels/contract/days';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import type { TokenKeyring } from '../../lib/token-crypto.js';
import type { Mailer } from '../../mail/mailer.js';
import { BRAND_NOT_FOUND } from '../brands/brand-access.js';
import type { ReportDeps } from '../reports/report-deps.js';
import { buildDigest } from './digest.service.js';
import { renderDigestEmail, type RenderedEmail } from './digest-email.js';
import { renderAlertEmail } from './alert-email.js';
import {
  claimDelivery,
  insertDelivery,
  listAlertRecipients,
  listDigestSubscriptions,
  listQueuedDeliveryIds,
  listUserSettings,
  markDeliveryFailed,
  markDeliverySent,
  saveSettings,
  type AlertPayload,
  type ClaimedDelivery,
  type DigestSubscription,
} from './email-reports.sql.js';
import { signUnsubscribe, UNSUBSCRIBE_TTL_DAYS, verifyUnsubscribe, type UnsubscribeClaim } from './unsubscribe-token.js';
import { brandDisplayName } from '@parallels/contract/brands';

export interface EmailLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface EmailDeps extends ReportDeps {
  config: Pick<Config, 'publicUrl' | 'mail'>;
  keyring: TokenKeyring;
  /** undefined when no SMTP server is configured (production without SMTP_URL): nothing is sent */
  mailer: Mailer | undefined;
  log: EmailLog;
}

/** Digests go out at this hour of the brand's day; until noon a late schedule (a restart) still sends them. */
export const DIGEST_HOUR = 7;
const DIGEST_LAST_HOUR = 11;
/** A delivery a worker took this long ago without finishing is a dead worker's: another may take it. */
export const DELIVERY_LEASE_SECONDS = 300;
/** Attempts before a delivery is failed for good (the first and the queue's retries with backoff). */
export const MAX_DELIVERY_ATTEMPTS = 6;

// ---- Settings ----

export async function listEmailSettings(deps: Pick<EmailDeps, 'db'>, userId: string): Promise<EmailSettings[]> {
  return listUserSettings(deps.db, userId);
}

export async function updateEmailSettings(deps: Pick<EmailDeps, 'db'>, userId: string, brandId: string, change: UpdateEmailSettings): Promise<EmailSettings> {
  await saveSettings(deps.db, userId, brandId, change);
  const [row] = await listUserSettings(deps.db, userId, brandId);
  if (!row) throw new AppError('not-found', BRAND_NOT_FOUND);
  return row;
}

/** The sandbox demo user gets every email of the demo brand (a new user's are off until turned on). */
export async function turnOnAllEmails(deps: Pick<EmailDeps, 'db'>, userId: string, brandId: string): Promise<void> {
  await saveSettings(deps.db, userId, brandId, { daily: true, weekly: true, alerts: true });
}

// ---- Unsubscribe ----

export type UnsubscribeLink = { ok: true; claim: UnsubscribeClaim; brandName: string } | { ok: false; message: string };

export const UNSUBSCRIBE_MESSAGES = {
  invalid: 'This unsubscribe link is not valid. Change your email settings in your profile instead.',
  expired: 'This unsubscribe link has expired. Change your email settings in your profile instead.',
} as const;

export const TOPIC_NAMES: Record<UnsubscribeTopic, string> = { daily: 'daily email reports', weekly: 'weekly email reports', alerts: 'alert emails' };

export function unsubscribeUrl(deps: Pick<EmailDeps, 'config' | 'keyring' | 'now'>, claim: Omit<UnsubscribeClaim, 'expiresAt'>): string {
  const expiresAt = Math.floor(deps.now().getTime() / 1000) + UNSUBSCRIBE_TTL_DAYS * 86_400;
  return `${deps.config.publicUrl}/api/email/unsubscribe?token=${encodeURIComponent(signUnsubscribe(deps.keyring, { ...claim, expiresAt }))}`;
}

/** What a link would unsubscribe from, for the confirmation page; forged or expired links say so. */
export async function readUnsubscribeLink(deps: Pick<EmailDeps, 'db' | 'keyring' | 'now'>, token: string): Promise<UnsubscribeLink> {
  const check = verifyUnsubscribe(deps.keyring, token, deps.now());
  if (!check.ok) return { ok: false, message: UNSUBSCRIBE_MESSAGES[check.reason] };
  const [row] = await listUserSettings(deps.db, check.claim.userId, check.claim.brandId);
  // the user left the brand (or was deleted): nothing left to send, so nothing to unsubscribe from
  if (!row) return { ok: false, message: UNSUBSCRIBE_MESSAGES.invalid };
  return { ok: true, claim: check.claim, brandName: brandDisplayName(row.brandName) };
}

/** One-click unsubscribe (RFC 8058): turns the link's topic off for its user and brand. */
export async function unsubscribe(deps: Pick<EmailDeps, 'db' | 'keyring' | 'now'>, token: string): Promise<UnsubscribeLink> {
  const link = await readUnsubscribeLink(deps, token);
  if (link.ok) await saveSettings(deps.db, link.claim.userId, link.claim.brandId, { [link.claim.topic]: false });
  return link;
}

// ---- Schedule ----

function localHour(timezone: string, now: Date): number {
  const hour = new Intl.DateTimeFormat('en-GB', { timeZone: timezone, hour: '2-digit', hourCycle: 'h23' }).format(now);
  return Number(hour);
}

/** The Monday of the week before the one `day` is in: the last whole week. */
function lastWeekMonday(day: string): string {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  return addDays(day, -weekday - 7);
}

/**
 * The digests due now for a subscription: yesterday's daily from 07:00 (to noon) in the brand's timezone, and
 * last week's weekly on Mondays from 07:00. `anyHour` (the sandbox's trigger) ignores the hour and the weekday.
 */
export function dueDigests(sub: Pick<DigestSubscription, 'timezone' | 'daily' | 'weekly'>, now: Date, anyHour = false): Array<{ kind: EmailKind; period: string }> {
  const today = todayIn(sub.timezone, now);
  const hour = localHour(sub.timezone, now);
  if (!anyHour && (hour < DIGEST_HOUR || hour > DIGEST_LAST_HOUR)) return [];
  const due: Array<{ kind: EmailKind; period: string }> = [];
  if (sub.daily) due.push({ kind: 'daily', period: addDays(today, -1) });
  const monday = new Date(`${today}T00:00:00Z`).getUTCDay() === 1;
  if (sub.weekly && (monday || anyHour)) due.push({ kind: 'weekly', period: lastWeekMonday(today) });
  return due;
}

/**
 * Makes the delivery row of every digest due now (once per user, brand, kind and period: the unique key) and
 * hands each new one, and any queued one whose job was lost, to `enqueue`. Returns how many it enqueued.
 */
export async function scheduleDigests(deps: Pick<EmailDeps, 'db' | 'now'>, enqueue: (deliveryId: string) => Promise<unknown>, options: { anyHour?: boolean; userId?: string } = {}): Promise<number> {
  const now = deps.now();
  let queued = 0;
  for (const sub of await listDigestSubscriptions(deps.db)) {
    if (options.userId && sub.userId !== options.userId) continue;
    for (const due of dueDigests(sub, now, options.anyHour)) {
      const id = await insertDelivery(deps.db, { userId: sub.userId, brandId: sub.brandId, kind: due.kind, period: due.period });
      if (id) {
        await enqueue(id);
        queued += 1;
      }
    }
  }
  return queued;
}

/** Deliveries left queued longer than the queue's retries take: their job was lost; sent again. */
export async function requeueLostDeliveries(deps: Pick<EmailDeps, 'db'>, enqueue: (deliveryId: string) => Promise<unknown>): Promise<number> {
  const ids = await listQueuedDeliveryIds(deps.db, new Date(Date.now() - 2 * 3_600_000));
  for (const id of ids) await enqueue(id);
  return ids.length;
}

// ---- Alerts ----

export interface AlertEmail {
  brandId: string;
  /** who: the rule's owner, or (undefined) everyone of the brand who asked for alert emails */
  userIds?: string[];
  conditionKey: string;
  day: string;
  alert: AlertPayload;
}

/** Queues an alert's email to each recipient who turned alert emails on, once per condition, day and state. */
export async function queueAlertEmails(deps: Pick<EmailDeps, 'db'>, enqueue: (deliveryId: string) => Promise<unknown>, input: AlertEmail): Promise<number> {
  const recipients = (await listAlertRecipients(deps.db, input.brandId)).filter((u) => !input.userIds || input.userIds.includes(u));
  let queued = 0;
  for (const userId of recipients) {
    const id = await insertDelivery(deps.db, { userId, brandId: input.brandId, kind: 'alert', period: `${input.conditionKey}:${input.day}:${input.alert.state}`, payload: input.alert });
    if (id) {
      await enqueue(id);
      queued += 1;
    }
  }
  return queued;
}

// ---- Delivery ----

async function composeEmail(deps: EmailDeps, d: ClaimedDelivery, unsubscribe: string): Promise<RenderedEmail> {
  if (d.kind === 'alert') {
    if (!d.payload) throw new Error('alert delivery without its alert');
    return renderAlertEmail(d.payload, brandDisplayName(d.brandName), { app: `${deps.config.publicUrl}/dashboard`, settings: `${deps.config.publicUrl}/profile`, unsubscribe });
  }
  const digest = await buildDigest({ ...deps, publicUrl: deps.config.publicUrl }, { userId: d.userId, brand: { id: d.brandId, name: d.brandName, currency: d.currency, timezone: d.timezone }, kind: d.kind, period: d.period });
  return renderDigestEmail(digest, unsubscribe);
}


export type DeliveryOutcome = { status: 'sent'; messageId: string } | { status: 'skipped'; reason: string } | { status: 'retry' | 'failed'; error: string };

/**
 * Sends one delivery, once: the row is claimed first (a sent one, or one another worker holds, is skipped), the
 * digest is built and rendered now, and sent with a Message-ID fixed per delivery. A failed send is recorded on
 * the row and left for the queue to retry with backoff; after the last attempt the delivery is failed.
 */
export async function deliverEmail(deps: EmailDeps, deliveryId: string): Promise<DeliveryOutcome> {
  if (!deps.mailer) return { status: 'skipped', reason: 'no SMTP server configured (SMTP_URL)' };
  const d = await claimDelivery(deps.db, deliveryId, DELIVERY_LEASE_SECONDS);
  if (!d) return { status: 'skipped', reason: 'already sent, failed, or being sent by another worker' };
  try {
    const unsubscribe = unsubscribeUrl(deps, { userId: d.userId, brandId: d.brandId, topic: d.kind === 'alert' ? 'alerts' : d.kind });
    const email = await composeEmail(deps, d, unsubscribe);
    const messageId = `<${d.id}@${new URL(deps.config.publicUrl).hostname}>`;
    await deps.mailer.send({
      to: d.email,
      subject: email.subject,
      html: email.html,
      text: email.text,
      messageId,
      headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    await markDeliverySent(deps.db, d.id, messageId);
    deps.log.info({ deliveryId: d.id, kind: d.kind, period: d.period }, 'email report sent');
    return { status: 'sent', messageId };
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e);
    const final = d.attempts >= MAX_DELIVERY_ATTEMPTS;
    await markDeliveryFailed(deps.db, d.id, error, final);
    deps.log[final ? 'error' : 'warn']({ deliveryId: d.id, attempt: d.attempts, error }, final ? 'email report failed for good' : 'email report not sent; retrying');
    return { status: final ? 'failed' : 'retry', error };
  }
}
