import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { connection } from '../testing/connection-fixture';
import { ConnectionSyncList, syncStatusText } from './connection-sync-list';

describe('connection sync list', () => {
  afterEach(() => vi.useRealTimers());

  it.each([
    [{ syncState: 'backfilling', backfillProgress: 0.427 }, 'Backfilling 42%', null],
    [{ syncState: 'fresh' }, 'Up to date', null],
    [{ syncState: 'pending', backfillProgress: 0 }, 'Waiting to sync', null],
    [{ status: 'reauth_required', statusMessage: 'The Facebook token was revoked.' }, 'Needs reconnection', 'The Facebook token was revoked.'],
    [{ status: 'reauth_required', syncState: 'failing', lastError: 'token' }, 'Needs reconnection', null],
    [{ syncState: 'failing', lastError: 'Meta answered 500 three times' }, 'Failing', 'Meta answered 500 three times'],
    [{ status: 'error', statusMessage: 'Account disabled' }, 'Failing', 'Account disabled'],
  ] as const)('%o reads %s', (overrides, label, detail) => {
    expect(syncStatusText(connection(overrides))).toMatchObject({ label, detail });
  });

  it('shows per connection the account, platform, last sync time and state with its reason', () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-03-01T12:00:00Z'));
    render(
      <ConnectionSyncList
        connections={[
          connection(),
          connection({ id: 'c2', platform: 'google_ads', accountName: 'Search', syncState: 'backfilling', backfillProgress: 0.6, lastSyncedAt: null }),
          connection({ id: 'c3', platform: 'ga4', accountName: 'Web', syncState: 'failing', lastError: 'Quota exhausted', lastSyncedAt: '2026-02-27T12:00:00Z' }),
          connection({ id: 'c4', platform: 'shopify', accountName: 'sun.myshopify.com', status: 'reauth_required', statusMessage: 'Reinstall the app.' }),
        ]}
      />,
    );
    const rows = within(screen.getByRole('list', { name: 'Sync status' })).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Sun Kissed AdsFacebook · Last synced 3 hours agoUp to date',
      'SearchGoogle Ads · Not synced yetBackfilling 60%',
      'WebGoogle Analytics · Last synced 2 days agoFailingQuota exhausted',
      'sun.myshopify.comShopify · Last synced 3 hours agoNeeds reconnectionReinstall the app.',
    ]);
  });

  it('says when nothing is connected', () => {
    render(<ConnectionSyncList connections={[]} />);
    expect(screen.getByText('No accounts connected yet.')).toBeInTheDocument();
  });
});
