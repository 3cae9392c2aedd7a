import { useEffect, useState } from 'react';
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
  /** the messages true of the state now (see loadingPhrases); all of them when not given */
  phrases?: readonly string[];
}

/** How long 'Ready!' stays once everything has loaded during the visit. */
export const READY_HOLD_MS = 4_000;

/**
 * Whether the loading card shows: while anything loads, and for READY_HOLD_MS after it all loaded during this
 * visit (so 'Ready!' is seen); never for a brand that was loaded already when the screen opened.
 */
export function useLoadingCardVisible(loaded: boolean): boolean {
  const [sawLoading, setSawLoading] = useState(!loaded);
  const [readyShown, setReadyShown] = useState(false);
  // derived from props during render (React's pattern for it): a new load after 'Ready!' shows the card again
  if (!loaded && !sawLoading) setSawLoading(true);
  if (!loaded && readyShown) setReadyShown(false);
  useEffect(() => {
    if (!loaded || !sawLoading) return;
    const timer = setTimeout(() => setReadyShown(true), READY_HOLD_MS);
    return () => clearTimeout(timer);
  }, [loaded, sawLoading]);
  return !loaded || (sawLoading && !readyShown);
}

/** Spec core.md section 2, "Loading screen": rotating messages and a progress bar, then 'Ready!'. */
export function LoadingScreen({ progress, loaded, phrases = LOADING_MESSAGES }: LoadingScreenProps) {
  const message = useRotatingPhrase(phrases, LOADING_MESSAGE_INTERVAL_MS);
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
