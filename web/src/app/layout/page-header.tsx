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
  /** below 768px: opens the sidebar drawer */
  onOpenMenu?: () => void;
  menuOpen?: boolean;
}

/** Title, optional controls (date picker, refresh, locale), the notification bell. */
export function PageHeader({ title, actions, datePicker = false, localeSettings = false, onOpenMenu, menuOpen = false }: PageHeaderProps) {
  return (
    <header className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b border-slate-200 bg-white px-4 py-3 md:px-6">
      <div className="flex min-w-0 items-center gap-2">
        {onOpenMenu && (
          <button
            type="button"
            onClick={onOpenMenu}
            aria-label="Open menu"
            aria-expanded={menuOpen}
            aria-controls="app-sidebar"
            className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 md:hidden"
          >
            <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
              <path d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
        )}
        <h1 className="truncate text-lg font-semibold">{title}</h1>
      </div>
      <div className="flex flex-wrap items-center gap-2">
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
