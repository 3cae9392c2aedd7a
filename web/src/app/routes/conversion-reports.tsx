import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConversionReportsScreen } from '../../features/analytics/components/conversion-reports-screen';
import { useBrand } from '../../features/connections/api/get-brand';
import { ConnectAccountDialog } from '../../features/connections/components/connect-account-dialog';
import { useConnectProvider } from '../../features/connections/hooks/use-connect-provider';
import { PreparingScreen } from '../../features/sync-status/components/preparing-screen';
import { useDateRange } from '../../lib/date-range';
import { useReportsRefreshOnSync } from '../../lib/report-request';

export function ConversionReportsRoute() {
  const { brandId } = useParams();
  if (!brandId) return null;
  return <ConversionReports key={brandId} brandId={brandId} />;
}

/** spec/reports.md "Conversion reports" (/conversion-reports/{brandId}, and /demographics for the tutorial). */
function ConversionReports({ brandId }: { brandId: string }) {
  const { range } = useDateRange();
  const location = useLocation();
  const brand = useBrand(brandId);
  const { connect } = useConnectProvider();
  const [dialogOpen, setDialogOpen] = useState(false);
  useReportsRefreshOnSync(brandId);
  const ga4Connected = brand.data ? brand.data.ga4Account !== null && brand.data.ga4Account.PropertyID !== '' : undefined;
  const connectFlow = (
    <>
      <Card role="region" aria-labelledby="connect-ga4" className="mx-auto mt-6 max-w-xl p-8 text-center">
        <h2 id="connect-ga4" className="text-lg font-semibold">
          Connect Google Analytics
        </h2>
        <p className="mt-2 text-sm text-slate-600">Connect this brand&apos;s GA4 property to see sessions and conversion rates by age, country, landing page and more.</p>
        <Button className="mt-4" onClick={() => setDialogOpen(true)}>
          Connect Google Analytics
        </Button>
      </Card>
      <ConnectAccountDialog platform={dialogOpen ? 'ga4' : null} onClose={() => setDialogOpen(false)} target={{ mode: 'brand', brandId, onSaved: () => window.location.reload() }} />
    </>
  );
  return (
    <ConversionReportsScreen
      brandId={brandId}
      range={range.from && range.to ? { from: range.from, to: range.to } : null}
      ga4Connected={ga4Connected}
      connectFlow={connectFlow}
      onReconnect={() => void connect('ga4', `${location.pathname}${location.search}`)}
      preparing={<PreparingScreen brandId={brandId} />}
    />
  );
}
