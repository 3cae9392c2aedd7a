import { useState, type ReactNode } from 'react';
import type { User } from '@parallels/contract/auth';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Tabs, type TabItem } from '../../../components/ui/tabs';
import { useToast } from '../../../components/ui/toast';
import { redirectTo } from '../../../lib/browser';
import { paths } from '../../../lib/paths';
import { errorToast } from '../../../lib/toast-messages';
import { useStartZohoConnect } from '../api/start-zoho-connect';

/**
 * /profile (spec core.md sections 2 and 6): who is signed in, the Brands tab, and for admins only the
 * Support tab with the help-desk connection. The brand list comes from the route (features stay apart).
 */
export function ProfileScreen({ user, brandsPanel }: { user: User; brandsPanel: ReactNode }) {
  const [tab, setTab] = useState('brands');
  const items: TabItem[] = [{ id: 'brands', label: 'Brands', panel: brandsPanel }];
  if (user.isAdmin) items.push({ id: 'support', label: 'Support', panel: <SupportPanel /> });

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Card className="flex items-center gap-4 p-6">
        <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-brand-600 text-2xl font-semibold text-white" aria-hidden>
          {user.username.slice(0, 1).toUpperCase()}
        </span>
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="truncate text-xl font-semibold">{user.username}</h2>
            {user.isAdmin && <Badge tone="brand">Administrator</Badge>}
          </div>
          <p className="truncate text-sm text-slate-600">{user.email}</p>
        </div>
      </Card>
      <Card className="p-6">
        <Tabs label="Profile sections" items={items} selected={tab} onSelect={setTab} />
      </Card>
    </div>
  );
}

function SupportPanel() {
  const start = useStartZohoConnect();
  const { toast } = useToast();
  const [leaving, setLeaving] = useState(false);
  const connect = async () => {
    setLeaving(true);
    try {
      redirectTo(await start.mutateAsync(paths.profile));
    } catch (error) {
      setLeaving(false);
      toast(errorToast(error));
    }
  };
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">Connect the Zoho Desk help desk so support tickets raised in the app reach your team.</p>
      <Button busy={leaving} onClick={() => void connect()}>
        Connect Zoho Desk
      </Button>
    </div>
  );
}
