import type { z } from 'zod';
import { errorResponseSchema } from '@parallels/contract/common';

/** A failed HTTP call: `message` is the server's message, fit to show the user. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
    /** the server's machine-readable reason, when it gives one (e.g. TOKEN_EXPIRED) */
    readonly code?: string,
  ) {
    super(message);
  }
}

/** The network failed, or the answer did not match the contract: not the user's doing. */
export class UnexpectedError extends Error {}

type Listener = (status: number, url: string) => void;
const listeners = new Set<Listener>();

/** The app shell listens here: a 401 ends the session, a 403 on /meta, /analytics or /google sets a token flag. */
export function onApiStatus(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  schema: z.ZodType<T>;
  /** the login call answers 401 for a wrong password: that is not an expired session */
  skipSessionHandling?: boolean;
  signal?: AbortSignal;
}

export async function apiRequest<T>(url: string, options: RequestOptions<T>): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: options.method ?? 'GET',
      credentials: 'include',
      headers: options.body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new UnexpectedError('An unexpected error occurred');
  }
  const payload: unknown = await res.json().catch(() => undefined);
  if (!options.skipSessionHandling) for (const l of listeners) l(res.status, url);
  if (!res.ok) {
    const parsed = errorResponseSchema.safeParse(payload);
    const message = parsed.success ? parsed.data.message : (payload as { message?: string } | undefined)?.message;
    throw new ApiError(res.status, message || 'An error occurred', payload, parsed.success ? parsed.data.code : undefined);
  }
  const parsed = options.schema.safeParse(payload);
  if (!parsed.success) throw new UnexpectedError('An unexpected error occurred');
  return parsed.data;
}
