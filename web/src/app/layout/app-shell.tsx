import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { useUserBrands } from '../../features/brands/api/get-user-brands';
import { useBrand } from '../../features/connections/api/get-brand';
import { TokenRefreshPrompt } from '../../features/connections/components/token-refresh-prompt';
import { useBrandTimezone } from '../../lib/brand-today';
import { brandIdFromPath, paths } from '../../lib/paths';
import { sessionStore, useSession } from '../../lib/session-store';
import { useLogout, useRestoringSession } from '../session';
import { Spinner } from '../../components/ui/spinner';
import { BrandNotFound } from './brand-not-found';
import { PageHeader } from './page-header';
import { Sidebar } from './sidebar';
import { brandDisplayName } from '@parallels/contract/brands';

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
  const restoring = useRestoringSession();
  const brandsQuery = useUserBrands(user?.id);
  const brands = brandsQuery.data?.brands ?? [];
  // The selected brand's timezone decides what day "today" is in the date picker and the report ranges.
  useBrandTimezone(useBrand(selectedBrandId ?? undefined).data?.timezone);
  // The drawer is open on the page it was opened on: going where the user chose closes it.
  const [drawerOpenOn, setDrawerOpenOn] = useState<string | null>(null);
  const drawerOpen = drawerOpenOn === location.pathname;
  const setDrawerOpen = (open: boolean) => setDrawerOpenOn(open ? location.pathname : null);
  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setDrawerOpenOn(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  // The server's brand list is the truth: keep the stored user in step with it.
  useEffect(() => {
    if (brandsQuery.data) sessionStore.updateUser(brandsQuery.data.user);
  }, [brandsQuery.data]);

  // The selected brand is the second path segment when the route has one.
  const urlBrand = brandIdFromPath(location.pathname);
  useEffect(() => {
    if (urlBrand && user?.brands.includes(urlBrand) && urlBrand !== selectedBrandId) sessionStore.selectBrand(urlBrand);
  }, [urlBrand, user, selectedBrandId]);

  if (!user && restoring) {
    return (
      <div className="flex h-full items-center justify-center">
        <Spinner label="Restoring your session" />
      </div>
    );
  }
  if (!user) return <Navigate to={signedOut === 'logout' ? paths.home : paths.login} replace />;

  // A brand in the URL that is not the user's (mistyped, malformed, someone else's): the screen says so once,
  // and the sidebar shows no brand as chosen. The stored user and the fetched list must both lack it, so a
  // brand added a moment ago is never refused while the list catches up.
  const brandNotFound =
    urlBrand !== undefined && !user.brands.includes(urlBrand) && brandsQuery.data !== undefined && !brandsQuery.isFetching && !brands.some((b) => b._id === urlBrand);

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
        selectedBrandId={brandNotFound ? null : selectedBrandId}
        onSelectBrand={(id) => sessionStore.selectBrand(id)}
        onLogout={logout}
        drawerOpen={drawerOpen}
        onCloseDrawer={() => setDrawerOpen(false)}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <PageHeader
          title={handle?.title ?? 'Parallels'}
          datePicker={handle?.datePicker && !brandNotFound}
          localeSettings={handle?.localeSettings && !brandNotFound}
          onOpenMenu={() => setDrawerOpen(true)}
          menuOpen={drawerOpen}
        />
        {/* room at the end (pb-24) so the last line scrolls clear of the floating support button */}
        <main className="min-w-0 flex-1 overflow-auto px-4 pt-4 pb-24 md:px-6 md:pt-6">
          <TokenRefreshPrompt />
          {brandNotFound ? <BrandNotFound pathname={location.pathname} brands={brands} /> : <Outlet />}
        </main>
      </div>
      <Suspense fallback={null}>
        <TutorialProvider />
        <SupportButton defaults={{ brand: brandDisplayName(brands.find((b) => b._id === selectedBrandId)?.name ?? ''), firstName: user.username, email: user.email }} />
      </Suspense>
    </div>
  );
}
