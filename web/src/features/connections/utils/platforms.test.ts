import { describe, expect, it } from 'vitest';
import { matchesSearch, platformFromOpenModal, updateBodyFor, withAdded, withRemoved, type LinkedAccounts } from './platforms';

const linked: LinkedAccounts = { fbAdAccounts: ['act_1'], googleAdAccount: [{ clientId: '1111111111', managerId: '' }], ga4PropertyId: '7' };

describe('merging picks into a brand (spec core.md section 5)', () => {
  it('Facebook: adds new ids once, whether or not they carry act_', () => {
    const next = withAdded('meta', linked, [
      { key: '1', id: '1', name: 'Again' },
      { key: 'act_2', id: 'act_2', name: 'New' },
      { key: '2', id: '2', name: 'New, other spelling' },
    ]);
    expect(next.fbAdAccounts).toEqual(['act_1', 'act_2']);
  });

  it('Google Ads: adds new clients once, comparing ids without hyphens', () => {
    const next = withAdded('google_ads', linked, [
      { key: 'a', id: '111-111-1111', name: 'Again' },
      { key: 'b', id: '2222222222', name: 'New', managerId: '999-999-9999' },
    ]);
    expect(next.googleAdAccount).toEqual([
      { clientId: '1111111111', managerId: '' },
      { clientId: '2222222222', managerId: '9999999999' },
    ]);
  });

  it('GA4: the first pick replaces the property', () => {
    const next = withAdded('ga4', linked, [
      { key: '9', id: 'properties/9', name: 'First' },
      { key: '8', id: '8', name: 'Second' },
    ]);
    expect(updateBodyFor('ga4', next)).toEqual({ ga4Account: { PropertyID: '9' } });
  });

  it('Remove sends the list without the account, or ga4Account null', () => {
    expect(updateBodyFor('meta', withRemoved('meta', linked, { key: '1', id: '1', name: 'x' }))).toEqual({ fbAdAccounts: [] });
    expect(updateBodyFor('ga4', withRemoved('ga4', linked, { key: '7', id: '7', name: 'x' }))).toEqual({ ga4Account: null });
  });
});

describe('search and openModal', () => {
  it('matches name, id and manager id without regard to case', () => {
    const option = { key: 'k', id: '2222222222', name: 'Sun Kissed EU', managerId: '9999999999' };
    for (const q of ['sun kissed', 'EU', '2222', '222-222-2222', '9999', '']) expect(matchesSearch(option, q)).toBe(true);
    expect(matchesSearch(option, 'moon')).toBe(false);
  });

  it('maps the openModal values and ignores others', () => {
    expect(platformFromOpenModal('googleads')).toBe('google_ads');
    expect(platformFromOpenModal('googleanalytics')).toBe('ga4');
    expect(platformFromOpenModal('facebook')).toBe('meta');
    expect(platformFromOpenModal('shopify')).toBeNull();
    expect(platformFromOpenModal(null)).toBeNull();
  });
});
