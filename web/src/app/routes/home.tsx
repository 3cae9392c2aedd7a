import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session-store';

/** The public home page; the full landing page replaces this body. */
export function HomeRoute() {
  const { user } = useSession();
  return (
    <div className="min-h-full bg-white">
      <header className="flex items-center justify-between border-b border-slate-200 px-6 py-4">
        <span className="text-lg font-bold text-brand-700">Parallels</span>
        <nav className="flex gap-3">
          {user ? (
            <Link to={paths.dashboard} className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white">Dashboard</Link>
          ) : (
            <>
              <Link to={paths.login} className="rounded-lg px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100">Log in</Link>
              <Link to={paths.login} className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white">Get Started</Link>
            </>
          )}
        </nav>
      </header>
      <main className="mx-auto max-w-3xl px-6 py-20 text-center">
        <h1 className="text-4xl font-bold tracking-tight">Every channel, one honest number.</h1>
        <p className="mt-4 text-lg text-slate-600">Shopify, Meta Ads, Google Ads and GA4 in one dashboard, with two years of history in minutes.</p>
      </main>
    </div>
  );
}
