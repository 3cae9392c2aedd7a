import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { User } from '@parallels/contract/auth';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { paths } from '../../../lib/paths';
import { errorToast } from '../../../lib/toast-messages';
import { useDeleteBrand } from '../api/delete-brand';
import { brandDisplayName } from '@parallels/contract/brands';
import { useUserBrands } from '../api/get-user-brands';

/**
 * The profile's Brands tab: every brand of the user, each with Delete (no confirmation, as the spec has it).
 * `renderBrandDetails` lets the route add what other features know about a brand (its sync status).
 */
export function BrandList({ user, renderBrandDetails }: { user: User; renderBrandDetails?: (brandId: string) => ReactNode }) {
  const brandsQuery = useUserBrands(user.id);
  const deleteBrand = useDeleteBrand(user);
  const { toast } = useToast();
  const [deleting, setDeleting] = useState<string | null>(null);

  if (brandsQuery.isPending) return <Spinner label="Loading brands" />;
  if (brandsQuery.isError) return <p role="alert" className="text-sm text-red-600">{brandsQuery.error.message || 'Your brands could not be loaded.'}</p>;

  const brands = brandsQuery.data.brands;
  if (brands.length === 0) {
    return (
      <p className="text-sm text-slate-600">
        No brands yet.{' '}
        <Link to={paths.brandSetup} className="font-medium text-brand-700 underline">
          Add a brand
        </Link>
      </p>
    );
  }

  const onDelete = async (brandId: string, name: string) => {
    setDeleting(brandId);
    try {
      await deleteBrand.mutateAsync(brandId);
      toast({ title: 'Brand deleted', description: `${name} was deleted.` });
    } catch (error) {
      toast(errorToast(error));
    } finally {
      setDeleting(null);
    }
  };

  return (
    <ul aria-label="Your brands" className="divide-y divide-slate-100 rounded-lg border border-slate-200">
      {brands.map((b) => {
        const name = brandDisplayName(b.name);
        return (
          <li key={b._id} className="px-4 py-3">
            <div className="flex items-center justify-between gap-3">
              <span id={`brand-${b._id}-name`} className="text-sm font-medium">
                {name}
              </span>
              <Button
                id={`brand-${b._id}-delete`}
                aria-labelledby={`brand-${b._id}-delete brand-${b._id}-name`}
                variant="destructive"
                busy={deleting === b._id}
                disabled={deleting !== null}
                onClick={() => void onDelete(b._id, name)}
              >
                Delete
              </Button>
            </div>
            {renderBrandDetails && <div className="mt-3">{renderBrandDetails(b._id)}</div>}
          </li>
        );
      })}
    </ul>
  );
}
