/** Spec core.md section 9: the badge shows 99+ above 99. */
export function badgeText(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > 99 ? '99+' : String(unread);
}

export function NotificationBell({ unread }: { unread: number }) {
  const badge = badgeText(unread);
  return (
    <button
      type="button"
      className="relative rounded-full p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      aria-label={badge ? `Notifications, ${unread} unread` : 'Notifications'}
    >
      <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
        <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {badge && (
        <span data-testid="notification-badge" className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 font-semibold text-white">
          {badge}
        </span>
      )}
    </button>
  );
}
