import { SECTION_SCROLL_MARGIN } from './section-link';
import { EYEBROW, SECTION_LEAD, SECTION_TITLE } from './styles';

// spec/reports.md section 1: the eight feature tiles, in the spec's order. Icons are 24x24 stroke paths.
export const FEATURES = [
  {
    title: 'Unified Dashboard',
    text: 'Sales, ad spend and return on ad spend from every channel on one screen: yesterday, the last 7 days and the last 30 days at a glance.',
    icon: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  },
  {
    title: 'Multi-Platform Integration',
    text: 'Connect Shopify, Meta Ads, Google Ads and Google Analytics 4 in a few clicks. Several ad accounts per brand, several brands per login.',
    icon: 'M9 7H7a5 5 0 0 0 0 10h2M15 7h2a5 5 0 0 1 0 10h-2M8 12h8',
  },
  {
    title: 'Performance Tracking',
    text: 'Set monthly sales, spend and ROAS targets per brand and channel, and see every day whether you are on track.',
    icon: 'M3 17l6-6 4 4 8-8M15 7h6v6',
  },
  {
    title: 'Demographic Analysis',
    text: 'Break results down by age, gender, country, device and placement to find the audiences that actually buy.',
    icon: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21a7 7 0 0 1 14 0M16 3.5a4 4 0 0 1 0 7.5M22 21a7 7 0 0 0-4.5-6.5',
  },
  {
    title: 'Automated Email Reports',
    text: 'Your key numbers delivered to your inbox on a schedule, so the whole team starts the day with the same facts.',
    icon: 'M3 6h18v12H3zM3 7l9 6 9-6',
  },
  {
    title: 'Campaign Grouping',
    text: 'Label campaigns your way (product line, funnel stage, season) and compare the groups side by side.',
    icon: 'M3 12V4h8l10 10-8 8zM7.5 7.5h.01',
  },
  {
    title: 'Compare Date Ranges',
    text: 'Put any period next to the one before it and see exactly what changed, channel by channel.',
    icon: 'M4 5h16v16H4zM4 10h16M8 3v4M16 3v4',
  },
  {
    title: 'Transparent Pricing',
    text: 'Start free, then $10 or $50 a month as you grow, billed through your Shopify store. No setup fees, no surprises.',
    icon: 'M12 3v18M17 7.5C17 5.6 14.8 5 12 5S7 6 7 8s2 2.7 5 3.5 5 1.6 5 3.5-2 3-5 3-5-1-5-3',
  },
] as const;

export function FeaturesSection() {
  return (
    <section id="features" aria-labelledby="features-title" className={`bg-white py-20 ${SECTION_SCROLL_MARGIN}`}>
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className={EYEBROW}>Features</p>
          <h2 id="features-title" tabIndex={-1} className={SECTION_TITLE}>
            Everything you need to grow profitably
          </h2>
          <p className={SECTION_LEAD}>One place for the numbers you now gather from four tabs and a spreadsheet, kept fresh and kept honest.</p>
        </div>
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((f) => (
            <li key={f.title} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md sm:block sm:p-6">
              <span className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
                  <path d={f.icon} />
                </svg>
              </span>
              <div>
                <h3 className="font-semibold text-slate-900 sm:mt-4">{f.title}</h3>
                <p className="mt-1 text-sm leading-6 text-slate-600 sm:mt-2">{f.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
