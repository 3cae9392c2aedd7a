import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useBrand } from '../../features/connections/api/get-brand';
import { ConnectAccountDialog } from '../../features/connections/components/connect-account-dialog';
import { useConnectProvider } from '../../features/connections/hooks/use-connect-provider';
import { GoogleReportsScreen } from '../../features/google-reports/components/google-reports-screen';
import { PreparingScreen } from '../../features/sync-status/components/preparing-screen';
import { useDateRange } from '../../lib/date-range';
import { useBrandCurrencyLocale } from '../../lib/locale';
import { useReportsRefreshOnSync } from '../../lib/report-request';
import { useSession } from '../../lib/session-store';

export function GoogleReportsRoute() {
  const { brandId } = useParams();
  if (!brandId) return null;
  return <GoogleReports key={brandId} brandId={brandId} />;
}

/** spec/reports.md "Google Ads reports" (/google-reports/{brandId}): shown only when the brand has a Google Ads account. */
function GoogleReports({ brandId }: { brandId: string }) {
  const { user } = useSession();
  const { range } = useDateRange();
  const location = useLocation();
  const brand = useBrand(brandId);
  const { connect, pending } = useConnectProvider();
  const [dialog, setDialog] = useState(false);
  useBrandCurrencyLocale(brand.data?.currency);
  useReportsRefreshOnSync(brandId);

  if (brand.isPending) return <Spinner label="Loading the brand" />;
  const hasGoogleAds = (brand.data?.connections ?? []).some((c) => c.platform === 'google_ads');
  if (!hasGoogleAds) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-xl border border-slate-200 bg-white p-6">
        <p className="text-sm text-slate-700">No Google Ad Account connected for this brand.</p>
        <Button onClick={() => setDialog(true)}>Connect Google Ads</Button>
        {/* spec: the connect flow; on success the page reloads */}
        <ConnectAccountDialog platform={dialog ? 'google_ads' : null} onClose={() => setDialog(false)} target={{ mode: 'brand', brandId, onSaved: () => window.location.reload() }} />
      </div>
    );
  }
  return (
    <GoogleReportsScreen
      brandId={brandId}
      userId={user?.id}
      range={{ from: range.from, to: range.to }}
      preparing={<PreparingScreen brandId={brandId} />}
      reconnect={
        <Button variant="secondary" busy={pending === 'google_ads'} onClick={() => void connect('google_ads', location.pathname)}>
          Connect Google Ads
        </Button>
      }
    />
  );
}
