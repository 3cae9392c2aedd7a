import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

// On the dark banner the default brand-coloured focus ring would vanish: white instead (important, to
// win over the unlayered global :focus-visible rule).
const ON_DARK_FOCUS = 'focus-visible:outline-white!';

/** spec/reports.md section 1 and 9: the landing page advertises a 14-day free trial. */
export function TrialBanner() {
  return (
    <section aria-labelledby="trial-title" className="bg-white px-4 pb-20 sm:px-6">
      <div className="mx-auto max-w-5xl rounded-3xl bg-brand-700 px-6 py-12 text-center shadow-xl sm:px-12 sm:py-16">
        <h2 id="trial-title" className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
          Start your <span className="whitespace-nowrap">14-day</span> free trial
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg leading-8 text-brand-50">
          Connect your store and ad accounts, see two years of history within minutes, and decide after two weeks. Start
          on the Free plan, or choose Startup at $10/month or Growth at $50/month.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to={paths.login} className={`inline-flex items-center justify-center rounded-lg bg-white px-5 py-3 text-base font-semibold text-brand-700 shadow-sm transition-colors hover:bg-brand-50 ${ON_DARK_FOCUS}`}>
            Get Started
          </Link>
          {/* spec/reports.md section 1: the demo calls to action have no behaviour. */}
          <button type="button" className={`inline-flex items-center justify-center rounded-lg px-5 py-3 text-base font-semibold text-white ring-1 ring-white/70 transition-colors ring-inset hover:bg-white/10 ${ON_DARK_FOCUS}`}>
            Schedule a Demo
          </button>
        </div>
      </div>
    </section>
  );
}
