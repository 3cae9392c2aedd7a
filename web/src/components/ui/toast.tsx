import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

interface Toast extends ToastInput {
  id: number;
}

interface ToastApi {
  toast: (t: ToastInput) => void;
  dismiss: () => void;
}

const ToastContext = createContext<ToastApi | null>(null);

// Spec: "Toast limit: 1 at a time" — a new toast replaces the one on screen.
const TOAST_DURATION_MS = 5000;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<Toast | null>(null);
  const nextId = useRef(1);
  const toast = useCallback((t: ToastInput) => setCurrent({ ...t, id: nextId.current++ }), []);
  const dismiss = useCallback(() => setCurrent(null), []);
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => setCurrent((c) => (c?.id === current.id ? null : c)), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [current]);
  const api = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="pointer-events-none fixed right-4 bottom-4 z-50 flex w-full max-w-sm flex-col gap-2" aria-live="polite">
        {current && (
          <div
            role={current.variant === 'destructive' ? 'alert' : 'status'}
            data-variant={current.variant ?? 'default'}
            className={`pointer-events-auto rounded-lg border p-4 shadow-lg ${current.variant === 'destructive' ? 'border-red-700 bg-red-600 text-white' : 'border-slate-200 bg-white text-slate-900'}`}
          >
            <div className="flex items-start justify-between gap-3">
              <div>
                <p className="text-sm font-semibold">{current.title}</p>
                {current.description && <p className="mt-1 text-sm opacity-90">{current.description}</p>}
              </div>
              <button type="button" onClick={dismiss} aria-label="Dismiss notification" className="rounded px-1 text-lg leading-none opacity-70 hover:opacity-100">
                ×
              </button>
            </div>
          </div>
        )}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast outside ToastProvider');
  return api;
}
