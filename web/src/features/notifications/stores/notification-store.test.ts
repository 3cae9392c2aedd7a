import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_LIMIT, NOTIFICATION_MAX_AGE_MS, notificationStore } from './notification-store';

const DAY = 24 * 60 * 60 * 1000;
const add = (title: string) => notificationStore.add({ type: 'info', title, message: `${title} message` });
const titles = () => notificationStore.get().notifications.map((n) => n.title);

describe('notification store', () => {
  beforeEach(() => notificationStore.reset());
  afterEach(() => vi.useRealTimers());

  it('adds new notifications at the top, unread, with every field of the spec', () => {
    add('first');
    const second = notificationStore.add({ type: 'warning', title: 'second', message: 'm', brandId: 'b1', actionUrl: '/dashboard?openModal=facebook' });
    expect(titles()).toEqual(['second', 'first']);
    expect(second).toEqual({
      id: expect.any(String),
      type: 'warning',
      title: 'second',
      message: 'm',
      timestamp: expect.any(String),
      isRead: false,
      brandId: 'b1',
      actionUrl: '/dashboard?openModal=facebook',
    });
    expect(notificationStore.get().notifications[1]).toMatchObject({ brandId: null, actionUrl: null, isRead: false });
    expect(notificationStore.get().unreadCount).toBe(2);
  });

  it('keeps at most 50, dropping the oldest', () => {
    for (let i = 1; i <= NOTIFICATION_LIMIT + 5; i++) add(`n${i}`);
    expect(notificationStore.get().notifications).toHaveLength(50);
    expect(titles()[0]).toBe('n55');
    expect(titles().at(-1)).toBe('n6');
    expect(notificationStore.get().unreadCount).toBe(50);
  });

  it('reading one marks only it read; mark all read marks the rest', () => {
    const a = add('a');
    add('b');
    add('c');
    notificationStore.markRead(a.id);
    expect(notificationStore.get().notifications.find((n) => n.id === a.id)?.isRead).toBe(true);
    expect(notificationStore.get().unreadCount).toBe(2);
    notificationStore.markAllRead();
    expect(notificationStore.get().notifications.every((n) => n.isRead)).toBe(true);
    expect(notificationStore.get().unreadCount).toBe(0);
  });

  it('removes one, and clears all', () => {
    add('a');
    const b = add('b');
    add('c');
    notificationStore.remove(b.id);
    expect(titles()).toEqual(['c', 'a']);
    expect(notificationStore.get().unreadCount).toBe(2);
    notificationStore.clearAll();
    expect(titles()).toEqual([]);
    expect(notificationStore.get().unreadCount).toBe(0);
  });

  it('survives a reload from localStorage', () => {
    const a = add('a');
    add('b');
    notificationStore.markRead(a.id);
    notificationStore.reload();
    expect(titles()).toEqual(['b', 'a']);
    expect(notificationStore.get().notifications[1]?.isRead).toBe(true);
    expect(notificationStore.get().unreadCount).toBe(1);
  });

  it('on reload drops notifications older than 7 days and counts the unread again', () => {
    vi.useFakeTimers();
    const start = new Date('2026-03-01T10:00:00Z').getTime();
    vi.setSystemTime(start);
    add('old unread');
    const oldRead = add('old read');
    notificationStore.markRead(oldRead.id);
    vi.setSystemTime(start + 3 * DAY);
    add('recent unread');
    expect(notificationStore.get().unreadCount).toBe(2);

    notificationStore.reload(start + NOTIFICATION_MAX_AGE_MS); // exactly 7 days: still kept
    expect(titles()).toEqual(['recent unread', 'old read', 'old unread']);
    notificationStore.reload(start + 8 * DAY);
    expect(titles()).toEqual(['recent unread']);
    expect(notificationStore.get().unreadCount).toBe(1);
  });

  it('starts empty when the stored list is unreadable', () => {
    localStorage.setItem('parallels.notifications', '{not json');
    notificationStore.reload();
    expect(notificationStore.get()).toMatchObject({ notifications: [], unreadCount: 0, soundEnabled: true });
  });

  it('sound is on by default, can be turned off, and the choice is kept', () => {
    expect(notificationStore.get().soundEnabled).toBe(true);
    notificationStore.setSoundEnabled(false);
    notificationStore.reload();
    expect(notificationStore.get().soundEnabled).toBe(false);
  });

  it('plays the beep for a new notification only while sound is on', () => {
    const createOscillator = vi.fn(() => ({ type: '', frequency: { value: 0 }, connect: vi.fn(), start: vi.fn(), stop: vi.fn() }));
    class FakeAudioContext {
      state = 'running';
      currentTime = 0;
      destination = {};
      createOscillator = createOscillator;
      createGain = () => ({ gain: { setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() }, connect: vi.fn() });
      resume = () => Promise.resolve();
    }
    vi.stubGlobal('AudioContext', FakeAudioContext);
    try {
      add('with sound');
      expect(createOscillator).toHaveBeenCalledTimes(2);
      notificationStore.setSoundEnabled(false);
      add('silent');
      expect(createOscillator).toHaveBeenCalledTimes(2);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("another user's notifications are not shown to the next user on this browser; the sound choice stays", () => {
    notificationStore.forUser('u1');
    add('for u1');
    notificationStore.setSoundEnabled(false);
    notificationStore.forUser('u1');
    expect(titles()).toEqual(['for u1']);
    notificationStore.forUser('u2');
    expect(titles()).toEqual([]);
    expect(notificationStore.get().soundEnabled).toBe(false);
  });

  it('remembers which connections were announced as synced', () => {
    expect(notificationStore.wasAnnounced('c1')).toBe(false);
    notificationStore.markAnnounced('c1');
    notificationStore.reload();
    expect(notificationStore.wasAnnounced('c1')).toBe(true);
  });
});
