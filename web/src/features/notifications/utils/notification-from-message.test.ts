import { beforeEach, describe, expect, it } from 'vitest';
import { receiveRealtimeMessage } from '../hooks/use-realtime-notifications';
import { notificationStore } from '../stores/notification-store';
import { notificationFromMessage, reconnectUrl } from './notification-from-message';

const never = { wasAnnounced: () => false };
const backfill = (state: string, connectionId = 'c1') => ({
  type: 'backfill-progress',
  data: { brandId: 'b1', connectionId, platform: 'meta', accountName: 'Sun Kissed Ads', progress: state === 'fresh' ? 1 : 0.4, state },
});

describe('realtime message to notification', () => {
  it('metrics-calculation-complete: success is "Metrics updated" with the server message', () => {
    expect(notificationFromMessage({ type: 'metrics-calculation-complete', data: { success: true, message: 'Yesterday is in.', brandId: 'b1' } }, never)).toEqual({
      notification: { type: 'success', title: 'Metrics updated', message: 'Yesterday is in.', brandId: 'b1' },
    });
  });

  it('metrics-calculation-complete without success is an error: "Calculation failed: {message}"', () => {
    expect(notificationFromMessage({ type: 'metrics-calculation-complete', data: { success: false, message: 'no orders', brandId: 'b1' } }, never).notification).toMatchObject({
      type: 'error',
      message: 'Calculation failed: no orders',
      brandId: 'b1',
    });
  });

  it('metrics-calculation-error: "Error calculating metrics: {error}"', () => {
    expect(notificationFromMessage({ type: 'metrics-calculation-error', data: { error: 'timeout', brandId: 'b2' } }, never).notification).toMatchObject({
      type: 'error',
      message: 'Error calculating metrics: timeout',
      brandId: 'b2',
    });
  });

  it.each([
    ['meta', '/dashboard?openModal=facebook', 'Facebook'],
    ['google_ads', '/dashboard?openModal=googleads', 'Google Ads'],
    ['ga4', '/dashboard?openModal=googleanalytics', 'Google Analytics'],
    ['shopify', null, 'Shopify'],
  ])('connection-needs-reconnect (%s) is a warning with the message and a link to reconnect', (platform, url, label) => {
    const { notification } = notificationFromMessage(
      { type: 'connection-needs-reconnect', data: { brandId: 'b1', platform, accountName: 'Main', message: 'Your token expired.' } },
      never,
    );
    expect(notification).toEqual({ type: 'warning', title: `Reconnect ${label}: Main`, message: 'Your token expired.', brandId: 'b1', actionUrl: url });
    expect(reconnectUrl(platform as 'meta')).toBe(url);
  });

  it.each(['backfilling', 'failing', 'reauth_required'])('backfill-progress while %s is no notification', (state) => {
    expect(notificationFromMessage(backfill(state), never)).toEqual({ notification: null });
  });

  it('backfill-progress turning fresh is announced once per connection', () => {
    expect(notificationFromMessage(backfill('fresh'), never)).toEqual({
      notification: { type: 'info', title: 'Facebook data ready', message: 'Sun Kissed Ads is synced', brandId: 'b1' },
      announcedConnection: 'c1',
    });
    expect(notificationFromMessage(backfill('fresh'), { wasAnnounced: (id) => id === 'c1' })).toEqual({ notification: null });
  });

  it.each([
    { type: 'weekly-digest', data: {} },
    { type: 'metrics-calculation-error', data: { nope: true } },
  ])('an unknown or malformed message is "You have a new notification" (%o)', (message) => {
    expect(notificationFromMessage(message, never).notification).toEqual({ type: 'info', title: 'New notification', message: 'You have a new notification' });
  });
});

describe('receiving realtime messages into the store', () => {
  beforeEach(() => notificationStore.reset());

  it('adds notifications and announces a synced connection only the first time', () => {
    receiveRealtimeMessage(backfill('backfilling'));
    receiveRealtimeMessage(backfill('fresh'));
    receiveRealtimeMessage(backfill('backfilling'));
    receiveRealtimeMessage(backfill('fresh'));
    receiveRealtimeMessage(backfill('fresh', 'c2'));
    receiveRealtimeMessage({ type: 'metrics-calculation-error', data: { error: 'boom', brandId: 'b1' } });
    expect(notificationStore.get().notifications.map((n) => n.message)).toEqual(['Error calculating metrics: boom', 'Sun Kissed Ads is synced', 'Sun Kissed Ads is synced']);
    expect(notificationStore.get().unreadCount).toBe(3);
  });
});
