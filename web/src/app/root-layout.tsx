import { Outlet } from 'react-router';
import { SessionWatcher } from './session';

export function RootLayout() {
  return (
    <>
      <SessionWatcher />
      <Outlet />
    </>
  );
}
