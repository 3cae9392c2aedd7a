import { Link } from 'react-router';
import { paths } from '../../lib/paths';

export function NotFoundRoute() {
  return (
    <main className="flex min-h-full flex-col items-center justify-center px-6 text-center">
      <p className="text-sm font-semibold text-brand-600">404</p>
      <h1 className="mt-2 text-3xl font-bold">Page not found</h1>
      <p className="mt-2 text-slate-600">The page you were looking for does not exist or has moved.</p>
      <Link to={paths.home} className="mt-6 rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white">Go to the home page</Link>
    </main>
  );
}
