import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { SampleChart } from './sample-chart';
import { CTA_PRIMARY, CTA_SECONDARY } from './styles';

// spec/reports.md section 1: fixed sample figures for revenue, orders and customers.
export const SAMPLE_FIGURES = [
  { label: 'Revenue', value: '$48,250', change: '+12.4%' },
  { label: 'Orders', value: '1,284', change: '+8.1%' },
  { label: 'Customers', value: '1,032', change: '+9.6%' },
] as const;

const PROMISES = ['Two years of history in minutes', 'Numbers that match each platform', 'Read-only access to your accounts'];

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="bg-linear-to-b from-brand-50 via-white to-white">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-14 sm:px-6 md:py-20 lg:grid-cols-[7fr_6fr] lg:gap-14">
        <div>
          <p className="inline-flex rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-700 ring-1 ring-brand-100">
            14-day free trial on every paid plan
          </p>
          <h1 id="hero-title" className="mt-5 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            Every channel. <span className="block text-brand-600">One honest number.</span>
          </h1>
          <p className="mt-5 text-lg leading-8 text-slate-600">
            Parallels brings your Shopify sales, Meta Ads, Google Ads and Google Analytics 4 into one dashboard, so you
            know what you spent, what it brought back and which campaigns to scale.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to={paths.login} className={CTA_PRIMARY}>
              Start Free Trial
            </Link>
            {/* spec/reports.md section 1: the demo calls to action have no behaviour. */}
            <button type="button" className={CTA_SECONDARY}>
              View Demo
            </button>
          </div>
          <ul className="mt-8 flex flex-col gap-x-6 gap-y-2 text-sm text-slate-700 sm:flex-row sm:flex-wrap">
            {PROMISES.map((p) => (
              <li key={p} className="flex items-center gap-2">
                <svg viewBox="0 0 20 20" className="h-5 w-5 shrink-0 text-emerald-600" fill="currentColor" aria-hidden="true">
                  <path fillRule="evenodd" d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0z" />
                </svg>
                {p}
              </li>
            ))}
          </ul>
        </div>
        <SampleDashboard />
      </div>
    </section>
  );
}

function SampleDashboard() {
  return (
    <figure className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-xl shadow-brand-600/10 sm:p-6">
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="font-semibold text-slate-900">Sample Store</p>
          <p className="text-sm text-slate-600">Last 30 days</p>
        </div>
        <span className="rounded-full bg-amber-50 px-2.5 py-1 text-xs font-medium text-amber-800 ring-1 ring-amber-200">Sample data</span>
      </div>
      <dl className="mt-5 grid grid-cols-3 gap-2 sm:gap-3">
        {SAMPLE_FIGURES.map((f) => (
          <div key={f.label} className="min-w-0 rounded-xl bg-slate-50 p-2.5 sm:p-3">
            <dt className="text-xs font-medium text-slate-600">{f.label}</dt>
            <dd className="mt-1 text-base font-bold tracking-tight text-slate-900 sm:text-2xl">{f.value}</dd>
            <dd className="text-xs font-medium text-emerald-700">{f.change}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-5">
        <SampleChart />
      </div>
      <figcaption className="sr-only">A sample of the Parallels dashboard with fixed figures and a random chart.</figcaption>
    </figure>
  );
}
