import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { User } from '@parallels/contract/auth';
import { brandNameSchema, type Platform } from '@parallels/contract/brands';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useCreateBrand } from '../hooks/use-create-brand';
import {
  addBrandBody,
  clearPendingBrandSetup,
  connectedPlatforms,
  loadPendingBrandSetup,
  savePendingBrandSetup,
  SHOPIFY_RETURN_PARAMS,
  shopifyReturn,
  type PendingAccounts,
} from '../utils/pending-brand-setup';
import { ConnectedPlatformsSummary, PlatformCards } from './platform-cards';
import { InfoCards, ProTips, SetupSteps } from './setup-guide';
import { ShopifyDialog } from './shopify-dialog';

export type SetupDialogPlatform = Exclude<Platform, 'shopify'>;

/** What the connect-account dialog needs in setup mode: the picks go into the pending form. */
export interface SetupConnectDialogProps {
  accounts: PendingAccounts;
  onAccountsChange: (next: PendingAccounts) => void;
}

export interface BrandSetupScreenProps {
  user: User;
  /** Facebook, Google Ads and GA4 open the connect dialog, which the route owns (it also answers ?openModal=) */
  onOpenConnectDialog: (platform: SetupDialogPlatform) => void;
  renderConnectDialog: (props: SetupConnectDialogProps) => ReactNode;
}

/** /first-time-brand-setup and /brand-setup (spec core.md sections 2, 4, 5 and 8). */
export function BrandSetupScreen({ user, onOpenConnectDialog, renderConnectDialog }: BrandSetupScreenProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const { toast } = useToast();
  const createBrand = useCreateBrand(user);
  const [form, setForm] = useState(() => {
    const saved = loadPendingBrandSetup(user.id);
    const shopify = shopifyReturn(searchParams);
    return shopify ? { ...saved, shopify } : saved;
  });
  const [nameTouched, setNameTouched] = useState(false);
  const [shopifyOpen, setShopifyOpen] = useState(false);

  useEffect(() => savePendingBrandSetup(form), [form]);

  // Once the store is in the form, Shopify's return parameters leave the URL.
  const returnedShop = shopifyReturn(searchParams)?.shopName;
  useEffect(() => {
    if (!returnedShop) return;
    toast({ title: `Successfully connected ${returnedShop} to Shopify` });
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const p of SHOPIFY_RETURN_PARAMS) next.delete(p);
        return next;
      },
      { replace: true },
    );
  }, [returnedShop, setSearchParams, toast]);

  const connected = connectedPlatforms(form);
  const name = brandNameSchema.safeParse(form.brandName);
  const nameError = nameTouched && !name.success ? name.error.issues[0]?.message : undefined;
  // spec core.md section 4: enabled only with a brand name and at least one connected platform.
  const canComplete = name.success && connected.length > 0;

  const openPlatform = (platform: Platform) => (platform === 'shopify' ? setShopifyOpen(true) : onOpenConnectDialog(platform));

  const complete = async () => {
    try {
      await createBrand.mutateAsync(addBrandBody(form));
      clearPendingBrandSetup();
      toast({ title: 'Brand setup completed successfully!' });
      navigate(paths.dashboard);
    } catch (error) {
      toast({
        title: 'Error creating brand. Please try again.',
        description: error instanceof ApiError ? error.message : undefined,
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <section aria-labelledby="brand-setup-welcome" className="rounded-2xl bg-gradient-to-r from-brand-600 to-brand-700 p-6 text-white">
        <h2 id="brand-setup-welcome" className="text-2xl font-semibold">{`Welcome, ${user.username}!`}</h2>
        <p className="mt-1 text-sm text-white/85">Name your brand and connect your platforms to see all your numbers in one place.</p>
      </section>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card className="p-5">
            <TextField
              label="Brand Name"
              name="brandName"
              placeholder="e.g. Sun Kissed Co"
              value={form.brandName}
              onChange={(e) => {
                const brandName = e.target.value;
                setForm((f) => ({ ...f, brandName }));
              }}
              onBlur={() => setNameTouched(true)}
              error={nameError}
            />
          </Card>

          <section aria-labelledby="brand-setup-platforms">
            <h2 id="brand-setup-platforms" className="mb-3 font-semibold">
              Connect Your Platforms
            </h2>
            <PlatformCards connected={connected} onOpen={openPlatform} />
          </section>

          <ConnectedPlatformsSummary connected={connected} form={form} />

          <div className="flex justify-end">
            <Button disabled={!canComplete} busy={createBrand.isPending} onClick={() => void complete()}>
              Complete Setup
            </Button>
          </div>
        </div>

        <aside className="space-y-6" aria-label="Setup guide">
          <SetupSteps named={name.success} connected={connected.length > 0} />
          <ProTips />
        </aside>
      </div>

      <InfoCards />

      <ShopifyDialog open={shopifyOpen} onClose={() => setShopifyOpen(false)} source={location.pathname} />
      {renderConnectDialog({ accounts: form.accounts, onAccountsChange: (accounts) => setForm((f) => ({ ...f, accounts })) })}
    </div>
  );
}
