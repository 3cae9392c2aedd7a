import { useEffect } from 'react';
import { useRealtimeNotifications } from '../../features/notifications/hooks/use-realtime-notifications';
import { notificationStore } from '../../features/notifications/stores/notification-store';
import { realtime, type RealtimeClient } from '../../lib/realtime';

/**
 * Mounted by the signed-in shell only, so the connection lives exactly as long as the session: signing out
 * (or a 401) unmounts it and the socket closes. It follows the selected brand's room.
 */
export function RealtimeConnection({ userId, brandId, client = realtime }: { userId: string; brandId: string | null; client?: RealtimeClient }) {
  // Listeners first, so nothing the server says right after the handshake is missed.
  useRealtimeNotifications(client);

  useEffect(() => {
    notificationStore.forUser(userId);
    client.connect(userId);
    return () => client.disconnect();
  }, [client, userId]);

  // After connect above: a brand set before the handshake is joined once connected.
  useEffect(() => client.setBrand(brandId), [client, brandId, userId]);

  return null;
}
