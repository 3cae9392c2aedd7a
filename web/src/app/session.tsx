import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { checkToken, logout } from '../features/auth/api/session';
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
export function SessionWatcher() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
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
        navigate(paths.login, { replace: true });
      }),
    [navigate, queryClient],
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
