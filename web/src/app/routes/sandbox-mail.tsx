import { Link, useSearchParams } from 'react-router';
import { SandboxInbox } from '../../features/sandbox-mail/components/sandbox-inbox';
import { paths } from '../../lib/paths';

/**
 * /sandbox/mail: the sandbox inbox, outside the app shell (the shell reads the second path segment as a brand
 * id); the open message is in the URL (?message=id).
 */
export function SandboxMailRoute() {
  const [params, setParams] = useSearchParams();
  return (
    <main className="mx-auto max-w-6xl space-y-4 p-4">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">Sandbox inbox</h1>
        <Link to={paths.dashboard} className="text-sm font-medium text-brand-700 hover:underline">
          Back to the dashboard
        </Link>
      </header>
      <p className="text-sm text-slate-600">Sandbox mode: every email Parallels sends lands here instead of in a mailbox.</p>
      <SandboxInbox selectedId={params.get('message') ?? undefined} onSelect={(id) => setParams({ message: id })} />
    </main>
  );
}
