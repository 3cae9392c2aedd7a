import { LandingPage } from '../../features/landing/components/landing-page';
import { useSession } from '../../lib/session-store';
import { useLogout } from '../session';

/** The public landing page; logged in, its header offers the dashboard and logout. */
export function HomeRoute() {
  const { user } = useSession();
  const logout = useLogout();
  return <LandingPage user={user} onLogout={logout} />;
}
