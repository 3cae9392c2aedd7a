import { Navigate } from 'react-router';
import { AuthScreen } from '../../features/auth/components/auth-screen';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session-store';

/** Signed-in users go to the dashboard if they have brands, else to first-time setup. */
export function LoginRoute() {
  const { user } = useSession();
  if (user) return <Navigate to={user.brands.length > 0 ? paths.dashboard : paths.firstTimeBrandSetup} replace />;
  return <AuthScreen />;
}
