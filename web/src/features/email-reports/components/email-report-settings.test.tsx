import { describe, expect, it, beforeEach } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EmailSettings } from '@parallels/contract/email-reports';
import { api, bodyOf, fail, server } from '../../../../test/api';
import { AppProvider } from '../../../app/provider';
import { EmailReportSettings } from './email-report-settings';

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
    server.use(
      api('GET /api/email/settings', () => ({ success: true, data: rows })),
      api('GET /api/alerts/rules/:brandId', () => ({ success: true, data: [] })),
      api('PUT /api/email/settings/:brandId', ({ params, body }) => {
        if (params.brandId === B2) return fail(503, { success: false, message: 'Email settings are unavailable right now.' });
        rows = rows.map((r) => (r.brandId === params.brandId ? { ...r, ...(body as Partial<EmailSettings>) } : r));
        return { success: true, data: rows.find((r) => r.brandId === params.brandId)! };
      }),
    );
  });

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
    expect(bodyOf(`PUT /api/email/settings/${B1}`)).toEqual({ weekly: true });
    expect(await screen.findByText('Weekly report for Sun Kissed Co is on.')).toBeInTheDocument();
  });

  it("keeps the switch as it was and shows the server's message when saving fails", async () => {
    renderSettings();
    await userEvent.click(await screen.findByRole('switch', { name: 'Daily report for Moon Shop' }));
    expect(await screen.findByText('Email settings are unavailable right now.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Daily report for Moon Shop' })).toBeChecked();
  });
});
