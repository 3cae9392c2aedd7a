import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, doublePrecision, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

// Application tables. Fact tables (daily grain, brand_id first in every key) arrive with the sync engine.
// A table holding a brand's data has brand_id first in its primary key (Citus distribution: docs/operations.md,
// test/tenant-keys.test.ts); the others (users, sessions, grants...) are reference tables.

export const users = pgTable('users', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  username: text('username').notNull(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash'),
  isAdmin: boolean('is_admin').notNull().default(false),
  loginCount: integer('login_count').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Sessions: the cookie holds a random id; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Failed logins per email (known or not, so a lockout is no existence oracle). */
export const loginFailures = pgTable('login_failures', {
  email: text('email').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});

/** Requests per client and route in the current window (@fastify/rate-limit's store): shared by every API process. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_hits_window_ends_idx').on(t.windowEndsAt)],
);

/**
 * The fleet's shared platform budgets (issue 23 item 2, decision 022): one row per platform budget (a Google Ads
 * developer token's operations per Pacific day, a GA4 property's tokens per hour, a Shopify shop's cost bucket...),
 * reserved before each call and settled after it by every worker process. Reference data: a budget belongs to a
 * platform account or app, not to a brand.
 */
export const quotaBudgets = pgTable(
  'quota_budgets',
  {
    platform: text('platform').notNull(),
    budgetKey: text('budget_key').notNull(),
    /** pacific_day | hour: fixed windows; rolling_hour: the platform's reported use, draining; leaky: refills at restore_per_second; concurrent: calls in flight */
    period: text('period').notNull(),
    capacity: doublePrecision('capacity').notNull(),
    restorePerSecond: doublePrecision('restore_per_second').notNull().default(0),
    /** reserved or charged in the window starting at period_start (leaky: as of updated_at; rolling_hour: what the platform last reported) */
    used: doublePrecision('used').notNull(),
    /** rolling_hour: points held by calls not answered yet (drains like used, so a dead worker's calls fade) */
    inFlight: doublePrecision('in_flight').notNull().default(0),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** reservations refused so far (a job delayed), for /metrics */
    refused: bigint('refused', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.platform, t.budgetKey] }), check('quota_budgets_period_check', sql`${t.period} in ('pacific_day', 'hour', 'rolling_hour', 'leaky', 'concurrent')`)],
);

export const brands = pgTable('brands', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  name: text('name').notNull(),
  /** the store's currency (Shopify shop currencyCode); USD until a store is connected */
  currency: text('currency').notNull().default('USD'),
  /** the store's IANA timezone: day boundaries of store facts */
  timezone: text('timezone').notNull().default('UTC'),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What a user granted us at a provider: the tokens (sealed with AES-256-GCM, see lib/token-crypto.ts) for
 * one provider identity (a Google or Facebook user, a Shopify shop, a Zoho user). The browser only ever sees
 * the grant's id.
 */
export const platformGrants = pgTable(
  'platform_grants',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(), // google | facebook | shopify | zoho
    /** the provider's id of who granted: Google `sub`, Facebook user id, the shop domain, Zoho user */
    subject: text('subject').notNull(),
    email: text('email'),
    scope: text('scope').notNull().default(''),
    accessTokenSealed: text('access_token_sealed').notNull(),
    refreshTokenSealed: text('refresh_token_sealed'),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }),
    status: text('status').notNull().default('active'), // active | revoked
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('platform_grants_identity_uq').on(t.userId, t.provider, t.subject)],
);

