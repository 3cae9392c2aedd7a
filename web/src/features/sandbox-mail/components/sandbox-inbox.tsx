import { useState } from 'react';
import type { SandboxMail } from '@parallels/contract/email-reports';
import { Card } from '../../../components/ui/card';
import { Tabs } from '../../../components/ui/tabs';
import { useSandboxMail, useSandboxMessage } from '../api/sandbox-mail';

/**
 * /sandbox/mail (sandbox mode): every email the product sent, caught by the in-process SMTP server, so the
 * digests and alerts can be read with no mail account. The selected message shows its HTML, text and headers.
 */
export function SandboxInbox({ selectedId, onSelect }: { selectedId: string | undefined; onSelect: (id: string) => void }) {
  const list = useSandboxMail();
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]">
      <Card className="min-w-0 p-0">
        <h2 className="border-b border-slate-100 px-4 py-3 text-sm font-semibold">Messages</h2>
        {list.isPending && <p className="p-4 text-sm text-slate-500">Loading messages…</p>}
        {list.isError && <p className="p-4 text-sm text-red-600">{list.error.message}</p>}
        {list.data?.length === 0 && <p className="p-4 text-sm text-slate-500">No emails yet. Digests go out at 07:00 in each brand's timezone.</p>}
        {list.data && list.data.length > 0 && (
          <ul aria-label="Messages" className="divide-y divide-slate-100">
            {list.data.map((m) => (
              <li key={m.id}>
                <button
                  type="button"
                  aria-current={m.id === selectedId ? 'true' : undefined}
                  onClick={() => onSelect(m.id)}
                  className={`block w-full px-4 py-3 text-left text-sm hover:bg-slate-50 ${m.id === selectedId ? 'bg-brand-50' : ''}`}
                >
                  <span className="block truncate font-medium">{m.subject || '(no subject)'}</span>
                  <span className="block truncate text-xs text-slate-500">
                    To {m.to.join(', ')} · {new Date(m.receivedAt).toLocaleString()}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card className="min-w-0 p-4">{selectedId ? <MessageView id={selectedId} /> : <p className="text-sm text-slate-500">Choose a message to read it.</p>}</Card>
    </div>
  );
}

function MessageView({ id }: { id: string }) {
  const message = useSandboxMessage(id);
  const [part, setPart] = useState('html');
  if (message.isPending) return <p className="text-sm text-slate-500">Loading the message…</p>;
  if (message.isError) return <p className="text-sm text-red-600">{message.error.message}</p>;
  const m = message.data;
  return (
    <article aria-label={m.subject} className="space-y-3">
      <header className="space-y-1">
        <h2 className="text-lg font-semibold">{m.subject}</h2>
        <p className="text-sm text-slate-600">
          From {m.from} to {m.to.join(', ')}
        </p>
      </header>
      <Tabs
        label="Message parts"
        selected={part}
        onSelect={setPart}
        items={[
          { id: 'html', label: 'HTML', panel: <HtmlPart message={m} /> },
          { id: 'text', label: 'Text', panel: <pre className="overflow-x-auto whitespace-pre-wrap text-sm">{m.text ?? 'No text part.'}</pre> },
          { id: 'headers', label: 'Headers', panel: <Headers message={m} /> },
        ]}
      />
    </article>
  );
}

function HtmlPart({ message }: { message: SandboxMail }) {
  if (!message.html) return <p className="text-sm text-slate-500">No HTML part.</p>;
  // sandboxed: the email's HTML runs no script and cannot reach the app; links open in a new tab
  return <iframe title={`HTML of ${message.subject}`} sandbox="allow-popups allow-popups-to-escape-sandbox" srcDoc={withBaseTarget(message.html)} className="h-[70vh] w-full rounded border border-slate-200 bg-white" />;
}

function withBaseTarget(html: string): string {
  return html.includes('<head>') ? html.replace('<head>', '<head><base target="_blank">') : `<base target="_blank">${html}`;
}

function Headers({ message }: { message: SandboxMail }) {
  return (
    <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
      {message.headers.map((h, i) => (
        <div key={`${h.name}-${i}`} className="contents">
          <dt className="font-mono text-slate-500">{h.name}</dt>
          <dd className="break-all font-mono">{h.value}</dd>
        </div>
      ))}
    </dl>
  );
}
