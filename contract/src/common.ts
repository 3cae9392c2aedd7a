import { z } from 'zod';

/** Every error the API sends has this shape; `errors` lists per-field problems of a 400. */
export const errorResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  /** a machine-readable reason where the screen acts on it (e.g. the connect dialog's SETUP_ERROR_CODES) */
  code: z.string().optional(),
  requestId: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const successResponseSchema = z.object({ success: z.literal(true) });
export type SuccessResponse = z.infer<typeof successResponseSchema>;

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  mode: z.enum(['sandbox', 'production']),
  uptimeSeconds: z.number(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** GET /api/ready: whether this process can serve (its database answers, the job queue's tables answer). */
export const readyResponseSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.enum(['ok', 'down']),
  /** ok: the job queue's tables answer; missing: no worker has created them yet; down: they do not answer */
  queue: z.enum(['ok', 'missing', 'down']),
});
export type ReadyResponse = z.infer<typeof readyResponseSchema>;

/** Dates in requests are yyyy-MM-dd (spec: "Date formats: yyyy-MM-dd in requests"). */
export const isoDaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD');
