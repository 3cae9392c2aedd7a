import { z } from 'zod';

// Guided tutorials (spec core.md sections 3 and 4). Completion is kept per user on the server, so a second
// device does not replay what the user already finished or stopped.

export const TUTORIAL_IDS = ['dashboard-overview', 'dashboard-support', 'ad-metrics-overview', 'conversion-demographics', 'marketing-insights-overview', 'google-reports-overview', 'ecommerce-reports-overview', 'segment-dashboard-overview', 'meta-reports-overview', 'meta-campaigns-overview', 'meta-interest-overview'] as const;
export const tutorialIdSchema = z.enum(TUTORIAL_IDS, { error: 'Unknown tutorial' });
export type TutorialId = z.infer<typeof tutorialIdSchema>;

export const tutorialParamsSchema = z.object({ tutorialId: tutorialIdSchema });

/** GET /api/tutorials and every change answer the user's completed tutorials. */
export const tutorialCompletionsSchema = z.object({ completed: z.array(tutorialIdSchema) });
export type TutorialCompletions = z.infer<typeof tutorialCompletionsSchema>;
