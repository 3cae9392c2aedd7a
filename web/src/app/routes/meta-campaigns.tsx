import { useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useCampaignLabels, useLabelsRealtime, useMetaCampaigns, useSetCampaignLabels } from '../../features/meta-campaigns/api/get-meta-campaigns';
import { CampaignAnalysis } from '../../features/meta-campaigns/components/campaign-analysis';
import { PreparingScreen } from '../../features/sync-status/components/preparing-screen';
import { useDateRange } from '../../lib/date-range';
import { isMetricsNotReady, useReportsRefreshOnSync } from '../../lib/report-request';
import { reportErrorMessage } from '../../components/report-table/report-state';
import { FacebookRefreshPrompt, MetaAccountsGate } from './meta-connection';

export function MetaCampaignsRoute() {
  const { brandId } = useParams();
  if (!brandId) return null;
  return <MetaCampaigns key={brandId} brandId={brandId} />;
}

/** spec/reports.md "Meta campaigns" (/meta-campaigns/{brandId}, Campaign Analysis). */
function MetaCampaigns({ brandId }: { brandId: string }) {
  const { range } = useDateRange();
  useReportsRefreshOnSync(brandId);
  useLabelsRealtime(brandId);
  return (
    <MetaAccountsGate brandId={brandId}>
      {range.from && range.to ? (
        <CampaignReport brandId={brandId} range={range} />
      ) : (
        <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600">Select a date range to see your campaigns.</p>
      )}
    </MetaAccountsGate>
  );
}

function CampaignReport({ brandId, range }: { brandId: string; range: { from: string; to: string } }) {
  const query = useMetaCampaigns(brandId, range);
  const labels = useCampaignLabels(brandId);
  const setLabels = useSetCampaignLabels(brandId);
  if (query.isPending) return <Spinner label="Loading campaigns" />;
  if (query.isError && isMetricsNotReady(query.error)) return <PreparingScreen brandId={brandId} />;
  if (query.isError || !query.data) {
    return (
      <Card role="alert" className="flex flex-wrap items-center justify-between gap-3 border-rose-200 p-4">
        <p className="text-sm text-rose-700">Error: {reportErrorMessage(query.error)}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </Card>
    );
  }
  return (
    <>
      {query.data.reconnectMessage && <FacebookRefreshPrompt />}
      {setLabels.isError && (
        <p role="alert" className="mb-2 text-sm text-rose-700">
          The labels could not be saved: {reportErrorMessage(setLabels.error)}
        </p>
      )}
      <CampaignAnalysis brandId={brandId} report={query.data.data} labels={labels.data} onSetLabels={(accountId, campaignId, next) => setLabels.mutate({ accountId, campaignId, labels: next })} />
    </>
  );
}
