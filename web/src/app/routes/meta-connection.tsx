import { useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useBrand } from '../../features/connections/api/get-brand';
import { ConnectAccountDialog } from '../../features/connections/components/connect-account-dialog';
import { useConnectProvider } from '../../features/connections/hooks/use-connect-provider';
import { useBrandCurrencyLocale } from '../../lib/locale';

// What the three Meta screens share (spec/reports.md "Meta reports", "Meta campaigns", "Meta interest"): the
// connect flow when the brand has no fbAdAccounts, and the refresh prompt when the Facebook token needs renewing.

export const FACEBOOK_REFRESH_TEXT = 'Looks like we need to refresh your Facebook Ads connection to optimize your campaigns.';

/** The reconnect prompt 'Facebook Ads' with the spec's sentence and 'Connect Facebook Ads' (Facebook provider). */
export function FacebookRefreshPrompt() {
  const location = useLocation();
  const { connect, pending } = useConnectProvider();
  return (
    <Card role="region" aria-label="Facebook Ads" className="mb-4 flex flex-wrap items-center justify-between gap-3 border-amber-300 bg-amber-50 p-4">
      <div>
        <p className="font-semibold text-amber-900">Facebook Ads</p>
        <p className="text-sm text-amber-900">{FACEBOOK_REFRESH_TEXT}</p>
      </div>
      <Button busy={pending === 'meta'} onClick={() => void connect('meta', `${location.pathname}${location.search}`)}>
        Connect Facebook Ads
      </Button>
    </Card>
  );
}

/** No Facebook ad account on the brand: the connect-account flow (the dialog lists the user's ad accounts). */
function ConnectFacebookAds({ brandId }: { brandId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Card className="mx-auto mt-6 max-w-xl p-8 text-center" role="region" aria-labelledby="connect-facebook-ads">
      <h2 id="connect-facebook-ads" className="text-xl font-semibold">
        Connect Facebook Ads
      </h2>
      <p className="mt-2 text-sm text-slate-600">Add this brand's Meta ad accounts to see their reports here.</p>
      <Button className="mt-5" onClick={() => setOpen(true)}>
        Connect Facebook Ads
      </Button>
      <ConnectAccountDialog platform={open ? 'meta' : null} onClose={() => setOpen(false)} target={{ mode: 'brand', brandId, onSaved: () => window.location.reload() }} />
    </Card>
  );
}

/** Renders the screen only for a brand with Meta ad accounts; otherwise the connect flow. */
export function MetaAccountsGate({ brandId, children }: { brandId: string; children: ReactNode }) {
  const brand = useBrand(brandId);
  useBrandCurrencyLocale(brand.data?.currency);
  if (brand.isPending) return <Spinner label="Loading the brand" />;
  if (brand.data && brand.data.fbAdAccounts.length === 0) return <ConnectFacebookAds brandId={brandId} />;
  return <>{children}</>;
}
