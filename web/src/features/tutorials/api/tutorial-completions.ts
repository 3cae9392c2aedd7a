import { queryOptions, useQuery } from '@tanstack/react-query';
import { tutorialCompletionsSchema, type TutorialCompletions, type TutorialId } from '@parallels/contract/tutorials';
import { apiRequest } from '../../../lib/api-client';

export function getTutorialCompletions(): Promise<TutorialCompletions> {
  return apiRequest('/api/tutorials', { schema: tutorialCompletionsSchema });
}

export function tutorialCompletionsQueryOptions(userId: string) {
  return queryOptions({ queryKey: ['tutorials', userId], queryFn: getTutorialCompletions, staleTime: 5 * 60_000 });
}

export function useTutorialCompletions(userId: string | undefined) {
  return useQuery({ ...tutorialCompletionsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}

export function completeTutorial(id: TutorialId): Promise<TutorialCompletions> {
  return apiRequest(`/api/tutorials/${id}/complete`, { method: 'PUT', schema: tutorialCompletionsSchema });
}

/** Reset one tutorial, or all of them (no id), so they play again. */
export function resetTutorials(id?: TutorialId): Promise<TutorialCompletions> {
  return apiRequest(id ? `/api/tutorials/${id}` : '/api/tutorials', { method: 'DELETE', schema: tutorialCompletionsSchema });
}
