import { useState } from 'react';
import { useParams } from 'react-router';
import { ReportState } from '../../components/report-table/report-state';
import { Button } from '../../components/ui/button';
import { useFunnelReport, type FunnelView } from '../../features/analytics/api/get-funnel-report';
import { ConnectGa4Flow } from '../../features/connections/components/connect-ga4-flow';
import { FUNNEL_VIEWS, FunnelTable } from '../../features/analytics/components/funnel-table';
import { useBrand } from '../../features/connections/api/get-brand';
import { PreparingScreen } from '../../features/sync-status/components/preparing-screen';
import { formatRangeLabel, useDateRange } from '../../lib/date-range';
import { useReportsRefreshOnSync } from '../../lib/report-request';

const CONNECT_GA4_FUNNEL = "Connect this brand's GA4 property to see sessions, add to carts, checkouts and purchases.";

export function EcommerceReportsRoute() {
  const { brandId } = useParams();
  if (!brandId) return null;
  return <EcommerceReports key={brandId} brandId={brandId} />;
}

/** spec/reports.md "Funnel reports" (/ecommerce-reports/{brandId}): three views, each from its own call. */
function EcommerceReports({ brandId }: { brandId: string }) {
  const { range } = useDateRange();
  const [view, setView] = useState<FunnelView>('daily');
  const brand = useBrand(brandId);
  // no GA4 property on the brand: the connect flow, as the other report screens show for their platform
  const ga4Connected = brand.data ? brand.data.ga4Account !== null && brand.data.ga4Account.PropertyID !== '' : undefined;
  // asked once the brand is known to have GA4 (or could not be loaded: then the answer's status says)
  const report = useFunnelReport(brandId, view, { from: range.from, to: range.to }, ga4Connected === true || brand.isError);
  useReportsRefreshOnSync(brandId);
  const connectFlow = <ConnectGa4Flow brandId={brandId} sentence={CONNECT_GA4_FUNNEL} />;
  if (ga4Connected === false) return connectFlow;
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="radiogroup" aria-label="View mode" className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5">
          {FUNNEL_VIEWS.map((v) => (
            <button
              key={v.id}
              type="button"
              role="radio"
              aria-checked={view === v.id}
              onClick={() => setView(v.id)}
              className={`rounded-md px-3 py-1.5 text-sm font-medium ${view === v.id ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
            >
              {v.label}
            </button>
          ))}
        </div>
        <div className="flex items-center gap-3 text-sm text-slate-600">
          <span>{formatRangeLabel(range)}</span>
          <Button variant="secondary" onClick={() => void report.refetch()} busy={report.isFetching} aria-label="Refresh the funnel">
            Refresh
          </Button>
        </div>
      </div>
      <ReportState query={report} loadingLabel="Loading the funnel" preparing={<PreparingScreen brandId={brandId} />}>
        {(data) =>
          data.status.state === 'not_connected' ? (
            connectFlow
          ) : (
            <FunnelTable view={view} data={data} />
          )
        }
      </ReportState>
    </div>
  );
}
