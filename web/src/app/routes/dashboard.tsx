import { Navigate, useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PlaceholderScreen } from '../../components/ui/placeholder-screen';
import { ConnectAccountDialog } from '../../features/connections/components/connect-account-dialog';
import { useOpenModalParam } from '../../features/connections/hooks/use-open-modal-param';
import { useBrand } from '../../features/connections/api/get-brand';
import { LoadingScreen } from '../../features/sync-status/components/loading-screen';
import { ConnectionSyncList } from '../../features/sync-status/components/connection-sync-list';
import { useLiveConnections } from '../../features/sync-status/hooks/use-live-connections';
import { brandSyncProgress } from '../../features/sync-status/utils/sync-progress';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session-store';

const CONNECT_CARDS = [
  { platform: 'meta', label: 'Facebook' },
  { platform: 'google_ads', label: 'Google Ads' },
  { platform: 'ga4', label: 'Google Analytics' },
] as const;

export function DashboardRoute() {
  const { user } = useSession();
  const location = useLocation();
  // spec core.md section 2: a user with no brands is sent to /brand-setup (an openModal travels along).
  if (user && user.brands.length === 0) return <Navigate to={`${paths.brandSetup}${location.search}`} replace />;
  return <Dashboard />;
}

function Dashboard() {
  const { user, selectedBrandId } = useSession();
  // ?openModal=googleads|googleanalytics|facebook opens that dialog for the selected brand, then leaves the URL.
  const [dialog, setDialog] = useOpenModalParam();
  // The brand's connections with their sync state, kept current by the realtime backfill-progress events.
  const brand = useBrand(selectedBrandId ?? undefined);
  const connections = useLiveConnections(selectedBrandId ?? undefined, brand.data?.connections ?? []);
  const sync = brandSyncProgress(connections);

  return (
    <div>
      <h2 className="text-2xl font-semibold">Welcome Back, {user?.username}</h2>
      {selectedBrandId && (
        <Card className="mt-6 p-5">
          <h3 className="font-semibold">Connect Your Platforms</h3>
          <p className="mt-1 text-sm text-slate-600">Add or remove the accounts this brand reports on.</p>
          <div className="mt-3 flex flex-wrap gap-2">
            {CONNECT_CARDS.map((c) => (
              <Button key={c.platform} variant="secondary" onClick={() => setDialog(c.platform)}>
                {c.label}
              </Button>
            ))}
          </div>
        </Card>
      )}
      {connections.length > 0 && !sync.loaded && <LoadingScreen progress={sync.progress} loaded={sync.loaded} />}
      {connections.length > 0 && (
        <Card className="mt-6 p-5">
          <h3 className="mb-3 font-semibold">Data sync</h3>
          <ConnectionSyncList connections={connections} />
        </Card>
      )}
      <PlaceholderScreen title="Your dashboard is on its way" description="Connect your platforms to see yesterday, the last 7 days and the last 30 days at a glance." />
      {selectedBrandId && <ConnectAccountDialog platform={dialog} onClose={() => setDialog(null)} target={{ mode: 'brand', brandId: selectedBrandId }} />}
    </div>
  );
}
