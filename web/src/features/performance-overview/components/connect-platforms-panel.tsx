import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import type { OverviewSource } from '../hooks/use-overview';
import { CONNECT_PLATFORM } from '../utils/overview-metrics';

/**
 * spec core.md section 2: 'Connect Your Platforms', a card for each source whose data failed or is missing;
 * a failed one says 'No data found'. Hidden when every source has data.
 */
export function ConnectPlatformsPanel({ sources, onConnect }: { sources: OverviewSource[]; onConnect: (platform: 'meta' | 'google_ads' | 'ga4') => void }) {
  const wanting = sources.filter((s) => (s.state.kind === 'not_connected' || s.state.kind === 'failed') && CONNECT_PLATFORM[s.source]);
  if (wanting.length === 0) return null;
  return (
    <Card className="mt-6 p-5" role="region" aria-labelledby="connect-platforms">
      <h3 id="connect-platforms" className="font-semibold">
        Connect Your Platforms
      </h3>
      <p className="mt-1 text-sm text-slate-600">Connect these to see all of your marketing in one place.</p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-3">
        {wanting.map((s) => (
          <li key={s.source} className="flex flex-col justify-between gap-3 rounded-lg border border-slate-200 p-4">
            <div>
              <p className="font-medium">{s.label}</p>
              {s.state.kind === 'failed' ? (
                <p className="mt-1 text-sm text-rose-700" title={s.state.message}>
                  No data found
                </p>
              ) : (
                <p className="mt-1 text-sm text-slate-500">Not connected</p>
              )}
            </div>
            <Button variant="secondary" onClick={() => onConnect(CONNECT_PLATFORM[s.source]!)} aria-label={`Connect ${s.label}`}>
              Connect
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
