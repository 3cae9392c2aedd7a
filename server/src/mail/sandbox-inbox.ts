import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type AddressObject } from 'mailparser';

/** A message the sandbox inbox caught, as the inbox page shows it. */
export interface CaughtMessage {
  id: string;
  receivedAt: string;
  from: string;
  to: string[];
  subject: string;
  html: string | null;
  text: string | null;
  /** every header, lower-cased names, in the order sent (List-Unsubscribe among them) */
  headers: Array<{ name: string; value: string }>;
}

export interface SandboxInbox {
  /** smtp://127.0.0.1:port: where the mailer sends in sandbox mode */
  url: string;
  /** newest first */
  list(): CaughtMessage[];
  get(id: string): CaughtMessage | undefined;
  close(): Promise<void>;
}

// The newest this many messages are kept: a sandbox left running for weeks does not grow without end.
const KEEP = 500;

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  return [value ?? []].flat().flatMap((a) => a.value.map((v) => v.address ?? v.name));
}

/**
 * Sandbox mode's mail server (issue 22): a real SMTP server on a free loopback port that accepts every
 * message, parses it (mailparser) and keeps it in memory for /sandbox/mail, so a newcomer reads the product's
 * emails with no mail account anywhere. The mailer talks real SMTP to it, the same code as in production.
 */
export async function startSandboxInbox(): Promise<SandboxInbox> {
  const messages: CaughtMessage[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.unshift({
            id: randomUUID(),
            receivedAt: new Date().toISOString(),
            from: addresses(mail.from).join(', ') || session.envelope.mailFrom?.toString() || '',
            to: addresses(mail.to).length > 0 ? addresses(mail.to) : session.envelope.rcptTo.map((r) => r.address),
            subject: mail.subject ?? '',
            html: typeof mail.html === 'string' ? mail.html : null,
            text: mail.text ?? null,
            headers: mail.headerLines.map((h) => ({ name: h.key, value: h.line.slice(h.line.indexOf(':') + 1).trim() })),
          });
          messages.splice(KEEP);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    list: () => [...messages],
    get: (id) => messages.find((m) => m.id === id),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
