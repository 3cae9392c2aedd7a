import { FIRST_IMPORT_TEXT } from '@parallels/contract/product';
import { Card } from '../../../components/ui/card';

/** 'Setup Steps' beside the form: each step ticks off as the user completes it. */
export function SetupSteps({ named, connected }: { named: boolean; connected: boolean }) {
  const steps = [
    { title: 'Brand Setup', detail: 'Name your brand', done: named },
    { title: 'Connect Platforms', detail: 'Link your store and ad accounts', done: connected },
  ];
  return (
    <Card className="p-5">
      <h2 className="font-semibold">Setup Steps</h2>
      <ol className="mt-3 space-y-3">
        {steps.map((s, i) => (
          <li key={s.title} className="flex items-start gap-3">
            <span
              className={`flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${s.done ? 'bg-emerald-600 text-white' : 'bg-slate-200 text-slate-600'}`}
              aria-hidden
            >
              {s.done ? '✓' : i + 1}
            </span>
            <div>
              <p className="text-sm font-medium">
                {s.title}
                <span className="sr-only">{s.done ? ' (done)' : ' (to do)'}</span>
              </p>
              <p className="text-xs text-slate-500">{s.detail}</p>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}

export function ProTips() {
  return (
    <Card className="p-5">
      <h2 className="font-semibold">Pro Tips</h2>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-slate-600">
        {/* spec core.md section 9: "Data syncs every 3 hours." */}
        <li>Your data syncs every 3 hours, so new orders and spend show up through the day.</li>
        <li>Connect every ad account you run for this brand to see blended ROAS.</li>
        <li>{FIRST_IMPORT_TEXT}</li>
      </ul>
    </Card>
  );
}

const INFO_CARDS = [
  { title: 'Connect Multiple Platforms', body: 'Bring Shopify, Facebook, Google Ads and Google Analytics together for one view of your brand.' },
  { title: 'Real-time Updates', body: 'Your data will be automatically synced every 3 hours for accurate reporting' },
  { title: 'Easy Management', body: 'Add or remove accounts at any time from the dashboard.' },
];

/** The three info cards under the form (spec core.md section 2 and reports.md "Return screens"). */
export function InfoCards() {
  return (
    <div className="grid gap-4 md:grid-cols-3">
      {INFO_CARDS.map((c) => (
        <Card key={c.title} className="p-5">
          <h3 className="font-semibold">{c.title}</h3>
          <p className="mt-1 text-sm text-slate-600">{c.body}</p>
        </Card>
      ))}
    </div>
  );
}
