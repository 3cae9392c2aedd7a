import { SECTION_SCROLL_MARGIN } from './section-link';
import { EYEBROW, SECTION_LEAD, SECTION_TITLE } from './styles';

// The report screens of spec/reports.md section 1, in a brand owner's words.
const REPORTS = [
  { name: 'Cross-platform performance', text: 'sales, ad spend and return by month, down to the day.' },
  { name: 'Funnel reports', text: 'sessions, add to cart, checkouts and purchases.' },
  { name: 'Conversion reports', text: 'Google Analytics 4 across 15 dimensions, with Excel export.' },
  { name: 'Google Ads insights', text: 'products, categories, search terms, keywords, age and gender.' },
  { name: 'Meta breakdowns', text: 'age, gender, country, placement, device and audience segment.' },
  { name: 'Monthly targets', text: 'progress against your sales, spend and ROAS goals per channel.' },
];

// Fixed sample rows; ROAS is derived from the sums, as in the product.
const SAMPLE_MONTHS = [
  { month: 'March', sales: 38_420, spend: 10_110 },
  { month: 'April', sales: 41_960, spend: 10_490 },
  { month: 'May', sales: 45_310, spend: 10_790 },
  { month: 'June', sales: 48_250, spend: 11_220 },
];

const dollars = (n: number) => `$${n.toLocaleString('en-US')}`;

export function AnalyticsSection() {
  return (
    <section id="analytics" aria-labelledby="analytics-title" className={`bg-white py-20 ${SECTION_SCROLL_MARGIN}`}>
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:gap-16">
        <div>
          <p className={EYEBROW}>Analytics</p>
          <h2 id="analytics-title" tabIndex={-1} className={SECTION_TITLE}>
            Reports that answer the questions you ask every morning
          </h2>
          <p className={SECTION_LEAD}>
            What did I spend, what did it bring back, which campaigns, audiences, products and search terms work, and am
            I on track for this month? Every figure is summed from daily data, so totals match what each platform reports.
          </p>
          <ul className="mt-8 space-y-3">
            {REPORTS.map((r) => (
              <li key={r.name} className="flex gap-3 text-slate-700">
                <svg viewBox="0 0 20 20" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" fill="currentColor" aria-hidden="true">
                  <path fillRule="evenodd" d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0z" />
                </svg>
                <span>
                  <strong className="font-semibold text-slate-900">{r.name}:</strong> {r.text}
                </span>
              </li>
            ))}
          </ul>
        </div>
        <div className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-xl shadow-brand-600/10 sm:p-6">
          <table className="w-full text-left text-sm">
            <caption className="mb-4 text-left">
              <span className="block font-semibold text-slate-900">Cross-platform performance</span>
              <span className="text-slate-600">Sample data, all channels</span>
            </caption>
            <thead>
              <tr className="border-b border-slate-200 text-xs text-slate-600 uppercase">
                <th scope="col" className="py-2 pr-2 font-medium">Month</th>
                <th scope="col" className="px-2 py-2 text-right font-medium">Sales</th>
                <th scope="col" className="px-2 py-2 text-right font-medium">Ad spend</th>
                <th scope="col" className="py-2 pl-2 text-right font-medium">ROAS</th>
              </tr>
            </thead>
            <tbody className="tabular-nums">
              {SAMPLE_MONTHS.map((m) => (
                <tr key={m.month} className="border-b border-slate-100 last:border-0">
                  <th scope="row" className="py-3 pr-2 font-medium text-slate-900">{m.month}</th>
                  <td className="px-2 py-3 text-right text-slate-700">{dollars(m.sales)}</td>
                  <td className="px-2 py-3 text-right text-slate-700">{dollars(m.spend)}</td>
                  <td className="py-3 pl-2 text-right">
                    <span className="rounded-full bg-emerald-50 px-2 py-0.5 font-semibold text-emerald-800">{(m.sales / m.spend).toFixed(2)}x</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
