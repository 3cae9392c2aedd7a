import type { Connection } from '@parallels/contract/brands';

/** The sync fields of a connection (the Brand schema's `connections`, contract/src/brands.ts). */
export type ConnectionSync = Pick<Connection, 'id' | 'platform' | 'accountName' | 'status' | 'statusMessage' | 'syncState' | 'backfillProgress' | 'lastSyncedAt' | 'lastError'>;

export interface BrandSyncProgress {
  /** 0..1 over every connection still expected to finish */
  progress: number;
  /** nothing is waiting or backfilling any more */
  loaded: boolean;
}

const stillLoading = (c: ConnectionSync) => c.status === 'active' && (c.syncState === 'pending' || c.syncState === 'backfilling');

/**
 * What the Loading and Preparing screens show for a brand. A connection that failed or needs reconnecting
 * will not finish by waiting, so it does not hold the screens back; the list says what is wrong with it.
 */
export function brandSyncProgress(connections: readonly ConnectionSync[]): BrandSyncProgress {
  const waiting = connections.filter((c) => c.status === 'active' && c.syncState !== 'failing');
  if (connections.length === 0) return { progress: 0, loaded: false };
  if (waiting.length === 0) return { progress: 1, loaded: true };
  const progress = waiting.reduce((sum, c) => sum + (c.syncState === 'fresh' ? 1 : c.backfillProgress), 0) / waiting.length;
  return { progress, loaded: !waiting.some(stillLoading) };
}

const CONNECTING = 'Connecting to your accounts...';
const PLATFORM_PHRASES: Record<ConnectionSync['platform'], string> = {
  shopify: 'Collecting your store orders...',
  meta: 'Fetching your ad performance...',
  google_ads: 'Fetching your ad performance...',
  ga4: 'Crunching the numbers...',
};

/**
 * What the loading card may say now, from the connections' real state: 'Connecting to your accounts...' only
 * while nothing has started; then what is still loading, and 'Building your dashboard...'.
 */
export function loadingPhrases(connections: readonly ConnectionSync[]): string[] {
  const loading = connections.filter(stillLoading);
  if (loading.length > 0 && loading.every((c) => c.syncState === 'pending' && c.backfillProgress === 0) && !connections.some((c) => c.syncState === 'fresh')) return [CONNECTING];
  return [...new Set([...loading.map((c) => PLATFORM_PHRASES[c.platform]), 'Building your dashboard...'])];
}
