import { PLATFORM_LABELS, PLATFORMS, type Platform } from '@parallels/contract/brands';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import type { PendingBrandSetup } from '../utils/pending-brand-setup';

const DESCRIPTIONS: Record<Platform, string> = {
  shopify: 'Orders, sales and refunds from your store',
  meta: 'Spend, revenue and ROAS from your ad accounts',
  google_ads: 'Campaigns, search terms and conversions',
  ga4: 'Sessions and the funnel from your property',
};

/** What the Connected Platforms summary says about one platform. */
export function connectionSummary(platform: Platform, form: PendingBrandSetup): string {
  const { accounts } = form;
  const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  if (platform === 'shopify') return form.shopify ? `${form.shopify.shopName}.myshopify.com` : '';
  if (platform === 'meta') return count(accounts.fbAdAccounts.length, 'ad account');
  if (platform === 'google_ads') return count(accounts.googleAdAccount.length, 'account');
  return accounts.ga4PropertyId ? `Property ${accounts.ga4PropertyId}` : '';
}

/** The four platform cards; each opens its own dialog. */
export function PlatformCards({ connected, onOpen }: { connected: Platform[]; onOpen: (platform: Platform) => void }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {PLATFORMS.map((p) => {
        const isConnected = connected.includes(p);
        return (
          <Card key={p} className="flex flex-col justify-between gap-4 p-5">
            <div>
              <div className="flex items-center justify-between gap-2">
                <h3 id={`platform-card-${p}`} className="font-semibold">
                  {PLATFORM_LABELS[p]}
                </h3>
                <Badge tone={isConnected ? 'success' : 'neutral'}>{isConnected ? 'Connected' : 'Not connected'}</Badge>
              </div>
              <p className="mt-1 text-sm text-slate-600">{DESCRIPTIONS[p]}</p>
            </div>
            {/* named "Connect Shopify" / "Manage Facebook" by its word and the card's heading */}
            <Button id={`platform-card-${p}-action`} aria-labelledby={`platform-card-${p}-action platform-card-${p}`} variant={isConnected ? 'secondary' : 'primary'} onClick={() => onOpen(p)}>
              {isConnected ? 'Manage' : 'Connect'}
            </Button>
          </Card>
        );
      })}
    </div>
  );
}

export function ConnectedPlatformsSummary({ connected, form }: { connected: Platform[]; form: PendingBrandSetup }) {
  return (
    <Card className="p-5">
      <h2 className="font-semibold">Connected Platforms</h2>
      {connected.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">No platforms connected yet. Connect at least one to finish.</p>
      ) : (
        <ul aria-label="Connected platforms" className="mt-3 space-y-2">
          {connected.map((p) => (
            <li key={p} className="flex items-center justify-between text-sm">
              <span className="font-medium">{PLATFORM_LABELS[p]}</span>
              <span className="text-slate-500">{connectionSummary(p, form)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
