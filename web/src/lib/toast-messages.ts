import { ApiError } from './api-client';
import type { ToastInput } from '../components/ui/toast';

/** Spec core.md section 8: a server failure shows its message under 'Error'; anything else is unexpected. */
export function errorToast(error: unknown): ToastInput {
  if (error instanceof ApiError) return { title: 'Error', description: error.message || 'An error occurred', variant: 'destructive' };
  return { title: 'Unexpected Error', description: 'An unexpected error occurred', variant: 'destructive' };
}