/** One platform account connected to a brand (a shop, a Meta ad account, a Google Ads customer, a GA4 property). */
export const connections = pgTable(
  'connections',
  {
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    brandId: uuid('brand_id').notNull().references(() => brands.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(), // shopify | meta | google_ads | ga4
    accountId: text('account_id').notNull(),
    accountName: text('account_name').notNull(),
    managerId: text('manager_id'),
    grantId: uuid('grant_id').references(() => platformGrants.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('active'), // active | reauth_required | error
    statusMessage: text('status_message'),
    /** sync: pending | backfilling | fresh | failing (needs reconnection is status = reauth_required) */
    syncState: text('sync_state').notNull().default('pending'),
    /** 0..1 share of the two-year backfill done */
    backfillProgress: numeric('backfill_progress', { precision: 5, scale: 4 }).notNull().default('0'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** the currency (ISO 4217) and timezone the account reports in, as the platform says; null where none (GA4) */
    currency: text('currency'),
    timezone: text('timezone'),
    /** the sync job writing this connection's days now, for the others to see (the lock: sync/connection-lock.sql.ts) */
    syncJob: text('sync_job'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'connections_pk', columns: [t.brandId, t.id] }),
    uniqueIndex('connections_brand_account_uq').on(t.brandId, t.platform, t.accountId),
    index('connections_grant_idx').on(t.grantId),
    index('connections_id_idx').on(t.id),
  ],
);

/** OAuth `state`: single use, bound to the browser session that started it, expires after 10 minutes. */
export const oauthStates = pgTable('oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  sessionIdHash: text('session_id_hash').notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  context: text('context').notNull(),
  source: text('source'),
  codeVerifier: text('code_verifier'),
  shop: text('shop'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time tickets that turn a provider sign-in into a session (POST /api/auth/login/oauth). */
export const loginTickets = pgTable('login_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Sign-in identities at providers: an account is found by (provider, subject), never by email alone. */
export const userIdentities = pgTable(
  'user_identities',
  {
    provider: text('provider').notNull(), // google | shopify
    subject: text('subject').notNull(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('user_identities_user_idx').on(t.userId)],
);

export const userBrands = pgTable(
  'user_brands',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id').notNull().references(() => brands.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'user_brands_pk', columns: [t.brandId, t.userId] }), index('user_brands_user_idx').on(t.userId)],
);

/**
 * Signed webhooks whose payload we could not read: acknowledged to the platform (a retry would bring the same
 * body), logged, and kept here for someone to look at. `payload` holds only the fields we read.
 */
export const rejectedWebhooks = pgTable(
  'rejected_webhooks',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    topic: text('topic').notNull(),
    shop: text('shop').notNull(),
    webhookId: text('webhook_id'),
    problems: jsonb('problems').notNull(),
    payload: jsonb('payload'),
  },
  (t) => [index('rejected_webhooks_shop_idx').on(t.shop)],
);

/**
 * Monthly sales, spend and ROAS targets per brand and source (spec/reports.md "Brand targets"). A target is
 * identified by its own id; the brand id in update and delete URLs is the access check (decision 012).
 */
export const brandTargets = pgTable(
  'brand_targets',
  {
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    brandId: uuid('brand_id').notNull().references(() => brands.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    source: text('source').notNull(), // Meta | Google
    targetSales: numeric('target_sales', { precision: 16, scale: 2 }).notNull(),
    targetSpend: numeric('target_spend', { precision: 16, scale: 2 }).notNull(),
    targetRoas: numeric('target_roas', { precision: 10, scale: 2 }).notNull(),
    /** the day the target is due; its month is the month whose sales count */
    targetDate: date('target_date').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'brand_targets_pk', columns: [t.brandId, t.id] }), index('brand_targets_brand_idx').on(t.brandId, t.targetDate), check('brand_targets_source_check', sql`${t.source} in ('Meta', 'Google')`)],
);

/**
 * Meta campaign labels, shared by every user of the brand (issue 19: the spec kept them in one browser only).
 * One row per label of a campaign; the predefined TOFU, MOFU, BOFU, TOFU+MOFU and custom ones alike (migration 0010).
 */
export const metaCampaignLabels = pgTable(
  'meta_campaign_labels',
  {
    brandId: uuid('brand_id').notNull().references(() => brands.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    campaignId: text('campaign_id').notNull(),
    label: text('label').notNull(),
    /** the label's place among the campaign's labels */
    position: integer('position').notNull().default(0),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'meta_campaign_labels_pk', columns: [t.brandId, t.accountId, t.campaignId, t.label] })],
);

/**
 * Meta's own reach for an exact range, shared by every process serving the API (decision 026): per connection
 * and range, one row per campaign (`campaign:{id}`, from one campaign-level call for the account) or per label
 * group's campaign set in that account (`group:{sha256 of the sorted campaign ids}`; a label change makes a new
 * set, so a new key). Fresh for 3 hours after fetched_at; older rows are deleted when the connection's next
 * answer is written (decision 016, migration 0020).
 */
export const metaRangeReach = pgTable(
  'meta_range_reach',
  {
    brandId: uuid('brand_id').notNull(),
    connectionId: uuid('connection_id').notNull(),
    dateFrom: date('date_from').notNull(),
    dateTo: date('date_to').notNull(),
    subject: text('subject').notNull(),
    reach: bigint('reach', { mode: 'number' }).notNull(),
    uniqueLinkClicks: bigint('unique_link_clicks', { mode: 'number' }).notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'meta_range_reach_pk', columns: [t.brandId, t.connectionId, t.dateFrom, t.dateTo, t.subject] }),
    foreignKey({ name: 'meta_range_reach_connection_fk', columns: [t.brandId, t.connectionId], foreignColumns: [connections.brandId, connections.id] }).onDelete('cascade'),
  ],
);

/** The product's own help desk (Zoho Desk): one row per provider, connected by an administrator. */
export const helpDeskConnection = pgTable('help_desk_connection', {
  provider: text('provider').primaryKey(), // zoho
  grantId: uuid('grant_id').references(() => platformGrants.id, { onDelete: 'set null' }),
  orgId: text('org_id').notNull(),
  orgName: text('org_name').notNull(),
  connectedBy: uuid('connected_by').references(() => users.id, { onDelete: 'set null' }),
  connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every ticket raised in the app, kept before the help desk is called so none is lost when Zoho fails. */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    brand: text('brand').notNull(),
    departmentId: text('department_id').notNull(),
    description: text('description').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name'),
    /** where the user wants the answer (the form's email) */
    email: text('email').notNull(),
    /** the signed-in account's email: the Zoho contact the ticket is filed under */
    contactEmail: text('contact_email').notNull(),
    status: text('status').notNull().default('queued'), // queued | sent | failed
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    zohoTicketId: text('zoho_ticket_id'),
    ticketNumber: text('ticket_number'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('support_tickets_status_idx').on(t.status, t.createdAt)],
);

/** Tutorials a user finished or stopped, so another device does not replay them. */
export const tutorialCompletions = pgTable(
  'tutorial_completions',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tutorialId: text('tutorial_id').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tutorialId] })],
);

