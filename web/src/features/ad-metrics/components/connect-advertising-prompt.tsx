import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

const BENEFITS = [
  'Spend, revenue and ROAS across Facebook and Google Ads in one view',
  'Numbers that match each platform for any date range',
  'Two years of history, kept fresh every 3 hours',
  'Compare any period with another',
];

/** spec core.md section 2: the whole AdMetrics screen when neither Facebook nor Google Ads is connected. */
export function ConnectAdvertisingPrompt({ onConnect }: { onConnect: (platform: 'meta' | 'google_ads') => void }) {
  return (
    <Card className="mx-auto mt-6 max-w-3xl p-8" role="region" aria-labelledby="connect-advertising">
      <h2 id="connect-advertising" className="text-center text-2xl font-semibold">
        Connect Your Advertising Accounts
      </h2>
      <p className="mt-2 text-center text-sm text-slate-600">See every ad account of this brand side by side, blended into one summary.</p>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        {(
          [
            { platform: 'meta', label: 'Facebook', text: 'Meta ad accounts: spend, purchases and ROAS.' },
            { platform: 'google_ads', label: 'Google Ads', text: 'Search, Shopping and Performance Max: cost and conversions.' },
          ] as const
        ).map((c) => (
          <div key={c.platform} className="flex flex-col justify-between gap-3 rounded-lg border border-slate-200 p-5">
            <div>
              <p className="font-semibold">{c.label}</p>
              <p className="mt-1 text-sm text-slate-600">{c.text}</p>
            </div>
            <Button onClick={() => onConnect(c.platform)}>Connect {c.label}</Button>
          </div>
        ))}
      </div>
      <ul className="mt-6 list-disc space-y-1 pl-6 text-sm text-slate-700">
        {BENEFITS.map((b) => (
          <li key={b}>{b}</li>
        ))}
      </ul>
    </Card>
  );
}
