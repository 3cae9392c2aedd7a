import { Card } from '../../../components/ui/card';
import { useRotatingPhrase } from '../hooks/use-rotating-phrase';
import { SyncProgressBar, toPercent } from './sync-progress-bar';

export const LOADING_MESSAGES = [
  'Connecting to your accounts...',
  'Fetching your ad performance...',
  'Collecting your store orders...',
  'Crunching the numbers...',
  'Building your dashboard...',
] as const;
export const LOADING_MESSAGE_INTERVAL_MS = 2_500;
// spec core.md section 9: "Loading progress caps at 95% until loaded."
export const LOADING_PROGRESS_CAP_PERCENT = 95;

/** What the bar shows: the real backfill progress, held at 95% until everything is loaded. */
export function loadingPercent(progress: number, loaded: boolean): number {
  return loaded ? 100 : Math.min(LOADING_PROGRESS_CAP_PERCENT, toPercent(progress));
}

export interface LoadingScreenProps {
  /** 0..1, the brand's backfill progress (see brandSyncProgress) */
  progress: number;
  loaded: boolean;
}

/** Spec core.md section 2, "Loading screen": rotating messages and a progress bar, then 'Ready!'. */
export function LoadingScreen({ progress, loaded }: LoadingScreenProps) {
  const message = useRotatingPhrase(LOADING_MESSAGES, LOADING_MESSAGE_INTERVAL_MS);
  return (
    <Card className="mx-auto mt-8 max-w-lg p-8 text-center">
      <h2 className="text-lg font-semibold" aria-live="polite">
        {loaded ? 'Ready!' : message}
      </h2>
      <div className="mt-6">
        <SyncProgressBar percent={loadingPercent(progress, loaded)} label="Loading your data" />
      </div>
    </Card>
  );
}
