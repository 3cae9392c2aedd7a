import { createElement as h, type ReactNode } from 'react';
import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import { render } from '@react-email/render';
import type { Digest, DigestCampaign, DigestMetric, DigestSource, FigureFormat } from './digest.service.js';

// The digest as an email: HTML from React Email components (tables and inline styles, which common mail
// clients render alike) and a plain-text part with the same figures. A missing figure reads 'missing' (never 0).

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const MISSING = 'missing';

function formatFigure(value: number | null, format: FigureFormat, currency: string): string {
  if (value === null) return MISSING;
  const locale = currency === 'INR' ? 'en-IN' : 'en-US';
  if (format === 'money') return new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 }).format(value);
  if (format === 'ratio') return `${value.toFixed(2)}x`;
  if (format === 'percent') return `${value.toFixed(2)}%`;
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value);
}

function formatChange(change: number | null): string {
  if (change === null) return '';
  return `${change > 0 ? '+' : ''}${change.toFixed(1)}%`;
}

const STATE_NOTE: Partial<Record<DigestSource['state'], string>> = {
  not_connected: 'Not connected',
  syncing: 'Still syncing: figures missing',
  needs_reconnect: 'Needs reconnecting: last synced figures',
  failing: 'Sync failing: figures may be missing',
};

function periodLabel(d: Digest): string {
  return d.range.from === d.range.to ? d.range.from : `${d.range.from} to ${d.range.to}`;
}

export function digestSubject(d: Digest): string {
  return `${d.kind === 'daily' ? 'Daily' : 'Weekly'} report for ${d.brandName}: ${periodLabel(d)}`;
}

const styles = {
  body: { backgroundColor: '#f1f5f9', fontFamily: 'Helvetica, Arial, sans-serif', color: '#0f172a' },
  container: { backgroundColor: '#ffffff', margin: '24px auto', padding: '24px', maxWidth: '600px', borderRadius: '8px' },
  h1: { fontSize: '20px', margin: '0 0 4px' },
  h2: { fontSize: '16px', margin: '20px 0 8px' },
  muted: { color: '#64748b', fontSize: '13px', margin: '0' },
  cell: { padding: '6px 8px', borderBottom: '1px solid #e2e8f0', fontSize: '14px' },
  num: { padding: '6px 8px', borderBottom: '1px solid #e2e8f0', fontSize: '14px', textAlign: 'right' as const },
  link: { color: '#4f46e5' },
  button: { backgroundColor: '#4f46e5', color: '#ffffff', padding: '10px 16px', borderRadius: '6px', fontSize: '14px' },
};

function table(head: string[], rows: ReactNode[][]): ReactNode {
  return h(
    'table',
    { width: '100%', cellPadding: 0, cellSpacing: 0, role: 'presentation', style: { borderCollapse: 'collapse' } },
    h('thead', null, h('tr', null, ...head.map((c, i) => h('th', { key: c, style: { ...(i === 0 ? styles.cell : styles.num), color: '#64748b', fontWeight: 'normal' } }, c)))),
    h('tbody', null, ...rows.map((r, i) => h('tr', { key: i }, ...r.map((c, j) => h('td', { key: j, style: j === 0 ? styles.cell : styles.num }, c))))),
  );
}

function sourceSection(d: Digest, s: DigestSource): ReactNode {
  const note = STATE_NOTE[s.state];
  return h(
    Section,
    { key: s.source },
    h(Heading, { as: 'h2', style: styles.h2 }, s.name),
    note ? h(Text, { style: styles.muted }, note) : null,
    s.state === 'not_connected'
      ? null
      : table(
          ['', periodLabel(d), 'Previous', 'Change'],
          s.metrics.map((m: DigestMetric) => [m.label, formatFigure(m.current, m.format, d.currency), formatFigure(m.previous, m.format, d.currency), formatChange(m.change)]),
        ),
    h(Link, { href: s.link, style: styles.link }, `Open ${s.name}`),
  );
}

function campaignRows(d: Digest, list: DigestCampaign[]): ReactNode[][] {
  return list.map((c) => [c.name, formatFigure(c.spend, 'money', d.currency), formatFigure(c.roas, 'ratio', d.currency)]);
}

