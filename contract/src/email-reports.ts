import { z } from 'zod';

// Issue 22: email reports (daily and weekly digests) and alert emails, per user and brand, and the sandbox
// inbox that shows every email in sandbox mode.

export const EMAIL_KINDS = ['daily', 'weekly'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];
/** what an unsubscribe link turns off: one digest, or alert emails */
export const UNSUBSCRIBE_TOPICS = ['daily', 'weekly', 'alerts'] as const;
export type UnsubscribeTopic = (typeof UNSUBSCRIBE_TOPICS)[number];

export const emailSettingsSchema = z.object({
  brandId: z.string(),
  brandName: z.string(),
  daily: z.boolean(),
  weekly: z.boolean(),
  alerts: z.boolean(),
});
export type EmailSettings = z.infer<typeof emailSettingsSchema>;

/** GET /api/email/settings: one row per brand the user has (off until turned on). */
export const emailSettingsListSchema = z.object({ success: z.literal(true), data: z.array(emailSettingsSchema) });
export type EmailSettingsList = z.infer<typeof emailSettingsListSchema>;

/** PUT /api/email/settings/{brandId}: the switches to change; the others stay as they are. */
export const updateEmailSettingsSchema = z
  .object({
    daily: z.boolean('daily must be true or false').optional(),
    weekly: z.boolean('weekly must be true or false').optional(),
    alerts: z.boolean('alerts must be true or false').optional(),
  })
  .strict()
  .refine((b) => b.daily !== undefined || b.weekly !== undefined || b.alerts !== undefined, { message: 'Send daily, weekly or alerts' });
export type UpdateEmailSettings = z.infer<typeof updateEmailSettingsSchema>;
export const emailSettingsResponseSchema = z.object({ success: z.literal(true), data: emailSettingsSchema });

/** The one-click unsubscribe link's query (and the confirmation form's field). */
export const unsubscribeQuerySchema = z.object({ token: z.string('The unsubscribe link is incomplete').min(1, 'The unsubscribe link is incomplete').max(512, 'The unsubscribe link is not valid') });

// ---- Sandbox inbox (sandbox mode only) ----

export const sandboxMailSummarySchema = z.object({
  id: z.string(),
  receivedAt: z.string(),
  from: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
});
export type SandboxMailSummary = z.infer<typeof sandboxMailSummarySchema>;
export const sandboxMailListSchema = z.object({ success: z.literal(true), data: z.array(sandboxMailSummarySchema) });

export const sandboxMailSchema = sandboxMailSummarySchema.extend({
  html: z.string().nullable(),
  text: z.string().nullable(),
  headers: z.array(z.object({ name: z.string(), value: z.string() })),
});
export type SandboxMail = z.infer<typeof sandboxMailSchema>;
export const sandboxMailResponseSchema = z.object({ success: z.literal(true), data: sandboxMailSchema });
export const sandboxMailParamsSchema = z.object({ messageId: z.uuid('Message not found') });

/** POST /api/sandbox/mail/run-schedule: the digests the schedule would send now, whatever the hour (sandbox test trigger). */
export const runScheduleResponseSchema = z.object({ success: z.literal(true), queued: z.number().int() });
