import { lazy, Suspense, type ReactNode } from 'react';
import { NotificationBell } from '../../features/notifications/components/notification-bell';

// Only report screens have these controls: loaded with the first of them, not with the landing page.
const DateRangePicker = lazy(() => import('../../components/date-range-picker/date-range-picker').then((m) => ({ default: m.DateRangePicker })));
const LocaleSettings = lazy(() => import('../../components/locale-settings').then((m) => ({ default: m.LocaleSettings })));

export interface PageHeaderProps {
  title: string;
  actions?: ReactNode;
  /** report screens: the URL-held date range (spec core.md section 2) */
  datePicker?: boolean;
  /** screens showing figures: Indian or International number format */
  localeSettings?: boolean;
}

/** Title, optional controls (date picker, refresh, locale), the notification bell. */
export function PageHeader({ title, actions, datePicker = false, localeSettings = false }: PageHeaderProps) {
  return (
    <header className="flex items-center justify-between gap-4 border-b border-slate-200 bg-white px-6 py-3">
      <h1 className="truncate text-lg font-semibold">{title}</h1>
      <div className="flex items-center gap-2">
        <Suspense fallback={null}>
          {datePicker && <DateRangePicker />}
          {actions}
          {localeSettings && <LocaleSettings />}
        </Suspense>
        <NotificationBell />
      </div>
    </header>
  );
}
