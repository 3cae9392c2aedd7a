import { useSearchParams } from 'react-router';
import { SandboxInbox } from '../../features/sandbox-mail/components/sandbox-inbox';

/** /sandbox/mail: the sandbox inbox; the open message is in the URL (?message=id). */
export function SandboxMailRoute() {
  const [params, setParams] = useSearchParams();
  return <SandboxInbox selectedId={params.get('message') ?? undefined} onSelect={(id) => setParams({ message: id })} />;
}
