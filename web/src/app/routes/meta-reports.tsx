import { useParams, useSearchParams } from 'react-router';
import { META_REPORT_TABS, type MetaReportBreakdown } from '@parallels/contract/meta-reports';
import { MetaReportPanel } from '../../features/meta-reports/components/meta-report-panel';
import { ReportsNav } from '../../features/meta-reports/components/reports-nav';
import { PreparingScreen } from '../../features/sync-status/components/preparing-screen';
import { useDateRange } from '../../lib/date-range';
import { useReportsRefreshOnSync } from '../../lib/report-request';
import { FacebookRefreshPrompt, MetaAccountsGate } from './meta-connection';

export function MetaReportsRoute() {
  const { brandId } = useParams();
  if (!brandId) return null;
  return <MetaReports key={brandId} brandId={brandId} />;
}

/** spec/reports.md "Meta reports" (/meta-reports/{brandId}); the tab lives in the URL (?tab=), Age by default. */
function MetaReports({ brandId }: { brandId: string }) {
  const { range } = useDateRange();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: MetaReportBreakdown = META_REPORT_TABS.includes(asked as MetaReportBreakdown) ? (asked as MetaReportBreakdown) : 'age';
  useReportsRefreshOnSync(brandId);
  const select = (next: MetaReportBreakdown) =>
    setParams((current) => {
      const out = new URLSearchParams(current);
      out.set('tab', next);
      return out;
    });
  return (
    <MetaAccountsGate brandId={brandId}>
      <div className="flex min-w-0 flex-col gap-4 md:flex-row">
        <ReportsNav selected={tab} onSelect={select} />
        <div className="min-w-0 flex-1">
          {range.from && range.to ? (
            <MetaReportPanel brandId={brandId} tab={tab} range={range} preparing={<PreparingScreen brandId={brandId} />} reconnectPrompt={<FacebookRefreshPrompt />} />
          ) : (
            <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600">Select a date range to see this report.</p>
          )}
        </div>
      </div>
    </MetaAccountsGate>
  );
}
