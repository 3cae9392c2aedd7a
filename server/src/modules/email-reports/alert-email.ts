import { createElement as h } from 'react';
import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Text } from '@react-email/components';
import { render } from '@react-email/render';
import type { RenderedEmail } from './digest-email.js';
import type { AlertPayload } from './email-reports.sql.js';

const muted = { color: '#64748b', fontSize: '13px' };

/** An alert (fired or resolved) as an email: its title and message, a link to the app, and the unsubscribe link. */
export async function renderAlertEmail(alert: AlertPayload, brandName: string, links: { app: string; settings: string; unsubscribe: string }): Promise<RenderedEmail> {
  const subject = `${alert.state === 'resolved' ? 'Resolved' : 'Alert'} for ${brandName}: ${alert.title}`;
  const element = h(
    Html,
    { lang: 'en' },
    h(Head, null),
    h(Preview, null, subject),
    h(
      Body,
      { style: { backgroundColor: '#f1f5f9', fontFamily: 'Helvetica, Arial, sans-serif', color: '#0f172a' } },
      h(
        Container,
        { style: { backgroundColor: '#ffffff', margin: '24px auto', padding: '24px', maxWidth: '600px', borderRadius: '8px' } },
        h(Heading, { as: 'h1', style: { fontSize: '20px' } }, subject),
        h(Text, null, alert.message),
        h(Button, { href: links.app, style: { backgroundColor: '#4f46e5', color: '#ffffff', padding: '10px 16px', borderRadius: '6px', fontSize: '14px' } }, 'Open Parallels'),
        h(Hr, null),
        h(Text, { style: muted }, 'You get this email because you turned on alert emails for this brand. ', h(Link, { href: links.unsubscribe }, 'Unsubscribe'), ' · ', h(Link, { href: links.settings }, 'Email settings')),
      ),
    ),
  );
  const text = [subject, '', alert.message, '', `Open Parallels: ${links.app}`, `Email settings: ${links.settings}`, `Unsubscribe: ${links.unsubscribe}`].join('\n');
  return { subject, html: await render(element), text };
}
