import { Navigate } from 'react-router';
import { BrandList } from '../../features/brands/components/brand-list';
import { ProfileScreen } from '../../features/profile/components/profile-screen';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session-store';

export function ProfileRoute() {
  const { user } = useSession();
  if (!user) return <Navigate to={paths.login} replace />;
  return <ProfileScreen user={user} brandsPanel={<BrandList user={user} />} />;
}
