import { useSyncExternalStore } from 'react';
import type { User } from '@parallels/contract/auth';

/**
 * The signed-in user and the selected brand, persisted locally so a reload keeps them
 * (the server session is still checked at start and every 60 s).
 */
export interface SessionState {
  user: User | null;
  selectedBrandId: string | null;
  /** why the user is gone: a logout goes home, an expired session goes to /login (not persisted) */
  signedOut?: 'logout' | 'expired';
}

const STORAGE_KEY = 'parallels.session';
const EMPTY: SessionState = { user: null, selectedBrandId: null };

function read(): SessionState {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    return raw ? { ...EMPTY, ...(JSON.parse(raw) as SessionState) } : EMPTY;
  } catch {
    return EMPTY;
  }
}

let state: SessionState = read();
const listeners = new Set<() => void>();

function set(next: SessionState): void {
  state = next;
  if (next.user) localStorage.setItem(STORAGE_KEY, JSON.stringify({ user: next.user, selectedBrandId: next.selectedBrandId }));
  else localStorage.removeItem(STORAGE_KEY);
  for (const l of listeners) l();
}

export const sessionStore = {
  get: (): SessionState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  signIn(user: User): void {
    set({ user, selectedBrandId: user.brands[0] ?? null });
  },
  updateUser(user: User): void {
    const selected = state.selectedBrandId && user.brands.includes(state.selectedBrandId) ? state.selectedBrandId : (user.brands[0] ?? null);
    set({ user, selectedBrandId: selected });
  },
  selectBrand(brandId: string | null): void {
    set({ ...state, selectedBrandId: brandId });
  },
  /** logout or a 401: forget the user and brand state */
  clear(reason: 'logout' | 'expired' = 'expired'): void {
    set({ ...EMPTY, signedOut: reason });
  },
  /** tests */
  reload(): void {
    state = read();
  },
};

export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}
