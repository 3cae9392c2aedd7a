import { brandDisplayName } from '@parallels/contract/brands';
import type { EmailSettings } from '@parallels/contract/email-reports';
import { useToast } from '../../../components/ui/toast';
import { Switch } from '../../../components/ui/switch';
import { errorToast } from '../../../lib/toast-messages';
import { useEmailSettings, useUpdateEmailSettings } from '../api/email-settings';
import { AlertRules } from './alert-rules';

type Switch = 'daily' | 'weekly' | 'alerts';

const SWITCHES: Array<{ key: Switch; label: string; description: string }> = [
  { key: 'daily', label: 'Daily report', description: "Yesterday's sales, spend, ROAS, sessions and conversion rate, at 07:00 in the brand's timezone." },
  { key: 'weekly', label: 'Weekly report', description: 'Last week against the week before, on Mondays at 07:00.' },
  { key: 'alerts', label: 'Alert emails', description: 'An email when an alert fires or resolves (it always shows in your notifications).' },
];


/** Profile, 'Email reports': per brand, which emails the user gets. Every email has an unsubscribe link too. */
export function EmailReportSettings() {
  const settings = useEmailSettings();
  if (settings.isPending) return <p className="text-sm text-slate-500">Loading email settings…</p>;
  if (settings.isError) return <p className="text-sm text-red-600">{settings.error.message}</p>;
  if (settings.data.length === 0) return <p className="text-sm text-slate-500">Add a brand to get email reports about it.</p>;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">Choose the emails you get for each brand. They are off until you turn them on.</p>
      {settings.data.map((row) => (
        <BrandEmailSettings key={row.brandId} row={row} />
      ))}
    </div>
  );
}

function BrandEmailSettings({ row }: { row: EmailSettings }) {
  const update = useUpdateEmailSettings();
  const { toast } = useToast();
  const name = brandDisplayName(row.brandName);
  const toggle = (key: Switch) => {
    update.mutate(
      { brandId: row.brandId, change: { [key]: !row[key] } },
      {
        onSuccess: (saved) => toast({ title: 'Email settings saved', description: `${SWITCHES.find((s) => s.key === key)!.label} for ${name} is ${saved[key] ? 'on' : 'off'}.` }),
        onError: (e) => toast(errorToast(e)),
      },
    );
  };
  return (
    <section aria-label={`Emails for ${name}`} className="rounded-lg border border-slate-200">
      <h3 className="border-b border-slate-100 px-3 py-2 text-sm font-semibold text-slate-800">{name}</h3>
      <ul className="divide-y divide-slate-100">
        {SWITCHES.map((s) => (
          <li key={s.key} className="flex items-start gap-3 p-3 text-sm">
            <div className="min-w-0 flex-1">
              <p className="font-medium">{s.label}</p>
              <p className="text-slate-500">{s.description}</p>
            </div>
            <Switch checked={row[s.key]} onCheckedChange={() => toggle(s.key)} label={`${s.label} for ${name}`} disabled={update.isPending} className="mt-0.5" />
          </li>
        ))}
      </ul>
      <AlertRules brandId={row.brandId} brandName={name} />
    </section>
  );
}