function digestElement(d: Digest, unsubscribeUrl: string): ReactNode {
  const title = digestSubject(d);
  return h(
    Html,
    { lang: 'en' },
    h(Head, null),
    h(Preview, null, title),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        h(Heading, { as: 'h1', style: styles.h1 }, `${d.kind === 'daily' ? 'Daily' : 'Weekly'} report: ${d.brandName}`),
        h(Text, { style: styles.muted }, `${periodLabel(d)}, compared with ${d.previous.from === d.previous.to ? d.previous.from : `${d.previous.from} to ${d.previous.to}`}`),
        ...d.sources.map((s) => sourceSection(d, s)),
        d.targets.length > 0
          ? h(
              Section,
              null,
              h(Heading, { as: 'h2', style: styles.h2 }, 'Targets this month'),
              table(
                ['Target', 'Sales', 'Spend', 'ROAS'],
                d.targets.map((t) => [
                  `${t.name} (${t.source}, by ${t.targetDate})`,
                  `${formatFigure(t.achievedSales, 'money', d.currency)} of ${formatFigure(t.targetSales, 'money', d.currency)}`,
                  `${formatFigure(t.achievedSpend, 'money', d.currency)} of ${formatFigure(t.targetSpend, 'money', d.currency)}`,
                  `${formatFigure(t.achievedRoas, 'ratio', d.currency)} of ${formatFigure(t.targetRoas, 'ratio', d.currency)}`,
                ]),
              ),
            )
          : null,
        d.campaigns
          ? h(
              Section,
              null,
              h(Heading, { as: 'h2', style: styles.h2 }, 'Meta campaigns'),
              h(Text, { style: styles.muted }, 'Most spend'),
              table(['Campaign', 'Spend', 'ROAS'], campaignRows(d, d.campaigns.bySpend)),
              h(Text, { style: styles.muted }, 'Best ROAS'),
              table(['Campaign', 'Spend', 'ROAS'], campaignRows(d, d.campaigns.bestRoas)),
              d.campaigns.worstRoas.length > 0 ? h(Text, { style: styles.muted }, 'Lowest ROAS') : null,
              d.campaigns.worstRoas.length > 0 ? table(['Campaign', 'Spend', 'ROAS'], campaignRows(d, d.campaigns.worstRoas)) : null,
              h(Link, { href: d.links.metaCampaigns, style: styles.link }, 'Open Campaign Analysis'),
            )
          : null,
        h(
          Section,
          { style: { marginTop: '24px' } },
          h(Button, { href: d.links.dashboard, style: styles.button }, 'Open the dashboard'),
          h(Text, { style: styles.muted }, h(Link, { href: d.links.marketingInsights, style: styles.link }, 'Marketing Insights'), ' · ', h(Link, { href: d.links.adMetrics, style: styles.link }, 'AdMetrics')),
        ),
        h(Hr, null),
        h(
          Text,
          { style: styles.muted },
          'You get this email because you turned on email reports for this brand. ',
          h(Link, { href: unsubscribeUrl, style: styles.link }, 'Unsubscribe'),
          ' · ',
          h(Link, { href: d.links.settings, style: styles.link }, 'Email settings'),
        ),
      ),
    ),
  );
}

/** The plain-text part: the same figures, one line each. */
function digestText(d: Digest, unsubscribeUrl: string): string {
  const lines = [digestSubject(d), `Compared with ${d.previous.from} to ${d.previous.to}`, ''];
  for (const s of d.sources) {
    lines.push(`${s.name}${STATE_NOTE[s.state] ? ` (${STATE_NOTE[s.state]})` : ''}`);
    if (s.state !== 'not_connected') {
      for (const m of s.metrics) lines.push(`  ${m.label}: ${formatFigure(m.current, m.format, d.currency)} (previous ${formatFigure(m.previous, m.format, d.currency)}${m.change === null ? '' : `, ${formatChange(m.change)}`})`);
    }
    lines.push(`  ${s.link}`, '');
  }
  if (d.targets.length > 0) {
    lines.push('Targets this month');
    for (const t of d.targets) lines.push(`  ${t.name} (${t.source}): sales ${formatFigure(t.achievedSales, 'money', d.currency)} of ${formatFigure(t.targetSales, 'money', d.currency)}, spend ${formatFigure(t.achievedSpend, 'money', d.currency)} of ${formatFigure(t.targetSpend, 'money', d.currency)}`);
    lines.push('');
  }
  if (d.campaigns) {
    lines.push('Meta campaigns, most spend');
    for (const c of d.campaigns.bySpend) lines.push(`  ${c.name}: ${formatFigure(c.spend, 'money', d.currency)}, ROAS ${formatFigure(c.roas, 'ratio', d.currency)}`);
    lines.push('Best ROAS');
    for (const c of d.campaigns.bestRoas) lines.push(`  ${c.name}: ${formatFigure(c.roas, 'ratio', d.currency)}`);
    if (d.campaigns.worstRoas.length > 0) {
      lines.push('Lowest ROAS');
      for (const c of d.campaigns.worstRoas) lines.push(`  ${c.name}: ${formatFigure(c.roas, 'ratio', d.currency)}`);
    }
    lines.push(`  ${d.links.metaCampaigns}`, '');
  }
  lines.push(`Dashboard: ${d.links.dashboard}`, `Email settings: ${d.links.settings}`, `Unsubscribe: ${unsubscribeUrl}`);
  return lines.join('\n');
}

export async function renderDigestEmail(d: Digest, unsubscribeUrl: string): Promise<RenderedEmail> {
  return { subject: digestSubject(d), html: await render(digestElement(d, unsubscribeUrl)), text: digestText(d, unsubscribeUrl) };
}
