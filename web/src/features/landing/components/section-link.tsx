import type { MouseEvent, ReactNode } from 'react';

/** The landing page's in-page anchors (spec/reports.md section 2: Features, Integrations, Analytics). */
export const LANDING_SECTIONS = [
  { id: 'features', label: 'Features' },
  { id: 'integrations', label: 'Integrations' },
  { id: 'analytics', label: 'Analytics' },
] as const;

export type LandingSectionId = (typeof LANDING_SECTIONS)[number]['id'];

/**
 * The sections carry scroll-margin-top for the sticky header, so scrollIntoView stops below it. Smooth
 * unless the visitor asked for reduced motion. Focus follows the view (the section heading has
 * tabIndex -1), so a keyboard user continues from the section, not from the header.
 */
export function scrollToSection(id: string): void {
  const target = document.getElementById(id);
  if (!target) return;
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  target.scrollIntoView?.({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  target.querySelector<HTMLElement>('h2[tabindex="-1"]')?.focus({ preventScroll: true });
}

/** A real link to #id (copyable, works in a new tab) whose plain click scrolls smoothly instead. */
export function SectionLink({ id, className, children }: { id: LandingSectionId; className?: string; children: ReactNode }) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    scrollToSection(id);
  };
  return (
    <a href={`#${id}`} onClick={onClick} className={className}>
      {children}
    </a>
  );
}

/** The scroll margin that keeps a section's heading clear of the sticky header (two rows on phones). */
// Header heights: 64 px row + 45 px anchor row + 1 px border on phones, 64 + 1 from md up.
export const SECTION_SCROLL_MARGIN = 'scroll-mt-[110px] md:scroll-mt-[65px]';
