import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { User } from '@parallels/contract/auth';
import type { FbAdAccountRow, FbAdMetricsResponse, GoogleAdMetricsResponse } from '@parallels/contract/ad-metrics';
import type { SourceStatus } from '@parallels/contract/report-dates';
import { api, bodyOf, fail, sent, server, type Reply } from '../../../test/api';
import { sessionStore } from '../../lib/session-store';
import { tokenFlags } from '../../lib/token-flags';
import { SessionWatcher } from '../session';
import { AppProvider } from '../provider';
import { AdMetricsRoute } from './ad-metrics';

const asha: User = { id: 'u1', username: 'Asha', email: 'asha@example.com', isAdmin: false, brands: ['b1'], loginCount: 3 };
const ready: SourceStatus = { state: 'ready', syncedThrough: '2026-03-14', lastSyncedAt: '2026-03-15T06:00:00.000Z', message: null };

function fbRow(id: string, name: string, spend: number, revenue: number, purchases: number, clicks: number, impressions: number): FbAdAccountRow {
  return {
    account_id: id,
    account_name: name,
    spend,
    Revenue: { value: revenue },
    purchases: { value: purchases },
    purchase_roas: [{ value: revenue / spend }],
    clicks,
    impressions,
    cpc: spend / clicks,
    cpm: (spend * 1000) / impressions,
    ctr: (clicks / impressions) * 100,
    cpp: spend / purchases,
    message: null,
    status: ready,
  };
}
const googleSummary = (spend: number, value: number, conversions: number, clicks: number, impressions: number): GoogleAdMetricsResponse['data'][number] => ({
  customerId: '1111111111',
  managerId: '',
  adAccountName: 'Search',
  adMetrics: {
    totalSpend: spend,
    totalConversionsValue: value,
    totalConversions: conversions,
    totalClicks: clicks,
    totalImpressions: impressions,
    roas: value / spend,
    totalCPC: spend / clicks,
    totalCPM: (spend * 1000) / impressions,
    totalCTR: (clicks / impressions) * 100,
    totalCostPerConversion: spend / conversions,
  },
  message: null,
  status: ready,
});

type Answer<T> = T | Reply<T>;
let answers: { fb: (body: { startDate: string }) => Answer<FbAdMetricsResponse>; google: (body: { startDate: string }) => Answer<GoogleAdMetricsResponse> };

