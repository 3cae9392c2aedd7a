import { useState } from 'react';
import { useParams } from 'react-router';
import type { FbAdAccountRow, GoogleAdSummary } from '@parallels/contract/ad-metrics';
import { Button } from '../../components/ui/button';
import { ReconnectNotice, ReportError, ReportLoading } from '../../components/report-table/report-state';
import { useFacebookAdMetrics, useGoogleAdMetrics } from '../../features/ad-metrics/api/get-ad-metrics';
import { AdMetricCard } from '../../features/ad-metrics/components/ad-metric-card';
import { ConnectAdvertisingPrompt } from '../../features/ad-metrics/components/connect-advertising-prompt';
import { EmptyPlatformState } from '../../features/ad-metrics/components/empty-platform-state';
import { blendedMetrics, blendedTotals, facebookMetrics, googleMetrics } from '../../features/ad-metrics/utils/ad-cards';
import { ConnectAccountDialog } from '../../features/connections/components/connect-account-dialog';
import type { ConnectPlatform } from '../../features/connections/utils/platforms';
import { useBrand } from '../../features/connections/api/get-brand';
import { PreparingScreen } from '../../features/sync-status/components/preparing-screen';
import { useLiveConnections } from '../../features/sync-status/hooks/use-live-connections';
import { brandSyncProgress } from '../../features/sync-status/utils/sync-progress';
import { formatRangeLabel, isCompareOn, useDateRange } from '../../lib/date-range';
import { useBrandCurrencyLocale, useLocale } from '../../lib/locale';
import { platformTitle } from '../../lib/platform-names';
import { isMetricsNotReady, useReportsRefreshOnSync } from '../../lib/report-request';
import { useSession } from '../../lib/session-store';

export function AdMetricsRoute() {
  const { brandId } = useParams();
  if (!brandId) return null;
  return <AdMetrics key={brandId} brandId={brandId} />;
}

