import { useState } from 'react';
import type { Brand } from '@parallels/contract/brands';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { errorToast } from '../../../lib/toast-messages';
import type { AccountListScope } from '../api/account-list-scope';
import { useBrand } from '../api/get-brand';
import { useFacebookAdAccounts } from '../api/get-facebook-ad-accounts';
import { useGa4Properties } from '../api/get-ga4-properties';
import { useGoogleAdsAccounts } from '../api/get-google-ads-accounts';
import { useUpdateBrandAccounts } from '../api/update-brand-accounts';
import {
  DIALOG_TITLES,
  isLinked,
  linkedFromBrand,
  platformLabel,
  updateBodyFor,
  withAdded,
  withRemoved,
  type AccountOption,
  type ConnectPlatform,
  type LinkedAccounts,
} from '../utils/platforms';
import { AccountList, LIST_NOUNS } from './account-list';
import { ReconnectPrompt } from './reconnect-prompt';

/**
 * Where the picks go: an existing brand (PATCH /api/brands/update/:brandId), or the pending brand-setup
 * form while the brand does not exist yet (lists read with the user's own grant).
 */
export type ConnectTarget =
  | { mode: 'brand'; brandId: string; onSaved?: (brand: Brand) => void }
  | { mode: 'setup'; userId: string; accounts: LinkedAccounts; onAccountsChange: (next: LinkedAccounts) => void };

export interface ConnectAccountDialogProps {
  /** the open dialog's platform; null when closed */
  platform: ConnectPlatform | null;
  onClose: () => void;
  target: ConnectTarget;
}

/** The connect-account dialog for Facebook, Google Ads and GA4 (spec core.md sections 4, 5 and 8). */
export function ConnectAccountDialog({ platform, onClose, target }: ConnectAccountDialogProps) {
  return (
    <Dialog open={platform !== null} onClose={onClose} title={platform ? DIALOG_TITLES[platform] : 'Connect accounts'} className="max-w-xl">
      {platform && <ConnectAccountBody key={platform} platform={platform} onClose={onClose} target={target} />}
    </Dialog>
  );
}

function useAccountOptions(platform: ConnectPlatform, scope: AccountListScope) {
  const facebook = useFacebookAdAccounts(scope, platform === 'meta');
  const googleAds = useGoogleAdsAccounts(scope, platform === 'google_ads');
  const ga4 = useGa4Properties(scope, platform === 'ga4');
  return platform === 'meta' ? facebook : platform === 'google_ads' ? googleAds : ga4;
}

function ConnectAccountBody({ platform, onClose, target }: { platform: ConnectPlatform; onClose: () => void; target: ConnectTarget }) {
  const { toast } = useToast();
  const brandId = target.mode === 'brand' ? target.brandId : undefined;
  const list = useAccountOptions(platform, brandId ? { brandId } : { userId: target.mode === 'setup' ? target.userId : '' });
  const brand = useBrand(brandId);
  const update = useUpdateBrandAccounts(brandId ?? '');
  const [selectedKeys, setSelectedKeys] = useState<string[]>([]);
  const [removingKey, setRemovingKey] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const linked: LinkedAccounts | null = target.mode === 'setup' ? target.accounts : brand.data ? linkedFromBrand(brand.data) : null;
  const options = list.data ?? [];
  const label = platformLabel(platform);

  const commit = async (next: LinkedAccounts) => {
    if (target.mode === 'setup') return target.onAccountsChange(next);
    const saved = await update.mutateAsync(updateBodyFor(platform, next));
    target.onSaved?.(saved);
  };

  const save = async () => {
    const picks = selectedKeys.map((k) => options.find((o) => o.key === k)).filter((o): o is AccountOption => o !== undefined);
    // spec core.md section 5: nothing is saved when nothing is selected.
    if (!linked || picks.length === 0) return;
    // GA4 keeps a single property: the first one selected.
    const connected = platform === 'ga4' ? picks.slice(0, 1) : picks;
    setSaving(true);
    try {
      await commit(withAdded(platform, linked, connected));
      toast({ title: `Successfully connected ${connected.map((o) => o.name).join(', ')} to ${label}` });
      onClose();
    } catch (error) {
      toast(errorToast(error));
      setSaving(false);
    }
  };

  const remove = async (option: AccountOption) => {
    if (!linked) return;
    setRemovingKey(option.key);
    try {
      await commit(withRemoved(platform, linked, option));
      toast({ title: `Removed ${option.name} from ${label}` });
    } catch (error) {
      toast(errorToast(error));
    } finally {
      setRemovingKey(null);
    }
  };

  if (list.isPending || (brandId && brand.isPending)) {
    return (
      <div>
        <Spinner label={`Loading ${LIST_NOUNS[platform]}`} />
        <p className="text-center text-sm text-slate-500">Loading…</p>
      </div>
    );
  }
  if (list.isError) return <ReconnectPrompt platform={platform} error={list.error} />;
  if (!linked) {
    return (
      <p role="alert" className="py-6 text-center text-sm text-red-600">
        {brand.error?.message || 'This brand could not be loaded.'}
      </p>
    );
  }

  return (
    <AccountList
      platform={platform}
      options={options}
      isLinked={(o) => isLinked(platform, linked, o)}
      selectedKeys={selectedKeys}
      onToggle={(o) => setSelectedKeys((keys) => (keys.includes(o.key) ? keys.filter((k) => k !== o.key) : [...keys, o.key]))}
      onSave={() => void save()}
      saving={saving}
      onRemove={(o) => void remove(o)}
      removingKey={removingKey}
    />
  );
}
