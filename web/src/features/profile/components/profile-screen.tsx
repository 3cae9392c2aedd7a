import { useState, type ReactNode } from 'react';
import type { User } from '@parallels/contract/auth';
import type { SupportTicket } from '@parallels/contract/support';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Tabs, type TabItem } from '../../../components/ui/tabs';
import { useToast } from '../../../components/ui/toast';
import { redirectTo } from '../../../lib/browser';
import { paths } from '../../../lib/paths';
import { errorToast } from '../../../lib/toast-messages';
import { useStartZohoConnect } from '../api/start-zoho-connect';
import { useHelpDeskStatus, useRetryTicket } from '../api/get-help-desk-status';

/**
 * /profile (spec core.md sections 2 and 6): who is signed in, the Brands tab, and for admins only the
 * Support tab with the help-desk connection. The brand list comes from the route (features stay apart).
 */
export function ProfileScreen({ user, brandsPanel, tutorialsPanel, emailReportsPanel }: { user: User; brandsPanel: ReactNode; tutorialsPanel?: ReactNode; emailReportsPanel?: ReactNode }) {
  const [tab, setTab] = useState('brands');
  const items: TabItem[] = [{ id: 'brands', label: 'Brands', panel: brandsPanel }];
  if (user.isAdmin) items.push({ id: 'support', label: 'Support', panel: <SupportPanel /> });
  if (emailReportsPanel) items.push({ id: 'email-reports', label: 'Email reports', panel: emailReportsPanel });
  if (tutorialsPanel) items.push({ id: 'tutorials', label: 'Tutorials', panel: tutorialsPanel });

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

const TICKET_STATE: Record<SupportTicket['status'], { label: string; tone: string }> = {
  sent: { label: 'Sent', tone: 'bg-emerald-50 text-emerald-700' },
  queued: { label: 'Waiting to retry', tone: 'bg-amber-50 text-amber-800' },
  failed: { label: 'Failed', tone: 'bg-red-50 text-red-700' },
};

function SupportPanel() {
  const start = useStartZohoConnect();
  const status = useHelpDeskStatus();
  const retry = useRetryTicket();
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
  const desk = status.data;
  return (
    <div className="space-y-5">
      <div className="space-y-3">
        <p className="text-sm text-slate-600">Connect the Zoho Desk help desk so support tickets raised in the app reach your team.</p>
        {desk?.connected && (
          <p className="text-sm">
            Connected to <span className="font-medium">{desk.organization}</span>
            {desk.connectedAt && <span className="text-slate-500"> since {new Date(desk.connectedAt).toLocaleDateString()}</span>}
          </p>
        )}
        {status.isError && <p className="text-sm text-red-600">{status.error.message}</p>}
        <Button busy={leaving} onClick={() => void connect()}>
          {desk?.connected ? 'Reconnect Zoho Desk' : 'Connect Zoho Desk'}
        </Button>
      </div>
      {desk && (
        <section aria-label="Support tickets">
          <h3 className="mb-2 text-sm font-semibold text-slate-800">Latest tickets</h3>
          {desk.tickets.length === 0 ? (
            <p className="text-sm text-slate-500">No tickets yet.</p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
              {desk.tickets.map((t) => (
                <li key={t.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3 text-sm">
                  <span className="min-w-0 flex-1 truncate font-medium">{t.ticketNumber ? `#${t.ticketNumber} ` : ''}{t.subject}</span>
                  <span className="text-slate-500">{t.brand}</span>
                  <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${TICKET_STATE[t.status].tone}`}>{TICKET_STATE[t.status].label}</span>
                  {t.status !== 'sent' && (
                    <Button variant="secondary" className="px-3 py-1" busy={retry.isPending && retry.variables === t.id} onClick={() => retry.mutate(t.id, { onError: (e) => toast(errorToast(e)) })}>
                      Retry
                    </Button>
                  )}
                  {t.lastError && t.status !== 'sent' && <p className="w-full text-xs text-slate-500">{t.lastError}</p>}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
