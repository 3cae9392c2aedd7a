import { useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { interestErrorText, isMetricsNotReady, useMetaInterest } from '../../features/meta-interest/api/get-meta-interest';
import { InterestTables } from '../../features/meta-interest/components/interest-tables';
import { PreparingScreen } from '../../features/sync-status/components/preparing-screen';
import { useDateRange } from '../../lib/date-range';
import { useReportsRefreshOnSync } from '../../lib/report-request';
import { FacebookRefreshPrompt, MetaAccountsGate } from './meta-connection';

export function MetaInterestRoute() {
  const { brandId } = useParams();
  if (!brandId) return null;
  // keyed by brand: everything the screen holds is reset when the brand changes
  return <MetaInterest key={brandId} brandId={brandId} />;
}

/** spec/reports.md "Meta interest" (/meta-interest/{brandId}, titled 'Meta Interest Analysis'). */
function MetaInterest({ brandId }: { brandId: string }) {
  const { range } = useDateRange();
  useReportsRefreshOnSync(brandId);
  return (
    <MetaAccountsGate brandId={brandId}>
      {range.from && range.to ? (
        <InterestReport brandId={brandId} range={range} />
      ) : (
        <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600">Select a date range to see the interest analysis.</p>
      )}
    </MetaAccountsGate>
  );
}

function InterestReport({ brandId, range }: { brandId: string; range: { from: string; to: string } }) {
  const query = useMetaInterest(brandId, range);
  if (query.isPending) return <Spinner label="Loading the interest analysis" />;
  if (query.isError && isMetricsNotReady(query.error)) return <PreparingScreen brandId={brandId} />;
  if (query.isError || !query.data) {
    return (
      <Card role="alert" className="flex flex-wrap items-center justify-between gap-3 border-rose-200 p-4">
        <p className="text-sm text-rose-700">{interestErrorText(query.error)}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </Card>
    );
  }
  return (
    <>
      {query.data.reconnectMessage && <FacebookRefreshPrompt />}
      <InterestTables report={query.data.data} />
    </>
  );
}
