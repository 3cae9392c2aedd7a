import { useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TutorialId } from '@parallels/contract/tutorials';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { errorToast } from '../../../lib/toast-messages';
import { useSession } from '../../../lib/session-store';
import { resetTutorials, tutorialCompletionsQueryOptions } from '../api/tutorial-completions';
import { TUTORIALS } from '../utils/tutorial-catalog';
import { tutorialMachine as machine } from '../utils/tutorial-store';

/** Profile: which guided tutorials are done, and reset one or all so they play on the next visit. */
export function TutorialSettings() {
  const { user } = useSession();
  const state = useSyncExternalStore(machine.subscribe, machine.get);
  const client = useQueryClient();
  const { toast } = useToast();
  const [pending, setPending] = useState<TutorialId | 'all' | null>(null);

  const reset = async (id?: TutorialId) => {
    setPending(id ?? 'all');
    try {
      const result = await resetTutorials(id);
      machine.reset(id);
      if (user) client.setQueryData(tutorialCompletionsQueryOptions(user.id).queryKey, result);
      toast({ title: 'Tutorial reset', description: id ? 'It plays again the next time you open its screen.' : 'Every tutorial plays again on its screen.' });
    } catch (error) {
      toast(errorToast(error));
    } finally {
      setPending(null);
    }
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">Guided tours of each screen. A tutorial you finish or stop does not play again, on any device, until you reset it.</p>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {TUTORIALS.map((t) => (
          <li key={t.id} className="flex flex-wrap items-center gap-3 p-3 text-sm">
            <div className="min-w-0 flex-1">
              <p className="font-medium">{t.title}</p>
              <p className="text-slate-500">{t.description}</p>
            </div>
            <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${state.completed[t.id] ? 'bg-emerald-50 text-emerald-700' : 'bg-slate-100 text-slate-600'}`}>
              {state.completed[t.id] ? 'Completed' : 'Not completed'}
            </span>
            <Button variant="secondary" className="px-3 py-1" disabled={!state.completed[t.id]} busy={pending === t.id} onClick={() => void reset(t.id)} aria-label={`Reset ${t.title}`}>
              Reset
            </Button>
          </li>
        ))}
      </ul>
      <Button variant="secondary" busy={pending === 'all'} onClick={() => void reset()}>
        Reset all tutorials
      </Button>
    </div>
  );
}
