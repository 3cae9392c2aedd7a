import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../components/ui/toast';
import { checkToken, logout, restoreSession } from '../features/auth/api/session';
import { onApiStatus } from '../lib/api-client';
import { paths } from '../lib/paths';
import { sessionStore, useSession } from '../lib/session-store';
import { tokenFlags } from '../lib/token-flags';

// spec: "The token is checked once at app start and then every 60 seconds."
export const TOKEN_CHECK_INTERVAL_MS = 60_000;

/** Logout: end the server session, forget local state, go to /. */
export function useLogout(): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    void logout().catch(() => undefined); // spec: a logout failure is only logged
    sessionStore.clear('logout'); // the guarded shell then sends the browser home, not to /login
    tokenFlags.clearAll();
    queryClient.clear();
    navigate(paths.home);
  }, [navigate, queryClient]);
}

/**
 * Mounted once at the root: any 401 clears the user and brands, ends the server session and goes to
 * /login; a 403 or a success on a Meta, analytics or Google call sets or clears its token flag; while
 * signed in, the session is checked at start and every minute.
 */
export const SESSION_ENDED_TOAST = { title: 'Your session has ended', description: 'Please sign in again to continue.' };

export function SessionWatcher() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const { user } = useSession();
  const signedIn = Boolean(user);

  useEffect(
    () =>
      onApiStatus((status, url) => {
        tokenFlags.recordResponse(status, url);
        if (status !== 401 || !sessionStore.get().user) return;
        sessionStore.clear();
        tokenFlags.clearAll();
        queryClient.clear();
        void logout().catch(() => undefined);
        // never silently: the user is told why they are back at the sign-in screen
        toast(SESSION_ENDED_TOAST);
        navigate(paths.login, { replace: true });
      }),
    [navigate, queryClient, toast],
  );

  useEffect(() => {
    if (!signedIn) return;
    const check = () => void checkToken().catch(() => undefined); // a 401 is handled by the listener above
    check();
    const timer = setInterval(check, TOKEN_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [signedIn]);

  return null;
}

/**
 * A browser with no stored user (cleared storage, a new tab profile) may still hold a valid session cookie: ask
 * the server once and sign the user back in from its answer. True while that answer is awaited. Not after a
 * logout or a session that just ended: those go to their screens at once.
 */
export function useRestoringSession(): boolean {
  const { user, signedOut } = useSession();
  const ask = !user && !signedOut;
  const restore = useQuery({ queryKey: ['session-restore'], queryFn: restoreSession, enabled: ask, retry: false, staleTime: Infinity, gcTime: 0 });
  useEffect(() => {
    if (ask && restore.data) sessionStore.signIn(restore.data);
  }, [ask, restore.data]);
  return ask && (restore.isPending || Boolean(restore.data));
}