/** A brand's plan, bought through its Shopify store (Shopify Billing): the charge and its last known state. */
export const brandSubscriptions = pgTable(
  'brand_subscriptions',
  {
    brandId: uuid('brand_id').primaryKey().references(() => brands.id, { onDelete: 'cascade' }),
    shop: text('shop').notNull(),
    plan: text('plan').notNull(), // STARTUP | GROWTH
    /** Shopify's AppSubscription status, lower-cased: active | declined | cancelled | frozen | expired | pending */
    status: text('status').notNull(),
    chargeId: text('charge_id').notNull(),
    trialEndsOn: timestamp('trial_ends_on', { withTimezone: true }),
    billingOn: timestamp('billing_on', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('brand_subscriptions_shop_idx').on(t.shop, t.chargeId)],
);

/** Which emails a user wants for a brand (issue 22): all off until the user turns them on (the demo user's are on). */
export const emailSettings = pgTable(
  'email_settings',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id').notNull().references(() => brands.id, { onDelete: 'cascade' }),
    daily: boolean('daily').notNull().default(false),
    weekly: boolean('weekly').notNull().default(false),
    alerts: boolean('alerts').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'email_settings_pk', columns: [t.brandId, t.userId] }), index('email_settings_user_idx').on(t.userId)],
);

/**
 * One row per email we mean to send, keyed by (user, brand, kind, period): the key is what makes a retry, a
 * restart or two workers send it once. status: queued -> sending -> sent, or failed after the last attempt.
 */
export const emailDeliveries = pgTable(
  'email_deliveries',
  {
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id').notNull().references(() => brands.id, { onDelete: 'cascade' }),
    /** daily | weekly */
    kind: text('kind').notNull(),
    /** the period the email reports on: the day (daily) or the week's Monday (weekly) */
    period: text('period').notNull(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** when a worker took it to send: a claim older than the lease is a dead worker's */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    messageId: text('message_id'),
    /** what an alert email says (title, message); digests are built when sent */
    payload: jsonb('payload').$type<{ title: string; message: string; state: 'fired' | 'resolved' }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'email_deliveries_pk', columns: [t.brandId, t.id] }),
    uniqueIndex('email_deliveries_key_idx').on(t.brandId, t.userId, t.kind, t.period),
    index('email_deliveries_status_idx').on(t.status, t.createdAt),
  ],
);

/** A user's alert rule on a brand: a summary metric of a source, over yesterday or the last 7 days, against a threshold. */
export const alertRules = pgTable(
  'alert_rules',
  {
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    brandId: uuid('brand_id').notNull().references(() => brands.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    metric: text('metric').notNull(),
    period: text('period').notNull(),
    comparison: text('comparison').notNull(),
    threshold: doublePrecision('threshold').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'alert_rules_pk', columns: [t.brandId, t.id] }), index('alert_rules_brand_idx').on(t.brandId, t.userId)],
);

/**
 * An alert that fired: once per condition (a rule, a connection needing reconnection, a source not synced) and
 * the brand's day; resolved_at is set, once, when the condition no longer holds.
 */
export const alertEvents = pgTable(
  'alert_events',
  {
    brandId: uuid('brand_id').notNull().references(() => brands.id, { onDelete: 'cascade' }),
    conditionKey: text('condition_key').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    title: text('title').notNull(),
    firedAt: timestamp('fired_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.conditionKey, t.day] })],
);
