import { Navigate } from 'react-router';
import { BrandList } from '../../features/brands/components/brand-list';
import { useBrand } from '../../features/connections/api/get-brand';
import { EmailReportSettings } from '../../features/email-reports/components/email-report-settings';
import { ProfileScreen } from '../../features/profile/components/profile-screen';
import { TutorialSettings } from '../../features/tutorials/components/tutorial-settings';
import { ConnectionSyncList } from '../../features/sync-status/components/connection-sync-list';
import { useLiveConnections } from '../../features/sync-status/hooks/use-live-connections';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session-store';

export function ProfileRoute() {
  const { user } = useSession();
  if (!user) return <Navigate to={paths.login} replace />;
  return (
    <ProfileScreen
      user={user}
      brandsPanel={<BrandList user={user} renderBrandDetails={(brandId) => <BrandSyncStatus brandId={brandId} />} />}
      tutorialsPanel={<TutorialSettings />}
      emailReportsPanel={<EmailReportSettings />}
    />
  );
}

/** Under each brand: its connections' sync status, kept moving by the realtime backfill events. */
function BrandSyncStatus({ brandId }: { brandId: string }) {
  const brandQuery = useBrand(brandId);
  const connections = useLiveConnections(brandId, brandQuery.data?.connections ?? NO_CONNECTIONS);
  if (brandQuery.isPending) return <p className="text-xs text-slate-500">Loading sync status…</p>;
  // The brand's own error message would read as if the brand list failed; keep this one local.
  if (brandQuery.isError) return <p className="text-xs text-slate-500">Sync status is unavailable right now.</p>;
  return <ConnectionSyncList connections={connections} />;
}

const NO_CONNECTIONS: never[] = [];