/** spec core.md section 2, "AdMetrics dashboard": the blended summary, a card per ad account, the empty states. */
function AdMetrics({ brandId }: { brandId: string }) {
  const { user } = useSession();
  const { range } = useDateRange();
  const [locale] = useLocale();
  const [dialog, setDialog] = useState<ConnectPlatform | null>(null);
  useReportsRefreshOnSync(brandId);
  // the Preparing screen's progress bar follows the brand's real backfill
  const brand = useBrand(brandId);
  useBrandCurrencyLocale(brand.data?.currency);
  const sync = brandSyncProgress(useLiveConnections(brandId, brand.data?.connections ?? []));

  const current = { from: range.from, to: range.to };
  const compare = isCompareOn(range) ? { from: range.compareFrom, to: range.compareTo } : null;
  const facebook = useFacebookAdMetrics(brandId, current, user?.id);
  const google = useGoogleAdMetrics(brandId, current);
  const facebookCompare = useFacebookAdMetrics(brandId, compare, user?.id);
  const googleCompare = useGoogleAdMetrics(brandId, compare);
  const compareLabel = compare ? formatRangeLabel({ from: compare.from, to: compare.to }) : undefined;

  const refresh = () => Promise.all([facebook, google, ...(compare ? [facebookCompare, googleCompare] : [])].map((q) => q.refetch()));
  const dialogElement = (
    // spec: on success the page reloads
    <ConnectAccountDialog platform={dialog} onClose={() => setDialog(null)} target={{ mode: 'brand', brandId, onSaved: () => window.location.reload() }} />
  );

  if (facebook.isPending || google.isPending) return <ReportLoading label="Loading ad metrics" />;
  const fbNotReady = facebook.isError && isMetricsNotReady(facebook.error);
  const googleNotReady = google.isError && isMetricsNotReady(google.error);
  const fbRows: FbAdAccountRow[] = facebook.data?.data.data ?? [];
  const googleRows: GoogleAdSummary[] = google.data?.data.data ?? [];
  if ((fbNotReady || googleNotReady) && (fbNotReady || fbRows.length === 0) && (googleNotReady || googleRows.length === 0)) return <PreparingScreen brandId={brandId} progress={brand.data ? sync.progress : undefined} />;
  const failed = [
    ...(facebook.isError && !fbNotReady ? [{ source: 'Facebook', error: facebook.error }] : []),
    ...(google.isError && !googleNotReady ? [{ source: 'Google Ads', error: google.error }] : []),
  ];
  if (failed.length === 0 && fbRows.length === 0 && googleRows.length === 0 && !fbNotReady && !googleNotReady) {
    return (
      <>
        <ConnectAdvertisingPrompt onConnect={setDialog} />
        {dialogElement}
      </>
    );
  }

  const currency = facebook.data?.data.currency ?? google.data?.data.currency ?? brand.data?.currency ?? 'INR';
  const fbCompareRows = facebookCompare.data?.data.data;
  const googleCompareRows = googleCompare.data?.data.data;
  const reconnect = [facebook.data?.reconnectMessage, google.data?.reconnectMessage].filter(Boolean);
  const card = { currency, locale, compareLabel };
  const otherCurrency = [
    ...fbRows.filter((r) => r.currency && r.currency !== currency).map((r) => ({ name: r.account_name, currency: r.currency! })),
    ...googleRows.filter((r) => r.currency && r.currency !== currency).map((r) => ({ name: r.adAccountName, currency: r.currency! })),
  ];

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          {formatRangeLabel(range)} · amounts in {currency}
        </p>
        <Button variant="secondary" onClick={() => void refresh()} busy={facebook.isFetching || google.isFetching} aria-label="Refresh ad metrics">
          Refresh
        </Button>
      </div>
      <div className="mt-3 space-y-3">
        {reconnect.map((message) => (
          <ReconnectNotice key={message} message={message!} />
        ))}
        {failed.map(({ source, error }) => (
          <ReportError key={source} source={source} error={error} onRetry={refresh} />
        ))}
      </div>
      <div className="mt-4 space-y-4">
        {(fbRows.length > 0 || googleRows.length > 0) && (
          <AdMetricCard
            title="Blended summary"
            tone="brand"
            metrics={blendedMetrics(blendedTotals(fbRows, googleRows, currency))}
            compare={compare && fbCompareRows && googleCompareRows ? blendedMetrics(blendedTotals(fbCompareRows, googleCompareRows, currency)) : undefined}
            note={
              blendedTotals(fbRows, googleRows, currency) === null
                ? 'Waiting for every account to sync'
                : otherCurrency.length > 0
                  ? `In ${currency} only: ${otherCurrency.map((r) => `${r.name} (${r.currency})`).join(', ')} not added`
                  : null
            }
            {...card}
          />
        )}
        <h3 className="pt-2 text-sm font-semibold uppercase tracking-wide text-slate-500">Facebook</h3>
        {fbNotReady ? (
          <p className="text-sm text-slate-600">Your Facebook history is still loading.</p>
        ) : fbRows.length === 0 && !facebook.isError ? (
          <EmptyPlatformState platformLabel="Facebook" onConnect={() => setDialog('meta')} />
        ) : (
          fbRows.map((row) => (
            <AdMetricCard
              key={row.account_id}
              title={platformTitle('Facebook', row.account_name)}
              metrics={facebookMetrics(row)}
              compare={fbCompareRows ? facebookMetrics(fbCompareRows.find((r) => r.account_id === row.account_id)) : undefined}
              note={row.message}
              {...card}
              currency={row.currency ?? currency}
            />
          ))
        )}
        <h3 className="pt-2 text-sm font-semibold uppercase tracking-wide text-slate-500">Google Ads</h3>
        {googleNotReady ? (
          <p className="text-sm text-slate-600">Your Google Ads history is still loading.</p>
        ) : googleRows.length === 0 && !google.isError ? (
          <EmptyPlatformState platformLabel="Google" onConnect={() => setDialog('google_ads')} />
        ) : (
          googleRows.map((row) => (
            <AdMetricCard
              key={row.customerId}
              title={platformTitle('Google Ads', row.adAccountName)}
              metrics={googleMetrics(row)}
              compare={googleCompareRows ? googleMetrics(googleCompareRows.find((r) => r.customerId === row.customerId)) : undefined}
              note={row.message}
              {...card}
              currency={row.currency ?? currency}
            />
          ))
        )}
      </div>
      {dialogElement}
    </div>
  );
}
