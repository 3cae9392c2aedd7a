import { useLocation, useParams } from 'react-router';
import { ConnectGa4Flow } from '../../features/connections/components/connect-ga4-flow';
import { ConversionReportsScreen } from '../../features/analytics/components/conversion-reports-screen';
import { useBrand } from '../../features/connections/api/get-brand';
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
  useReportsRefreshOnSync(brandId);
  const ga4Connected = brand.data ? brand.data.ga4Account !== null && brand.data.ga4Account.PropertyID !== '' : undefined;
  const connectFlow = (
    <ConnectGa4Flow brandId={brandId} sentence="Connect this brand's GA4 property to see sessions and conversion rates by age, country, landing page and more." />
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
