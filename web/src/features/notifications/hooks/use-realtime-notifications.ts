import { useEffect } from 'react';
import type { RealtimeClient, RealtimeEnvelope } from '../../../lib/realtime';
import { notificationStore } from '../stores/notification-store';
import { CONNECTION_ERROR_NOTIFICATION, notificationFromMessage } from '../utils/notification-from-message';

/** One realtime message into the store: a notification, and the memory that a connection was announced. */
export function receiveRealtimeMessage(message: Pick<RealtimeEnvelope, 'type' | 'data'>): void {
  const outcome = notificationFromMessage(message, notificationStore);
  if (outcome.announcedConnection) notificationStore.markAnnounced(outcome.announcedConnection);
  if (outcome.notification) notificationStore.add(outcome.notification);
}

/**
 * Turns the realtime connection's messages into notifications, and a refused session into
 * 'Connection Error' (spec core.md section 8). Other connection trouble is only logged by the client.
 */
export function useRealtimeNotifications(client: Pick<RealtimeClient, 'onMessage' | 'onAuthFailure'>): void {
  useEffect(() => {
    const offMessage = client.onMessage(receiveRealtimeMessage);
    const offAuth = client.onAuthFailure(() => notificationStore.add(CONNECTION_ERROR_NOTIFICATION));
    return () => {
      offMessage();
      offAuth();
    };
  }, [client]);
}
