import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

/** spec core.md section 2: 'No {Facebook|Google} Ad Account connected for this brand.' with a Connect button. */
export function EmptyPlatformState({ platformLabel, onConnect }: { platformLabel: 'Facebook' | 'Google'; onConnect: () => void }) {
  return (
    <Card className="flex flex-wrap items-center justify-between gap-3 p-5">
      <p className="text-sm text-slate-700">No {platformLabel} Ad Account connected for this brand.</p>
      <Button variant="secondary" onClick={onConnect}>
        Connect {platformLabel === 'Google' ? 'Google Ads' : 'Facebook'}
      </Button>
    </Card>
  );
}
