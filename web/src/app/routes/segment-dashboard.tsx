import { useParams } from 'react-router';
import { useBrand } from '../../features/connections/api/get-brand';
import { ProductInsights } from '../../features/segment/components/product-insights';
import { SearchTermInsights } from '../../features/segment/components/search-term-insights';
import { PreparingScreen } from '../../features/sync-status/components/preparing-screen';
import { useDateRange } from '../../lib/date-range';
import { useBrandCurrencyLocale } from '../../lib/locale';
import { useReportsRefreshOnSync } from '../../lib/report-request';

export function SegmentDashboardRoute() {
  const { brandId } = useParams();
  // spec section 8: the segment page without a brand id
  if (!brandId) return <p role="alert" className="rounded-lg border border-rose-200 bg-rose-50 p-4 text-sm text-rose-800">Error: Brand ID is missing</p>;
  return <SegmentDashboard key={brandId} brandId={brandId} />;
}

/** spec/reports.md "Segment dashboard" (/segment-dashboard/{brandId}). */
function SegmentDashboard({ brandId }: { brandId: string }) {
  const { range } = useDateRange();
  const brand = useBrand(brandId);
  useBrandCurrencyLocale(brand.data?.currency);
  useReportsRefreshOnSync(brandId);
  const props = { brandId, range: { from: range.from, to: range.to }, currency: brand.data?.currency ?? 'INR', preparing: <PreparingScreen brandId={brandId} /> };
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <ProductInsights {...props} />
      <SearchTermInsights {...props} />
    </div>
  );
}
