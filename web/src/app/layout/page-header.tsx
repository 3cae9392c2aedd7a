import type { ReactNode } from 'react';
import { NotificationBell } from '../../features/notifications/components/notification-bell';

/** Title, optional controls (date picker, refresh, locale), the notification bell. */
export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  return (
    <header className="flex items-center justify-between gap-4 border-b border-slate-200 bg-white px-6 py-3">
      <h1 className="truncate text-lg font-semibold">{title}</h1>
      <div className="flex items-center gap-2">
        {actions}
        <NotificationBell />
      </div>
    </header>
  );
}
