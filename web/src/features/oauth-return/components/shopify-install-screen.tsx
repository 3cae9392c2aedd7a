import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { shopifyInstallResponseSchema } from '@parallels/contract/oauth';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ApiError } from '../../../lib/api-client';
import { redirectTo } from '../../../lib/browser';
import { paths } from '../../../lib/paths';
import { shopifyInstall } from '../api/shopify-install';

/** The words on the Authentication Error card: the server's `error`, the failure's message, or a fallback. */
function installErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const body = shopifyInstallResponseSchema.safeParse(error.body);
    if (body.success && body.data.error) return body.data.error;
  }
  return error instanceof Error && error.message ? error.message : 'An error occurred';
}

/**
 * /shopify: installing the app from the Shopify admin lands here with shop, hmac, timestamp, host...;
 * the server checks them and answers the consent URL (spec reports.md "Return screens").
 */
export function ShopifyInstallScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const hasShop = Boolean(params.get('shop'));
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (!hasShop || started.current) return;
    started.current = true;
    shopifyInstall(Object.fromEntries(params))
      .then((res) => {
        if (res.success && res.authUrl) redirectTo(res.authUrl);
        else setError(res.error || 'Failed to get authorization URL');
      })
      .catch((e: unknown) => setError(installErrorMessage(e)));
  }, [hasShop, params]);

  const message = hasShop ? error : 'Shop parameter is missing';
  if (message) {
    return (
      <main className="flex min-h-full items-center justify-center px-6">
        <Card role="alert" className="w-full max-w-md p-8 text-center">
          <h1 className="text-xl font-semibold text-red-700">Authentication Error</h1>
          <p className="mt-2 text-sm text-slate-600">{message}</p>
          <Button className="mt-6" onClick={() => navigate(paths.home)}>
            Return to Home
          </Button>
        </Card>
      </main>
    );
  }
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-2 px-6">
      <div role="status" className="flex flex-col items-center gap-3">
        <span className="h-8 w-8 animate-spin rounded-full border-2 border-brand-600 border-t-transparent" aria-hidden />
        <p className="text-lg font-medium">Connecting to Dashboard...</p>
      </div>
    </main>
  );
}
