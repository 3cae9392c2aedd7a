/**
 * A failure whose message is meant for the user, in the product's terms: what went wrong, not which HTTP status
 * says so. Services and the report toolkit throw it; the error handler (plugins/error-handler.ts) is the one
 * place that turns a kind into a status code, so services stay free of HTTP.
 */
export type FailureKind =
  /** the request asks for something that cannot be (a wrong value, an unknown account): 400 */
  | 'invalid'
  /** no valid session or sign-in link: 401 */
  | 'signed-out'
  /** the brand's plan does not include this: 402 */
  | 'plan-limit'
  /** the user may not do this, or the platform's access must be renewed first: 403 */
  | 'forbidden'
  /** nothing of that id that this user can see: 404 */
  | 'not-found'
  /** the state does not allow it yet or any more (a duplicate, nothing synced yet): 409 */
  | 'conflict'
  /** too many attempts; wait: 429 */
  | 'too-many-attempts'
  /** a platform we asked failed or refused: 502 */
  | 'platform-failed'
  /** a part of the product this needs is not set up or not answering: 503 */
  | 'unavailable';

export class AppError extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    /** fields sent with the message (a code, the platform, a stale answer) */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}
