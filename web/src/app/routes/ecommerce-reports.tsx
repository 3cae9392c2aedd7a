import { useState } from 'react';
import { useParams } from 'react-router';
import { ReportState } from '../../components/report-table/report-state';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useFunnelReport, type FunnelView } from '../../features/analytics/api/get-funnel-report';
import { FUNNEL_VIEWS, FunnelTable } from '../../features/analytics/components/funnel-table';
import { PreparingScreen } from '../../features/sync-status/components/preparing-screen';
import { formatRangeLabel, useDateRange } from '../../lib/date-range';
import { useReportsRefreshOnSync } from '../../lib/report-request';

export function EcommerceReportsRoute() {
  const { brandId } = useParams();
  if (!brandId) return null;
  return <EcommerceReports key={brandId} brandId={brandId} />;
}

/** spec/reports.md "Funnel reports" (/ecommerce-reports/{brandId}): three views, each from its own call. */
function EcommerceReports({ brandId }: { brandId: string }) {
  const { range } = useDateRange();
  const [view, setView] = useState<FunnelView>('daily');
  const report = useFunnelReport(brandId, view, { from: range.from, to: range.to });
  useReportsRefreshOnSync(brandId);
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
            <Card className="p-8 text-center text-sm text-slate-600">Connect Google Analytics to this brand to see sessions, add to carts, checkouts and purchases.</Card>
          ) : (
            <FunnelTable view={view} data={data} />
          )
        }
      </ReportState>
    </div>
  );
}
