import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { useUserBrands } from '../../features/brands/api/get-user-brands';
import { TokenRefreshPrompt } from '../../features/connections/components/token-refresh-prompt';
import { brandIdFromPath, paths } from '../../lib/paths';
import { sessionStore, useSession } from '../../lib/session-store';
import { useLogout } from '../session';
import { PageHeader } from './page-header';
import { Sidebar } from './sidebar';

// Its own chunk: the realtime client is needed only once signed in, so the landing page does not carry it.
const RealtimeConnection = lazy(() => import('./realtime-connection').then((m) => ({ default: m.RealtimeConnection })));
// The same for the tutorials (driver.js) and the support ticket modal.
const TutorialProvider = lazy(() => import('../../features/tutorials/components/tutorial-provider').then((m) => ({ default: m.TutorialProvider })));
const SupportButton = lazy(() => import('../../features/support/components/support-button').then((m) => ({ default: m.SupportButton })));

/** What a route's `handle` tells the shell: the header title and which header controls the screen uses. */
export interface RouteHandle {
  title?: string;
  datePicker?: boolean;
  localeSettings?: boolean;
}

/** Signed-in area: sidebar, header and the screen. No user: /login (spec core.md section 6). */
export function AppShell() {
  const { user, selectedBrandId, signedOut } = useSession();
  const location = useLocation();
  const matches = useMatches();
  const logout = useLogout();
  const brandsQuery = useUserBrands(user?.id);
  const brands = brandsQuery.data?.brands ?? [];

  // The server's brand list is the truth: keep the stored user in step with it.
  useEffect(() => {
    if (brandsQuery.data) sessionStore.updateUser(brandsQuery.data.user);
  }, [brandsQuery.data]);

  // The selected brand is the second path segment when the route has one.
  const urlBrand = brandIdFromPath(location.pathname);
  useEffect(() => {
    if (urlBrand && user?.brands.includes(urlBrand) && urlBrand !== selectedBrandId) sessionStore.selectBrand(urlBrand);
  }, [urlBrand, user, selectedBrandId]);

  if (!user) return <Navigate to={signedOut === 'logout' ? paths.home : paths.login} replace />;

  // The deepest route with a title says what the header shows.
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as RouteHandle | undefined;

  return (
    <div className="flex h-full">
      <Suspense fallback={null}>
        <RealtimeConnection userId={user.id} brandId={selectedBrandId} />
      </Suspense>
      <Sidebar
        username={user.username}
        brands={brands}
        brandsLoading={brandsQuery.isPending}
        selectedBrandId={selectedBrandId}
        onSelectBrand={(id) => sessionStore.selectBrand(id)}
        onLogout={logout}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <PageHeader title={handle?.title ?? 'Parallels'} datePicker={handle?.datePicker} localeSettings={handle?.localeSettings} />
        <main className="flex-1 overflow-auto p-6">
          <TokenRefreshPrompt />
          <Outlet />
        </main>
      </div>
      <Suspense fallback={null}>
        <TutorialProvider />
        <SupportButton defaults={{ brand: (brands.find((b) => b._id === selectedBrandId)?.name ?? '').replaceAll('_', ' '), firstName: user.username, email: user.email }} />
      </Suspense>
    </div>
  );
}
