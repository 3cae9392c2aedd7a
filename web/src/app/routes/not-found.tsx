import { SUPPORT_EMAIL } from '@parallels/contract/product';
import { Link, useLocation } from 'react-router';
import { paths } from '../../lib/paths';

/** Any unknown route: say so plainly, show the path, and offer a way home (never a blank screen). */
export function NotFoundRoute() {
  const { pathname } = useLocation();
  return (
    <main className="flex min-h-full flex-col items-center justify-center bg-white px-6 py-16 text-center">
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">Page not found</h1>
      <p className="mt-3 max-w-md text-slate-600">
        There is no page at <code className="rounded bg-slate-100 px-1.5 py-0.5 text-sm break-all text-slate-800">{pathname}</code>. The link may be
        mistyped, or the page may have moved.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={paths.home} className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
          Go to the home page
        </Link>
        <Link to={paths.dashboard} className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50">
          Open your dashboard
        </Link>
      </div>
      <p className="mt-8 text-sm text-slate-600">
        Still lost? Write to{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`} className="rounded font-medium text-brand-700 underline underline-offset-2">
          {SUPPORT_EMAIL}
        </a>
      </p>
    </main>
  );
}
