import { Navigate, useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { OtherCurrencyNotice, ReconnectNotice, ReportLoading } from '../../components/report-table/report-state';
import { ConnectAccountDialog } from '../../features/connections/components/connect-account-dialog';
import { useOpenModalParam } from '../../features/connections/hooks/use-open-modal-param';
import { useBrand } from '../../features/connections/api/get-brand';
import { ConnectPlatformsPanel } from '../../features/performance-overview/components/connect-platforms-panel';
import { OverviewCard } from '../../features/performance-overview/components/overview-card';
import { useOverview } from '../../features/performance-overview/hooks/use-overview';
import { PERIOD_TITLES } from '../../features/performance-overview/utils/overview-metrics';
import { LoadingScreen, useLoadingCardVisible } from '../../features/sync-status/components/loading-screen';
import { PreparingScreen } from '../../features/sync-status/components/preparing-screen';
import { ConnectionSyncList } from '../../features/sync-status/components/connection-sync-list';
import { useLiveConnections } from '../../features/sync-status/hooks/use-live-connections';
import { brandSyncProgress, loadingPhrases } from '../../features/sync-status/utils/sync-progress';
import { useDateRange } from '../../lib/date-range';
import { useBrandCurrencyLocale, useLocale } from '../../lib/locale';
import { paths } from '../../lib/paths';
import { useReportsRefreshOnSync } from '../../lib/report-request';
import { useSession } from '../../lib/session-store';

export function DashboardRoute() {
  const { user } = useSession();
  const location = useLocation();
  // spec core.md section 2: a user with no brands is sent to /brand-setup (an openModal travels along).
  if (user && user.brands.length === 0) return <Navigate to={`${paths.brandSetup}${location.search}`} replace />;
  return <Dashboard />;
}

function Dashboard() {
  const { user, selectedBrandId } = useSession();
  const brandId = selectedBrandId ?? undefined;
  // ?openModal=googleads|googleanalytics|facebook opens that dialog for the selected brand, then leaves the URL.
  const [dialog, setDialog] = useOpenModalParam();
  // The brand's connections with their sync state, kept current by the realtime backfill-progress events.
  const brand = useBrand(brandId);
  const connections = useLiveConnections(brandId, brand.data?.connections ?? []);
  const sync = brandSyncProgress(connections);
  const loadingCardVisible = useLoadingCardVisible(connections.length === 0 || sync.loaded);
  const { range } = useDateRange();
  useBrandCurrencyLocale(brand.data?.currency);
  const [locale] = useLocale();
  const overview = useOverview(brandId, range);
  useReportsRefreshOnSync(brandId);

  const refresh = () => {
    void brand.refetch();
    void overview.refetch();
  };

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-2xl font-semibold">Welcome Back, {user?.username}</h2>
        {brandId && (
          <Button variant="secondary" onClick={refresh} busy={overview.fetching} aria-label="Refresh dashboard">
            Refresh
          </Button>
        )}
      </div>
      {brandId && <ConnectPlatformsPanel sources={overview.sources} onConnect={setDialog} />}
      {connections.length > 0 && loadingCardVisible && <LoadingScreen progress={sync.progress} loaded={sync.loaded} phrases={loadingPhrases(connections)} />}
      {brandId &&
        (overview.preparing ? (
          <PreparingScreen brandId={brandId} progress={sync.progress} />
        ) : overview.loading ? (
          <ReportLoading label="Loading your performance overview" />
        ) : (
          <section className="mt-6" aria-labelledby="performance-overview">
            <h3 id="performance-overview" className="sr-only">
              Performance overview
            </h3>
            {overview.sources.map((s) =>
              s.state.kind === 'ready' && s.state.reconnectMessage ? <ReconnectNotice key={s.source} source={s.label} message={s.state.reconnectMessage} /> : null,
            )}
            <OtherCurrencyNotice accounts={overview.sources.flatMap((s) => ('summary' in s.state ? (s.state.summary.otherCurrencyAccounts ?? []) : []))} />
            <div className="grid gap-4 md:grid-cols-2 2xl:grid-cols-4">
              {(Object.keys(PERIOD_TITLES) as Array<keyof typeof PERIOD_TITLES>).map((period) => (
                <OverviewCard key={period} title={PERIOD_TITLES[period]} period={period} sources={overview.sources} locale={locale} />
              ))}
              <OverviewCard title="Selected Range" period="custom" sources={overview.sources} locale={locale} requestedTo={range.to} />
            </div>
          </section>
        ))}
      {connections.length > 0 && (
        <Card className="mt-6 p-5">
          <h3 className="mb-3 font-semibold">Data sync</h3>
          <ConnectionSyncList connections={connections} />
        </Card>
      )}
      {/* the floating support button (bottom right) is placed over this space */}
      <div className="h-20" aria-hidden />
      {brandId && <ConnectAccountDialog platform={dialog} onClose={() => setDialog(null)} target={{ mode: 'brand', brandId }} />}
    </div>
  );
}
