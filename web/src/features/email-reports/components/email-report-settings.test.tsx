import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EmailSettings } from '@parallels/contract/email-reports';
import { AppProvider } from '../../../app/provider';
import { EmailReportSettings } from './email-report-settings';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const fetchMock = vi.fn<typeof fetch>();
const B1 = '11111111-1111-4111-8111-111111111111';
const B2 = '22222222-2222-4222-8222-222222222222';
let rows: EmailSettings[];

function renderSettings() {
  render(
    <AppProvider>
      <EmailReportSettings />
    </AppProvider>,
  );
}

describe('Email reports settings', () => {
  beforeEach(() => {
    rows = [
      { brandId: B1, brandName: 'Sun_Kissed_Co', daily: false, weekly: false, alerts: false },
      { brandId: B2, brandName: 'Moon_Shop', daily: true, weekly: false, alerts: true },
    ];
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/email/settings') return json(200, { success: true, data: rows });
      if (url.startsWith('/api/alerts/rules/')) return json(200, { success: true, data: [] });
      const put = url.match(/^\/api\/email\/settings\/(.+)$/);
      if (put && init?.method === 'PUT') {
        const change = JSON.parse(String(init.body)) as Partial<EmailSettings>;
        if (put[1] === B2) return json(503, { success: false, message: 'Email settings are unavailable right now.' });
        rows = rows.map((r) => (r.brandId === put[1] ? { ...r, ...change } : r));
        return json(200, { success: true, data: rows.find((r) => r.brandId === put[1]) });
      }
      return json(404, { success: false, message: 'not mocked' });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows each brand with its daily, weekly and alert switches as the server has them', async () => {
    renderSettings();
    const sun = await screen.findByRole('region', { name: 'Emails for Sun Kissed Co' });
    expect(within(sun).getByRole('switch', { name: 'Daily report for Sun Kissed Co' })).not.toBeChecked();
    expect(within(sun).getByRole('switch', { name: 'Weekly report for Sun Kissed Co' })).not.toBeChecked();
    expect(within(sun).getByRole('switch', { name: 'Alert emails for Sun Kissed Co' })).not.toBeChecked();
    const moon = screen.getByRole('region', { name: 'Emails for Moon Shop' });
    expect(within(moon).getByRole('switch', { name: 'Daily report for Moon Shop' })).toBeChecked();
    expect(within(moon).getByRole('switch', { name: 'Alert emails for Moon Shop' })).toBeChecked();
  });

  it('turns a report on with the server and says so', async () => {
    renderSettings();
    await userEvent.click(await screen.findByRole('switch', { name: 'Weekly report for Sun Kissed Co' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Weekly report for Sun Kissed Co' })).toBeChecked());
    expect(fetchMock.mock.calls.some(([url, init]) => url === `/api/email/settings/${B1}` && init?.method === 'PUT' && init.body === JSON.stringify({ weekly: true }))).toBe(true);
    expect(await screen.findByText('Weekly report for Sun Kissed Co is on.')).toBeInTheDocument();
  });

  it("keeps the switch as it was and shows the server's message when saving fails", async () => {
    renderSettings();
    await userEvent.click(await screen.findByRole('switch', { name: 'Daily report for Moon Shop' }));
    expect(await screen.findByText('Email settings are unavailable right now.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Daily report for Moon Shop' })).toBeChecked();
  });
});