function renderAt(path: string) {
  // the session watcher (mounted at the root in the app) turns API answers into the token flags
  const router = createMemoryRouter(
    [
      {
        path: '/admetrics/:brandId',
        element: (
          <>
            <SessionWatcher />
            <AdMetricsRoute />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

describe('AdMetrics dashboard', () => {
  beforeEach(() => {
    server.use(
      api('POST /api/metrics/fbAd/:brandId', ({ body }) => answers.fb(body as { startDate: string })),
      api('POST /api/metrics/googleAdAndCampaign/:brandId', ({ body }) => answers.google(body as { startDate: string })),
      api('POST /api/setup/google-accounts/:brandId', () => ({ success: true, clientAccounts: [] })),
      api('POST /api/setup/fb-ad-accounts/:brandId', () => ({ success: true, adAccounts: [] })),
      api('POST /api/setup/ga4-propertyIds/:brandId', () => ({ success: true, propertiesList: [] })),
    );
    sessionStore.signIn(asha);
    tokenFlags.clearAll();
    answers = {
      fb: () => ({ success: true, currency: 'INR', data: [fbRow('act_1', 'Main', 1000, 3000, 10, 500, 50000), fbRow('act_2', 'Retargeting', 500, 2500, 5, 100, 10000)] }),
      google: () => ({ success: true, currency: 'INR', data: [googleSummary(500, 1500, 5, 400, 40000)] }),
    };
  });
  afterEach(() => {
    sessionStore.clear();
  });

  it('blends Facebook and Google by summing first, and shows a card per account', async () => {
    renderAt('/admetrics/b1?from=2026-03-01&to=2026-03-14');
    const blended = await screen.findByRole('region', { name: 'Blended summary' });
    const tile = (card: HTMLElement, label: string) => within(card).getByText(label).parentElement!;
    // spend 2000, revenue 7000, purchases 20, clicks 1000, impressions 100000
    expect(tile(blended, 'Amount Spent')).toHaveTextContent('₹2,000');
    expect(tile(blended, 'Revenue')).toHaveTextContent('₹7,000');
    expect(tile(blended, 'ROAS (Ads only)')).toHaveTextContent('3.50x');
    expect(tile(blended, 'Ads Purchases')).toHaveTextContent('20');
    expect(tile(blended, 'CPC')).toHaveTextContent('₹2.00');
    expect(tile(blended, 'CPM')).toHaveTextContent('₹20.00');
    expect(tile(blended, 'CTR')).toHaveTextContent('1.00%');
    expect(tile(blended, 'CPP')).toHaveTextContent('₹100.00');
    expect(screen.getByRole('region', { name: 'Facebook - Main' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Facebook - Retargeting' })).toBeInTheDocument();
    const google = screen.getByRole('region', { name: 'Google Ads - Search' });
    for (const label of ['Total Cost', 'Conversion Value', 'ROAS', 'Conversions', 'CPC', 'CPM', 'CTR', 'Cost Per Conversion']) expect(within(google).getByText(label)).toBeInTheDocument();
    expect(tile(google, 'Cost Per Conversion')).toHaveTextContent('₹100.00');
    // the range asked for is the URL's
    expect(bodyOf('POST /api/metrics/fbAd/b1')).toEqual({ startDate: '2026-03-01', endDate: '2026-03-14', userId: 'u1' });
  });

  it('compare mode: each metric shows the comparison value and its change', async () => {
    answers.fb = (body) => ({ success: true, currency: 'INR', data: [body.startDate === '2026-02-01' ? fbRow('act_1', 'Main', 800, 2000, 8, 400, 40000) : fbRow('act_1', 'Main', 1000, 3000, 10, 500, 50000)] });
    answers.google = () => ({ success: true, currency: 'INR', data: [] });
    renderAt('/admetrics/b1?from=2026-03-01&to=2026-03-14&compareFrom=2026-02-01&compareTo=2026-02-14');
    const card = await screen.findByRole('region', { name: 'Facebook - Main' });
    const spent = within(card).getByText('Amount Spent').parentElement!;
    expect(await within(spent).findByText('vs ₹800.00')).toBeInTheDocument();
    expect(within(spent).getByLabelText(/^Up \+25.00% vs 1 Feb 2026 – 14 Feb 2026/)).toBeInTheDocument();
    // Google has no account: its empty state, with a Connect button
    expect(screen.getByText('No Google Ad Account connected for this brand.')).toBeInTheDocument();
  });

  it('neither platform connected: the whole screen asks to connect, and Connect opens the right dialog', async () => {
    answers.fb = () => ({ success: true, currency: 'INR', data: [] });
    answers.google = () => ({ success: true, currency: 'INR', data: [] });
    renderAt('/admetrics/b1');
    expect(await screen.findByRole('heading', { name: 'Connect Your Advertising Accounts' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Blended summary' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Connect Google Ads' }));
    expect(await screen.findByRole('dialog', { name: 'Google Ads Accounts' })).toBeInTheDocument();
  });

  it('Facebook missing: its empty state opens the Facebook dialog', async () => {
    answers.fb = () => ({ success: true, currency: 'INR', data: [] });
    renderAt('/admetrics/b1');
    expect(await screen.findByText('No Facebook Ad Account connected for this brand.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Blended summary' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Connect Facebook' }));
    expect(await screen.findByRole('dialog', { name: 'Facebook Ad Accounts' })).toBeInTheDocument();
  });

  it('an account not synced for the range shows dashes and why; the blend waits for it', async () => {
    const missing: FbAdAccountRow = { ...fbRow('act_2', 'Retargeting', 1, 1, 1, 1, 1), spend: null, Revenue: { value: null }, purchases: { value: null }, purchase_roas: [], clicks: null, impressions: null, cpc: null, cpm: null, ctr: null, cpp: null, message: 'Still loading this account’s history', status: { ...ready, state: 'syncing' } };
    answers.fb = () => ({ success: true, currency: 'INR', data: [fbRow('act_1', 'Main', 1000, 3000, 10, 500, 50000), missing] });
    renderAt('/admetrics/b1');
    const card = await screen.findByRole('region', { name: 'Facebook - Retargeting' });
    expect(within(card).getByText('Still loading this account’s history')).toBeInTheDocument();
    expect(within(card).getAllByText('-')).toHaveLength(8);
    expect(within(screen.getByRole('region', { name: 'Blended summary' })).getByText('Waiting for every account to sync')).toBeInTheDocument();
  });

  it('a token problem (403) keeps the last synced figures, says to reconnect and sets the Facebook token flag', async () => {
    const stale: FbAdMetricsResponse = { success: true, currency: 'INR', data: [fbRow('act_1', 'Main', 1000, 3000, 10, 500, 50000)] };
    answers.fb = () => fail(403, { success: false, code: 'TOKEN_EXPIRED', platform: 'meta', message: 'Your Facebook access has expired. Reconnect to keep this brand’s data up to date.', stale });
    renderAt('/admetrics/b1');
    expect(await screen.findByRole('region', { name: 'Facebook - Main' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your Facebook access has expired.');
    expect(tokenFlags.get()).toEqual({ fbToken: true, googleAnalyticsToken: false, googleAdsToken: false });
  });

  it('refreshes itself every 3 hours (spec core.md section 9)', async () => {
    // a morning: three hours later is the same day, so the default range (to today) and its query stay the same
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-03-15T06:00:00') });
    try {
      renderAt('/admetrics/b1');
      await screen.findByRole('region', { name: 'Facebook - Main' });
      const fbCalls = () => sent('POST /api/metrics/fbAd/b1').length;
      const before = fbCalls();
      await vi.advanceTimersByTimeAsync(3 * 60 * 60 * 1000 - 1000);
      expect(fbCalls()).toBe(before);
      await vi.advanceTimersByTimeAsync(2000);
      expect(fbCalls()).toBe(before + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the Preparing screen while nothing has synced ('No metrics data available yet')", async () => {
    const notReady = fail(409, { success: false, message: 'No metrics data available yet. Please try again later.', code: 'METRICS_NOT_READY' });
    answers.fb = () => notReady;
    answers.google = () => notReady;
    renderAt('/admetrics/b1');
    expect(await screen.findByRole('heading', { name: 'Preparing your dashboard...' })).toBeInTheDocument();
  });

  it("says which platform failed with 'Error: {message}' and a retry, and keeps the other platform's cards", async () => {
    answers.fb = () => fail(400, { success: false, message: 'Choose a real date' });
    answers.google = () => ({ success: true, currency: 'INR', data: [] });
    renderAt('/admetrics/b1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Facebook: Choose a real date');
    expect(within(screen.getByRole('alert')).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByText('No Google Ad Account connected for this brand.')).toBeInTheDocument();
  });

  it('shows an account in another currency in its own currency and leaves it out of the blended card', async () => {
    answers.fb = () => ({ success: true, currency: 'INR', data: [{ ...fbRow('act_1', 'India', 1000, 3000, 10, 500, 50000), currency: 'INR' }, { ...fbRow('act_2', 'United States', 70, 210, 1, 20, 2000), currency: 'USD' }] });
    answers.google = () => ({ success: true, currency: 'INR', data: [] });
    renderAt('/admetrics/b1');
    const blended = await screen.findByRole('region', { name: 'Blended summary' });
    const tile = (card: HTMLElement, label: string) => within(card).getByText(label).parentElement!;
    expect(tile(blended, 'Amount Spent')).toHaveTextContent('₹1,000');
    expect(within(blended).getByText('In INR only: United States (USD) not added')).toBeInTheDocument();
    const us = screen.getByRole('region', { name: 'Facebook - United States' });
    expect(tile(us, 'Amount Spent')).toHaveTextContent('$70');
  });
});
