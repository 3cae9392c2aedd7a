import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PRICING_MESSAGES } from '@parallels/contract/pricing';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../lib/paths';
import { confirmSubscription } from '../api/plan-page';

/** reports.md section 9: the redirect after a subscription callback error is 2 s. */
export const ERROR_REDIRECT_MS = 2000;

/**
 * /pricing_callback (reports.md "Return screens"): Shopify sent the merchant back with shop and charge_id; the
 * server checks the charge and activates the plan, then the dashboard. Errors stay 2 s, then the dashboard.
 */
export function PricingCallbackScreen() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const shop = search.get('shop');
  const chargeId = search.get('charge_id');

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const fail = (message: string) => {
      if (cancelled) return;
      setError(message);
      timer = setTimeout(() => navigate(paths.dashboard, { replace: true }), ERROR_REDIRECT_MS);
    };
    if (!shop || !chargeId) fail(PRICING_MESSAGES.missingParameters);
    else {
      confirmSubscription({ shop, chargeId })
        .then(async () => {
          await client.invalidateQueries({ queryKey: ['pricing'] });
          if (!cancelled) navigate(paths.dashboard, { replace: true });
        })
        .catch((e: unknown) => fail(e instanceof Error && e.message ? e.message : 'An error occurred'));
    }
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [shop, chargeId, navigate, client]);

  return (
    <main className="flex min-h-full items-center justify-center p-6">
      <div className="max-w-md text-center" role="status">
        {error ? (
          <>
            <p className="text-lg font-medium text-red-700">{`Error: ${error}`}</p>
            <p className="mt-2 text-sm text-slate-600">Redirecting to dashboard...</p>
          </>
        ) : (
          <>
            <Spinner label="Processing your subscription" />
            <p className="mt-4 text-lg font-medium">Processing your subscription...</p>
          </>
        )}
      </div>
    </main>
  );
}
