import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConnectAccountDialog } from './connect-account-dialog';

/**
 * The connect flow the GA4 report screens (Conversion Reports, E-Commerce Reports) show when the brand has no GA4
 * property: a card whose button opens the connect-account dialog for Google Analytics; on success the page reloads
 * (spec/reports.md, as the Google Ads and Meta screens do for their platform).
 */
export function ConnectGa4Flow({ brandId, sentence }: { brandId: string; sentence: string }) {
  const [dialogOpen, setDialogOpen] = useState(false);
  return (
    <>
      <Card role="region" aria-labelledby="connect-ga4" className="mx-auto mt-6 max-w-xl p-8 text-center">
        <h2 id="connect-ga4" className="text-lg font-semibold">
          Connect Google Analytics
        </h2>
        <p className="mt-2 text-sm text-slate-600">{sentence}</p>
        <Button className="mt-4" onClick={() => setDialogOpen(true)}>
          Connect Google Analytics
        </Button>
      </Card>
      <ConnectAccountDialog platform={dialogOpen ? 'ga4' : null} onClose={() => setDialogOpen(false)} target={{ mode: 'brand', brandId, onSaved: () => window.location.reload() }} />
    </>
  );
}
