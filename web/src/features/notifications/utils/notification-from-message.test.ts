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
  it("metrics-calculation-complete: the brand's history being ready is one 'Your data is ready' notice, once per brand", () => {
    const ready = { type: 'metrics-calculation-complete', data: { success: true, message: 'Metrics updated for 731 days.', brandId: 'b1', historyReady: true } };
    expect(notificationFromMessage(ready, never)).toEqual({
      notification: { type: 'success', title: 'Your data is ready', message: 'Metrics updated for 731 days.', brandId: 'b1' },
      announcedConnection: 'history:b1',
    });
    // again (another connection, a refresh): already told
    expect(notificationFromMessage(ready, { wasAnnounced: (key) => key === 'history:b1' })).toEqual({ notification: null });
    // while a connection is still loading its history: the screens update, no notice
    expect(notificationFromMessage({ ...ready, data: { ...ready.data, historyReady: false } }, never)).toEqual({ notification: null });
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

  it('alert: a fired alert is a warning, a resolved one a success, each with its link', () => {
    const alert = (state: 'fired' | 'resolved', title: string) => ({ type: 'alert', data: { brandId: 'b1', state, title, message: 'Meta ROAS yesterday below 2.', actionUrl: '/dashboard' } });
    expect(notificationFromMessage(alert('fired', 'Meta ROAS yesterday below 2'), never).notification).toEqual({ type: 'warning', title: 'Meta ROAS yesterday below 2', message: 'Meta ROAS yesterday below 2.', brandId: 'b1', actionUrl: '/dashboard' });
    expect(notificationFromMessage(alert('resolved', 'Resolved: Meta ROAS yesterday below 2'), never).notification).toMatchObject({ type: 'success', title: 'Resolved: Meta ROAS yesterday below 2' });
  });

  it.each(['backfilling', 'fresh', 'failing', 'reauth_required'])('backfill-progress (%s) is no notification: it feeds the loading card', (state) => {
    expect(notificationFromMessage(backfill(state), never)).toEqual({ notification: null });
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

  it("a brand's setup (five connections, a calculation after each) is one notice when its history is ready, plus one per failure", () => {
    const calculated = (historyReady: boolean, brandId = 'b1') => ({ type: 'metrics-calculation-complete', data: { success: true, message: 'Metrics updated for 731 days.', brandId, historyReady } });
    for (const c of ['c1', 'c2', 'c3', 'c4']) {
      receiveRealtimeMessage(backfill('backfilling', c));
      receiveRealtimeMessage(backfill('fresh', c));
      receiveRealtimeMessage(calculated(false));
    }
    receiveRealtimeMessage({ type: 'connection-needs-reconnect', data: { brandId: 'b1', platform: 'ga4', accountName: 'Web', message: 'Your token expired.' } });
    receiveRealtimeMessage(backfill('fresh', 'c5'));
    receiveRealtimeMessage(calculated(true));
    receiveRealtimeMessage(calculated(true)); // the last two connections' calculations, and every refresh after
    receiveRealtimeMessage(calculated(true, 'b2'));
    expect(notificationStore.get().notifications.map((n) => `${n.brandId}: ${n.title}`)).toEqual(['b2: Your data is ready', 'b1: Your data is ready', 'b1: Reconnect Google Analytics: Web']);
    expect(notificationStore.get().unreadCount).toBe(3);
  });
});
