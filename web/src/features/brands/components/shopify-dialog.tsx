import { useState, type FormEvent } from 'react';
import { storeNameSchema } from '@parallels/contract/brands';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { redirectTo } from '../../../lib/browser';
import { useStartShopifyConnect } from '../api/start-shopify-connect';

/** The Shopify card's dialog: the store name without .myshopify.com, then Shopify's consent page. */
export function ShopifyDialog({ open, onClose, source }: { open: boolean; onClose: () => void; source: string }) {
  const [shop, setShop] = useState('');
  const [error, setError] = useState<string>();
  const start = useStartShopifyConnect();
  const { toast } = useToast();
  const [leaving, setLeaving] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!shop.trim()) return setError('Shop name is required');
    const parsed = storeNameSchema.safeParse(shop);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    try {
      setLeaving(true);
      redirectTo(await start.mutateAsync({ shop: parsed.data, source }));
    } catch {
      setLeaving(false);
      toast({ title: 'Failed to connect to Shopify', variant: 'destructive' });
    }
  };

  return (
    <Dialog open={open} onClose={onClose} title="Connect Shopify" className="max-w-md">
      <form onSubmit={onSubmit} noValidate>
        <p className="mb-4 text-sm text-slate-600">Enter your store name. Shopify asks you to approve the connection, then brings you back here.</p>
        <div className="flex items-end gap-2">
          <TextField
            className="flex-1"
            label="Store name"
            name="shop"
            placeholder="your-store"
            value={shop}
            onChange={(e) => {
              setShop(e.target.value);
              setError(undefined);
            }}
            error={error}
            hint="Without .myshopify.com"
            autoFocus
          />
          <span className="pb-2 text-sm text-slate-500" aria-hidden>
            .myshopify.com
          </span>
        </div>
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={leaving}>
            Continue to Shopify
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
