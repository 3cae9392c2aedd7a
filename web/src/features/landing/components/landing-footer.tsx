import { SUPPORT_EMAIL } from '@parallels/contract/product';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { Logo } from './logo';
import { LANDING_SECTIONS, SectionLink } from './section-link';

/** The product's support contact (also in the legal pages). */


const YEAR = new Date().getFullYear();
const LINK = 'rounded text-sm text-slate-600 transition-colors hover:text-brand-700';
const GROUP_TITLE = 'text-sm font-semibold text-slate-900';

export function LandingFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-12">
        <div className="md:col-span-5">
          <Logo />
          <p className="mt-3 max-w-sm text-sm leading-6 text-slate-600">
            Marketing analytics for e-commerce brands: Shopify, Meta Ads, Google Ads and Google Analytics 4 in one
            dashboard.
          </p>
        </div>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-8 md:col-span-4">
          <div>
            <h2 className={GROUP_TITLE}>Product</h2>
            <ul className="mt-3 space-y-2">
              {LANDING_SECTIONS.map((s) => (
                <li key={s.id}>
                  <SectionLink id={s.id} className={LINK}>
                    {s.label}
                  </SectionLink>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className={GROUP_TITLE}>Legal</h2>
            <ul className="mt-3 space-y-2">
              <li>
                <Link to={paths.privacyPolicy} className={LINK}>
                  Privacy Policy
                </Link>
              </li>
              <li>
                <Link to={paths.termsAndConditions} className={LINK}>
                  Terms and Conditions
                </Link>
              </li>
            </ul>
          </div>
        </nav>
        <div className="md:col-span-3">
          <h2 className={GROUP_TITLE}>Support</h2>
          <p className="mt-3 text-sm text-slate-600">Questions about your account or your data? Write to us:</p>
          <a href={`mailto:${SUPPORT_EMAIL}`} className="mt-1 inline-block rounded text-sm font-medium break-all text-brand-700 hover:underline">
            {SUPPORT_EMAIL}
          </a>
        </div>
      </div>
      <div className="border-t border-slate-200">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-slate-600 sm:px-6">© {YEAR} Parallels. All rights reserved.</p>
      </div>
    </footer>
  );
}
