import { FIRST_IMPORT_TEXT } from '@parallels/contract/product';
import { SECTION_SCROLL_MARGIN } from './section-link';
import { EYEBROW, SECTION_LEAD, SECTION_TITLE } from './styles';

// Monograms rather than the platforms' logos (their marks have usage rules); colours pass 4.5:1 with white.
export const INTEGRATIONS = [
  { name: 'Shopify', mark: 'S', colour: 'bg-emerald-700', text: 'Orders, refunds and products from your store, the source of truth for sales.' },
  { name: 'Meta Ads', mark: 'M', colour: 'bg-blue-600', text: 'Campaigns, ad sets and audiences across Facebook and Instagram, with spend and purchases by day.' },
  { name: 'Google Ads', mark: 'G', colour: 'bg-sky-700', text: 'Campaigns, keywords, search terms and Shopping products, including accounts under a manager.' },
  { name: 'Google Analytics 4', mark: 'GA', colour: 'bg-amber-700', text: 'Sessions, funnels and conversions by source, device, country and landing page.' },
] as const;

export function IntegrationsSection() {
  return (
    <section id="integrations" aria-labelledby="integrations-title" className={`bg-slate-50 py-20 ${SECTION_SCROLL_MARGIN}`}>
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className={EYEBROW}>Integrations</p>
          <h2 id="integrations-title" tabIndex={-1} className={SECTION_TITLE}>
            Connect your store and ad accounts in minutes
          </h2>
          <p className={SECTION_LEAD}>
            Parallels reads each platform through its official API with read-only access. {FIRST_IMPORT_TEXT}
          </p>
        </div>
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {INTEGRATIONS.map((i) => (
            <li key={i.name} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:block sm:p-6">
              <span aria-hidden="true" className={`inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl text-sm font-bold text-white ${i.colour}`}>
                {i.mark}
              </span>
              <div>
                <h3 className="font-semibold text-slate-900 sm:mt-4">{i.name}</h3>
                <p className="mt-1 text-sm leading-6 text-slate-600 sm:mt-2">{i.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
