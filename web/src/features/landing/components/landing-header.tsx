import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { Logo } from './logo';
import { LANDING_SECTIONS, SectionLink } from './section-link';

export interface LandingVisitor {
  username: string;
}

export interface LandingHeaderProps {
  /** the signed-in user, or null for a visitor */
  user: LandingVisitor | null;
  onLogout: () => void;
}

const PRIMARY = 'rounded-lg bg-brand-600 px-2.5 py-2 text-sm font-semibold whitespace-nowrap text-white shadow-sm transition-colors hover:bg-brand-700 sm:px-4';
const QUIET = 'rounded-lg px-2.5 py-2 text-sm font-medium whitespace-nowrap text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 sm:px-3';

/**
 * Sticky header (spec/reports.md section 2): anchors to the sections; a visitor gets 'Log in' and
 * 'Get Started' (both to /login), a signed-in user a Dashboard link and 'Log Out'. On phones the anchors
 * take a second row so nothing overflows at 360 px.
 */
export function LandingHeader({ user, onLogout }: LandingHeaderProps) {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-2 px-4 sm:gap-x-6 sm:px-6">
        <Link to={paths.home} aria-label="Parallels home" className="flex h-16 items-center rounded-lg">
          <Logo />
        </Link>
        <nav aria-label="Main" className="order-last w-full border-t border-slate-100 md:order-none md:w-auto md:border-0">
          <ul className="flex justify-center gap-1 py-1 md:gap-2 md:py-0">
            {LANDING_SECTIONS.map((s) => (
              <li key={s.id}>
                <SectionLink id={s.id} className={`block ${QUIET}`}>
                  {s.label}
                </SectionLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-1 sm:gap-2">
          {user ? (
            <>
              <Link to={paths.dashboard} className={PRIMARY}>
                Dashboard
              </Link>
              <button type="button" onClick={onLogout} className={QUIET}>
                Log Out
              </button>
            </>
          ) : (
            <>
              <Link to={paths.login} className={QUIET}>
                Log in
              </Link>
              <Link to={paths.login} className={PRIMARY}>
                Get Started
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
