import { describe, expect, it } from 'vitest';
import { formatCustomerId, platformTitle } from './platform-names';

describe('platform names on screen', () => {
  it('shows a Google Ads customer id as Google does', () => {
    expect(formatCustomerId('5678901234')).toBe('567-890-1234');
    expect(formatCustomerId('567-890-1234')).toBe('567-890-1234');
    expect(formatCustomerId('act_123')).toBe('act_123');
  });

  it('says the platform once in a card title', () => {
    expect(platformTitle('Google Ads', 'Northwind Outfitters - Google Ads')).toBe('Google Ads - Northwind Outfitters');
    expect(platformTitle('Google Ads', 'Google Ads: Northwind')).toBe('Google Ads - Northwind');
    expect(platformTitle('Google Ads', 'Northwind Outfitters')).toBe('Google Ads - Northwind Outfitters');
    expect(platformTitle('Facebook', 'Parallels Demo - Prospecting')).toBe('Facebook - Parallels Demo - Prospecting');
    expect(platformTitle('Google Ads', 'Google Ads')).toBe('Google Ads - Google Ads');
  });
});
