// Call-to-action looks shared by the landing sections (links and buttons look alike on purpose).
// Compact on phones so the hero's two calls to action share a row at 360 px.
export const CTA_PRIMARY =
  'inline-flex items-center justify-center rounded-lg bg-brand-600 px-4 py-3 text-base font-semibold text-white shadow-sm transition-colors hover:bg-brand-700';
export const CTA_SECONDARY =
  'inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-3 text-base font-semibold text-slate-800 shadow-sm transition-colors hover:bg-slate-50';

/** Section intro: a small label above the heading. */
export const EYEBROW = 'text-sm font-semibold uppercase tracking-wide text-brand-700';
export const SECTION_TITLE = 'mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl';
export const SECTION_LEAD = 'mt-4 text-lg leading-8 text-slate-600';
