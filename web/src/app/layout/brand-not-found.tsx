import { Link } from 'react-router';
import type { BrandSummary } from '@parallels/contract/users';
import { brandDisplayName } from '@parallels/contract/brands';
import { Card } from '../../components/ui/card';
import { paths, withBrand } from '../../lib/paths';

/**
 * A brand id in the URL that is not one of the user's brands (mistyped, malformed, or someone else's): one
 * plain screen in place of the report, with the user's own brands to go to. Someone else's brand reads the same
 * as one that does not exist, so the screen never tells which.
 */
export function BrandNotFound({ pathname, brands }: { pathname: string; brands: BrandSummary[] }) {
  return (
    <Card className="mx-auto mt-8 max-w-xl p-8 text-center" role="region" aria-labelledby="brand-not-found">
      <h2 id="brand-not-found" className="text-xl font-semibold">
        Brand not found
      </h2>
      <p className="mt-2 text-sm text-slate-600">This brand does not exist, or it is not one of yours. Choose one of your brands instead.</p>
      {brands.length > 0 ? (
        <ul aria-label="Your brands" className="mt-6 space-y-2">
          {brands.map((b) => (
            <li key={b._id}>
              <Link to={withBrand(pathname, b._id)} className="block rounded-lg border border-slate-200 px-4 py-2 text-sm font-medium text-brand-700 hover:bg-slate-50">
                {brandDisplayName(b.name)}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <Link to={paths.brandSetup} className="mt-6 inline-block rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
          Add a brand
        </Link>
      )}
    </Card>
  );
}
