import { useParams } from 'react-router';
import { OtherCurrencyNotice, ReportState } from '../../components/report-table/report-state';
import { useBrandCurrency, usePerformanceReport } from '../../features/marketing-insights/api/get-performance-report';
import { PerformanceTable } from '../../features/marketing-insights/components/performance-table';
import { PreparingScreen } from '../../features/sync-status/components/preparing-screen';
import { formatRangeLabel, useDateRange } from '../../lib/date-range';
import { useReportsRefreshOnSync } from '../../lib/report-request';

export function MarketingInsightsRoute() {
  const { brandId } = useParams();
  if (!brandId) return null;
  return <MarketingInsights key={brandId} brandId={brandId} />;
}

/** spec/reports.md "Cross-platform performance table" (/marketing-insights/{brandId}). */
function MarketingInsights({ brandId }: { brandId: string }) {
  const { range } = useDateRange();
  const report = usePerformanceReport(brandId, range);
  const currency = useBrandCurrency(brandId);
  useReportsRefreshOnSync(brandId);
  return (
    <ReportState
      query={report}
      loadingLabel="Loading the performance table"
      preparing={<PreparingScreen brandId={brandId} />}
      isEmpty={(r) => r.data.length === 0}
    >
      {(data) => (
        <>
          <OtherCurrencyNotice accounts={data.otherCurrencyAccounts} />
          <PerformanceTable report={data} currency={currency.data?.currency ?? data.currency ?? 'USD'} rangeLabel={formatRangeLabel(range)} />
        </>
      )}
    </ReportState>
  );
}
