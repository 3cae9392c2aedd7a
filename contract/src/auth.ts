import { z } from 'zod';

// The messages are the spec's (spec/core.md section 5); the web form and the server use the same schema.
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
// Linear: no part can match the same characters two ways (the old /^\S+@\S+\.\S+$/ backtracked
// quadratically on a long run of '@'). Every pattern here runs only after an aborting length limit.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The most characters any free-text field of a request may carry before it is looked at further. */
export const MAX_TEXT_LENGTH = 2000;

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, { error: 'Email is too long', abort: true })
  .regex(EMAIL_PATTERN, 'Email is invalid')
  .transform((e) => e.toLowerCase());

// Passwords are taken byte for byte: no trimming, no case folding (ASVS 6.2.x).
export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(1, 'Username is required')
  .max(60, { error: 'Username must be at most 60 characters', abort: true });

export const signupBodySchema = z.strictObject({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type SignupBody = z.input<typeof signupBodySchema>;

export const loginBodySchema = z.strictObject({
  email: emailSchema,
  // Login does not enforce the length rule: an old account's shorter password must still be checkable.
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX_LENGTH, 'Password is too long'),
});
export type LoginBody = z.input<typeof loginBodySchema>;

/** The login form checks the spec's rules before calling the server. */
export const loginFormSchema = z.object({ email: emailSchema, password: passwordSchema });

export const shopNameSchema = z
  .string({ error: 'Shop name is required' })
  .trim()
  .min(1, 'Shop name is required')
  .max(100, { error: 'Shop name is too long', abort: true });

export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  brands: z.array(z.string()),
  loginCount: z.number().int(),
});
export type User = z.infer<typeof userSchema>;

export const loginResponseSchema = z.object({ success: z.literal(true), user: userSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const signupResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type SignupResponse = z.infer<typeof signupResponseSchema>;

/**
 * A valid session also answers its user: a browser whose stored state is gone (cleared storage, another tab's
 * profile) but whose session cookie is valid is restored from it instead of being sent to /login.
 */
export const checkTokenResponseSchema = z.object({ isValid: z.boolean(), message: z.string(), user: userSchema.optional() });
export type CheckTokenResponse = z.infer<typeof checkTokenResponseSchema>;

export const AUTH_MESSAGES = {
  wrongCredentials: 'Invalid email or password',
  duplicateEmail: 'An account with this email already exists. Log in instead.',
  signedUp: 'Account created. Please log in.',
  tooManyRequests: 'Too many attempts. Please wait a minute and try again.',
  accountLocked: 'Too many failed sign-in attempts for this account. Please wait 15 minutes and try again.',
  sessionValid: 'Session is valid',
  sessionInvalid: 'Your session has expired. Please log in again.',
  loggedOut: 'Logged out',
} as const;
