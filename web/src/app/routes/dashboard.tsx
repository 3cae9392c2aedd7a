import { PlaceholderScreen } from '../../components/ui/placeholder-screen';
import { useSession } from '../../lib/session-store';

export function DashboardRoute() {
  const { user } = useSession();
  return (
    <div>
      <h2 className="text-2xl font-semibold">Welcome Back, {user?.username}</h2>
      <PlaceholderScreen title="Your dashboard is on its way" description="Connect your platforms to see yesterday, the last 7 days and the last 30 days at a glance." />
    </div>
  );
}
