import type { KeyboardEvent } from 'react';

/**
 * WAI-ARIA tabs on the keyboard for tablists whose tabs the screen renders itself: ArrowLeft/ArrowRight move to
 * the previous/next tab (wrapping), Home/End to the first/last; the chosen tab is selected and focused.
 */
export function onTablistKeyDown<T extends string>(e: KeyboardEvent<HTMLElement>, ids: readonly T[], current: T, select: (id: T) => void): void {
  const i = ids.indexOf(current);
  const next = e.key === 'ArrowRight' ? ids[(i + 1) % ids.length] : e.key === 'ArrowLeft' ? ids[(i - 1 + ids.length) % ids.length] : e.key === 'Home' ? ids[0] : e.key === 'End' ? ids[ids.length - 1] : undefined;
  if (next === undefined || ids.length === 0) return;
  e.preventDefault();
  select(next);
  const tabs = e.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]');
  tabs[ids.indexOf(next)]?.focus();
}
