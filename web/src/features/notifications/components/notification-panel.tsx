import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { timeAgo, useNow } from '../../../lib/relative-time';
import { Switch } from '../../../components/ui/switch';
import { sessionStore } from '../../../lib/session-store';
import { notificationStore, useNotifications, type AppNotification, type NotificationType } from '../stores/notification-store';

const TYPE_DOT: Record<NotificationType, string> = {
  success: 'bg-emerald-500',
  error: 'bg-red-500',
  warning: 'bg-amber-500',
  info: 'bg-sky-500',
};

export interface NotificationPanelProps {
  id: string;
  /** called when opening a notification leaves for its page (the dropdown closes) */
  onNavigate: () => void;
}

/** The bell's dropdown: the list with read/unread styling and its actions, and the sound switch. */
export function NotificationPanel({ id, onNavigate }: NotificationPanelProps) {
  const { notifications, unreadCount, soundEnabled } = useNotifications();
  const ref = useRef<HTMLElement>(null);
  // Opening moves focus in, so Tab walks the panel's controls next.
  useEffect(() => ref.current?.focus(), []);
  const navigate = useNavigate();
  const now = useNow();

  const open = (n: AppNotification) => {
    notificationStore.markRead(n.id);
    if (!n.actionUrl) return;
    // A reconnect link opens the dialog for the selected brand, so select the brand the notice is about.
    const user = sessionStore.get().user;
    if (n.brandId && user?.brands.includes(n.brandId)) sessionStore.selectBrand(n.brandId);
    onNavigate();
    navigate(n.actionUrl);
  };

  return (
    <section
      ref={ref}
      id={id}
      tabIndex={-1}
      aria-label="Notifications"
      className="absolute right-0 z-40 mt-2 w-96 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white shadow-lg focus:outline-none"
    >
      <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <h2 className="text-sm font-semibold">Notifications</h2>
        <Switch checked={soundEnabled} onCheckedChange={(on) => notificationStore.setSoundEnabled(on)} size="sm" className="rounded-lg px-2 py-1 text-xs text-slate-600 hover:bg-slate-100">
          Sound
        </Switch>
      </div>

      {notifications.length === 0 ? (
        <p className="px-4 py-8 text-center text-sm text-slate-500">No notifications yet</p>
      ) : (
        <>
          <div className="flex justify-end gap-1 px-3 pt-2">
            <button type="button" disabled={unreadCount === 0} onClick={() => notificationStore.markAllRead()} className="rounded-lg px-2 py-1 text-xs font-medium text-brand-700 hover:bg-brand-50 disabled:text-slate-400 disabled:hover:bg-transparent">
              Mark all as read
            </button>
            <button type="button" onClick={() => notificationStore.clearAll()} className="rounded-lg px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100">
              Clear all
            </button>
          </div>
          <ul aria-label="Notification list" className="max-h-96 divide-y divide-slate-100 overflow-y-auto py-1">
            {notifications.map((n) => (
              <li key={n.id} className={`group flex items-start gap-2 px-3 py-2 ${n.isRead ? '' : 'bg-brand-50/60'}`}>
                <button type="button" onClick={() => open(n)} className="flex min-w-0 flex-1 items-start gap-2 rounded-lg p-1 text-left hover:bg-slate-50">
                  <span aria-hidden className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${TYPE_DOT[n.type]}`} />
                  <span className="min-w-0">
                    <span className={`block truncate text-sm ${n.isRead ? 'text-slate-700' : 'font-semibold text-slate-900'}`}>
                      {n.title}
                      {!n.isRead && <span className="sr-only"> (unread)</span>}
                    </span>
                    <span className={`block text-sm ${n.isRead ? 'text-slate-500' : 'text-slate-700'}`}>{n.message}</span>
                    <span className="block text-xs text-slate-400">
                      <time dateTime={n.timestamp}>{timeAgo(n.timestamp, now)}</time>
                    </span>
                  </span>
                </button>
                <button
                  type="button"
                  onClick={() => notificationStore.remove(n.id)}
                  aria-label={`Remove notification: ${n.title}`}
                  className="rounded px-1.5 text-lg leading-none text-slate-400 hover:bg-slate-100 hover:text-slate-700"
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
