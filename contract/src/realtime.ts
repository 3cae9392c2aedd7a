import { z } from 'zod';

// The realtime connection (spec core.md section 7): the client emits join/leave room events and ping;
// the server emits `notification` (user room) and `brand-notification` (brand room) with {type, data}, and pong.

export const CLIENT_EVENTS = { joinUserRoom: 'join-user-room', joinBrandRoom: 'join-brand-room', leaveBrandRoom: 'leave-brand-room', ping: 'ping' } as const;
export const SERVER_EVENTS = { notification: 'notification', brandNotification: 'brand-notification', pong: 'pong', errorMessage: 'error-message' } as const;

export const realtimeMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('metrics-calculation-complete'),
    data: z.object({
      success: z.boolean(),
      message: z.string(),
      brandId: z.string(),
      /** no connection of the brand is still loading its history: the brand's one 'history ready' notice */
      historyReady: z.boolean().optional(),
    }),
  }),
  z.object({ type: z.literal('metrics-calculation-error'), data: z.object({ error: z.string(), brandId: z.string() }) }),
  z.object({
    type: z.literal('backfill-progress'),
    data: z.object({
      brandId: z.string(),
      connectionId: z.string(),
      platform: z.enum(['shopify', 'meta', 'google_ads', 'ga4']),
      accountName: z.string(),
      progress: z.number().min(0).max(1),
      state: z.enum(['backfilling', 'fresh', 'failing', 'reauth_required']),
    }),
  }),
  z.object({ type: z.literal('connection-needs-reconnect'), data: z.object({ brandId: z.string(), platform: z.enum(['shopify', 'meta', 'google_ads', 'ga4']), accountName: z.string(), message: z.string() }) }),
  // an alert of the brand fired or resolved (issue 22): a rule, a connection needing reconnection, a source not synced
  z.object({
    type: z.literal('alert'),
    data: z.object({ brandId: z.string(), state: z.enum(['fired', 'resolved']), title: z.string(), message: z.string(), actionUrl: z.string().nullable() }),
  }),
  // a user of the brand changed a Meta campaign's labels (brand room): other open screens update
  z.object({ type: z.literal('campaign-labels-changed'), data: z.object({ brandId: z.string(), accountId: z.string(), campaignId: z.string(), labels: z.array(z.string()) }) }),
]);
export type RealtimeMessage = z.infer<typeof realtimeMessageSchema>;
