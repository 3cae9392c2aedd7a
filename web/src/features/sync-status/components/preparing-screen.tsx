import { FIRST_IMPORT_TEXT } from '@parallels/contract/product';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../lib/paths';
import { useRotatingPhrase } from '../hooks/use-rotating-phrase';
import { SyncProgressBar, toPercent } from './sync-progress-bar';

export const PREPARING_PHRASES = [
  'Importing your historical data...',
  'Syncing your ad accounts...',
  'Matching orders to campaigns...',
  'Calculating your metrics...',
  'Almost there...',
] as const;
// spec core.md section 9: "Preparing screen text rotates every 2.5 s."
export const PREPARING_PHRASE_INTERVAL_MS = 2_500;

export interface PreparingScreenProps {
  brandId: string;
  /** 0..1, the brand's backfill progress when known */
  progress?: number;
}

/**
 * Spec core.md section 2, "Preparing screen": shown while the brand's history loads (a report answered
 * 'No metrics data available yet. Please try again later.'), with the screens worth visiting meanwhile.
 */
export function PreparingScreen({ brandId, progress }: PreparingScreenProps) {
  const phrase = useRotatingPhrase(PREPARING_PHRASES, PREPARING_PHRASE_INTERVAL_MS);
  const links = [
    { label: 'AdMetrics Hub', to: paths.adMetrics(brandId) },
    { label: 'Ecommerce Insights', to: paths.ecommerceReports(brandId) },
    { label: 'Campaign Analysis', to: paths.metaCampaigns(brandId) },
  ];
  return (
    <Card className="mx-auto mt-8 max-w-xl p-8 text-center">
      <span className="mx-auto block h-8 w-8 animate-spin rounded-full border-2 border-brand-600 border-t-transparent" aria-hidden />
      <h2 className="mt-4 text-xl font-semibold">Preparing your dashboard...</h2>
      <p className="mt-2 text-sm text-slate-600" aria-live="polite" data-testid="preparing-phrase">
        {phrase}
      </p>
      {progress !== undefined && (
        <div className="mx-auto mt-5 max-w-sm">
          <SyncProgressBar percent={toPercent(progress)} label="Historical data loaded" />
          <p className="mt-1 text-xs text-slate-500">{toPercent(progress)}% of your history is in so far.</p>
        </div>
      )}
      <p className="mt-5 text-sm text-slate-600">{FIRST_IMPORT_TEXT}</p>
      <nav aria-label="While you wait" className="mt-6">
        <p className="text-sm font-medium">While you wait, explore:</p>
        <ul className="mt-2 flex flex-wrap justify-center gap-2">
          {links.map((l) => (
            <li key={l.label}>
              <Link to={l.to} className="inline-block rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50">
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </Card>
  );
}
