import { PLATFORM_LABELS, type Platform } from '@parallels/contract/brands';
import { realtimeMessageSchema } from '@parallels/contract/realtime';
import { paths } from '../../../lib/paths';
import type { NotificationInput } from '../stores/notification-store';

/** What turning one realtime message into a notification needs to know about the past. */
export interface MessageContext {
  /** whether this was already announced (a brand's history ready: 'history:<brandId>') */
  wasAnnounced: (key: string) => boolean;
}

export interface MessageOutcome {
  notification: NotificationInput | null;
  /** what is now announced, to remember */
  announcedConnection?: string;
}

// The dashboard's ?openModal= values open the matching connect dialog (spec core.md section 2). Shopify
// has no dialog there: its reconnection starts from the store-name dialog, so the notice carries no link.
const RECONNECT_MODAL: Partial<Record<Platform, string>> = { meta: 'facebook', google_ads: 'googleads', ga4: 'googleanalytics' };

export function reconnectUrl(platform: Platform): string | null {
  const modal = RECONNECT_MODAL[platform];
  return modal ? `${paths.dashboard}?openModal=${modal}` : null;
}

/** spec core.md section 8: anything we do not know still tells the user something arrived. */
export const FALLBACK_NOTIFICATION: NotificationInput = { type: 'info', title: 'New notification', message: 'You have a new notification' };

/** spec core.md section 8: the server refused the socket's session. */
export const CONNECTION_ERROR_NOTIFICATION: NotificationInput = { type: 'error', title: 'Connection Error', message: 'Authentication failed. Please log in again.' };

/** Realtime `{type, data}` to an in-app notification (spec core.md sections 4 and 8). */
export function notificationFromMessage(message: { type: string; data: unknown }, context: MessageContext): MessageOutcome {
  const parsed = realtimeMessageSchema.safeParse(message);
  if (!parsed.success) return { notification: FALLBACK_NOTIFICATION };
  const m = parsed.data;
  switch (m.type) {
    case 'metrics-calculation-complete': {
      if (!m.data.success) return { notification: { type: 'error', title: 'Metrics not updated', message: `Calculation failed: ${m.data.message}`, brandId: m.data.brandId } };
      // A brand's setup runs the calculation once per connection synced, and refreshes every 3 hours: the screens
      // update on each, the user is told once, when the brand's whole history is in.
      const key = `history:${m.data.brandId}`;
      if (m.data.historyReady === false || context.wasAnnounced(key)) return { notification: null };
      return { notification: { type: 'success', title: 'Your data is ready', message: m.data.message, brandId: m.data.brandId }, announcedConnection: key };
    }
    case 'metrics-calculation-error':
      return { notification: { type: 'error', title: 'Metrics not updated', message: `Error calculating metrics: ${m.data.error}`, brandId: m.data.brandId } };
    case 'connection-needs-reconnect':
      return {
        notification: {
          type: 'warning',
          title: `Reconnect ${PLATFORM_LABELS[m.data.platform]}: ${m.data.accountName}`,
          message: m.data.message,
          brandId: m.data.brandId,
          actionUrl: reconnectUrl(m.data.platform),
        },
      };
    case 'backfill-progress':
      // Progress feeds the loading card and the sync list; the brand's history being ready is the one notice.
      return { notification: null };
    case 'alert':
      return {
        notification: {
          type: m.data.state === 'resolved' ? 'success' : 'warning',
          title: m.data.title,
          message: m.data.message,
          brandId: m.data.brandId,
          actionUrl: m.data.actionUrl,
        },
      };
    case 'campaign-labels-changed':
      // a colleague's label edit updates the campaign screen in place; it is not news to announce
      return { notification: null };
  }
}
