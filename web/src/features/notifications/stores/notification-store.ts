import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { playNotificationSound } from '../utils/notification-sound';

/**
 * In-app notifications (spec core.md sections 3, 4 and 9): new ones go on top, unread; read one, mark all
 * read, remove, clear all; at most 50; kept in localStorage, and on reload anything older than 7 days is
 * dropped and the unread count worked out again. The sound (on by default) is a preference of this browser.
 */
export const NOTIFICATION_LIMIT = 50;
export const NOTIFICATION_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
// Connections already announced as synced; a bound keeps a long-lived browser's storage small.
const ANNOUNCED_LIMIT = 500;
const STORAGE_KEY = 'parallels.notifications';

export const notificationTypeSchema = z.enum(['success', 'error', 'warning', 'info']);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

const notificationSchema = z.object({
  id: z.string(),
  type: notificationTypeSchema,
  title: z.string(),
  message: z.string(),
  /** ISO time it arrived */
  timestamp: z.string(),
  isRead: z.boolean(),
  brandId: z.string().nullable(),
  actionUrl: z.string().nullable(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

export interface NotificationInput {
  type: NotificationType;
  title: string;
  message: string;
  brandId?: string | null;
  actionUrl?: string | null;
}

const storedSchema = z.object({
  /** whose notifications these are: another user signing in on this browser starts empty */
  ownerId: z.string().nullable().catch(null),
  notifications: z.array(notificationSchema).catch([]),
  soundEnabled: z.boolean().catch(true),
  announcedConnections: z.array(z.string()).catch([]),
});

export interface NotificationState {
  ownerId: string | null;
  notifications: AppNotification[];
  unreadCount: number;
  soundEnabled: boolean;
  announcedConnections: string[];
}

const EMPTY: NotificationState = { ownerId: null, notifications: [], unreadCount: 0, soundEnabled: true, announcedConnections: [] };

const countUnread = (list: AppNotification[]) => list.filter((n) => !n.isRead).length;

function read(now: number): NotificationState {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return EMPTY;
    const parsed = storedSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return EMPTY;
    const notifications = parsed.data.notifications
      .filter((n) => now - new Date(n.timestamp).getTime() <= NOTIFICATION_MAX_AGE_MS)
      .slice(0, NOTIFICATION_LIMIT);
    return { ...parsed.data, notifications, unreadCount: countUnread(notifications) };
  } catch {
    return EMPTY;
  }
}

let state: NotificationState = read(Date.now());
const listeners = new Set<() => void>();
let nextId = 0;

function set(next: Omit<NotificationState, 'unreadCount'>): void {
  state = { ...next, unreadCount: countUnread(next.notifications) };
  try {
    const { ownerId, notifications, soundEnabled, announcedConnections } = state;
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ ownerId, notifications, soundEnabled, announcedConnections }));
  } catch {
    // Storage full or blocked (private mode): the list still works for this visit.
  }
  for (const l of listeners) l();
}

function newId(): string {
  nextId += 1;
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${nextId}`;
}

export const notificationStore = {
  get: (): NotificationState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The signed-in user: another user's notifications are not theirs to see. */
  forUser(userId: string): void {
    if (state.ownerId === userId) return;
    set({ ...EMPTY, soundEnabled: state.soundEnabled, ownerId: userId });
  },
  add(input: NotificationInput): AppNotification {
    const notification: AppNotification = {
      id: newId(),
      type: input.type,
      title: input.title,
      message: input.message,
      timestamp: new Date().toISOString(),
      isRead: false,
      brandId: input.brandId ?? null,
      actionUrl: input.actionUrl ?? null,
    };
    set({ ...state, notifications: [notification, ...state.notifications].slice(0, NOTIFICATION_LIMIT) });
    if (state.soundEnabled) playNotificationSound();
    return notification;
  },
  markRead(id: string): void {
    if (!state.notifications.some((n) => n.id === id && !n.isRead)) return;
    set({ ...state, notifications: state.notifications.map((n) => (n.id === id ? { ...n, isRead: true } : n)) });
  },
  markAllRead(): void {
    set({ ...state, notifications: state.notifications.map((n) => (n.isRead ? n : { ...n, isRead: true })) });
  },
  remove(id: string): void {
    set({ ...state, notifications: state.notifications.filter((n) => n.id !== id) });
  },
  clearAll(): void {
    set({ ...state, notifications: [] });
  },
  setSoundEnabled(enabled: boolean): void {
    set({ ...state, soundEnabled: enabled });
  },
  /** A connection's first 'fresh' is news once; later refreshes are routine. */
  wasAnnounced: (connectionId: string): boolean => state.announcedConnections.includes(connectionId),
  markAnnounced(connectionId: string): void {
    if (state.announcedConnections.includes(connectionId)) return;
    set({ ...state, announcedConnections: [...state.announcedConnections, connectionId].slice(-ANNOUNCED_LIMIT) });
  },
  /** Read localStorage again as a page load would (tests). */
  reload(now: number = Date.now()): void {
    state = read(now);
    for (const l of listeners) l();
  },
  /** Forget everything, preferences included (tests). */
  reset(): void {
    localStorage.removeItem(STORAGE_KEY);
    state = EMPTY;
    for (const l of listeners) l();
  },
};

export function useNotifications(): NotificationState {
  return useSyncExternalStore(notificationStore.subscribe, notificationStore.get, notificationStore.get);
}
