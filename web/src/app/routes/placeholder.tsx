import { useMatches } from 'react-router';
import { PlaceholderScreen } from '../../components/ui/placeholder-screen';

/** Spec routes whose screens arrive in later work: a clear notice under the route's title. */
export function PlaceholderRoute() {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as { title?: string } | undefined;
  return <PlaceholderScreen title={`${handle?.title ?? 'This screen'} is coming soon`} />;
}

export function PublicPlaceholderRoute() {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as { title?: string } | undefined;
  return (
    <main className="mx-auto max-w-2xl px-6 py-16">
      <h1 className="text-2xl font-bold">{handle?.title ?? 'Parallels'}</h1>
      <PlaceholderScreen title="This page is coming soon" />
    </main>
  );
}
