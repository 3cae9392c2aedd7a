import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { PRIVACY_POLICY } from '../content/privacy-policy';
import { TERMS_AND_CONDITIONS } from '../content/terms-and-conditions';
import { LegalPage, type LegalDocument } from './legal-page';

function renderPage(doc: LegalDocument) {
  render(
    <MemoryRouter>
      <LegalPage document={doc} />
    </MemoryRouter>,
  );
}

describe('legal pages', () => {
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('render titled sections of paragraphs and bullet lists, with a contents list', () => {
    renderPage({
      title: 'Sample Terms',
      effectiveDate: '1 January 2027',
      summary: 'Short summary.',
      sections: [
        { id: 'one', title: 'First', blocks: ['A paragraph.', ['item a', 'item b']] },
        { id: 'two', title: 'Second', blocks: ['Mail support@parallels.dev please.'] },
      ],
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Sample Terms' })).toBeInTheDocument();
    const first = screen.getByRole('region', { name: '1. First' });
    expect(within(first).getByText('A paragraph.')).toBeInTheDocument();
    expect(within(within(first).getByRole('list')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['item a', 'item b']);
    const second = screen.getByRole('region', { name: '2. Second' });
    expect(within(second).getByRole('link', { name: 'support@parallels.dev' })).toHaveAttribute('href', 'mailto:support@parallels.dev');
    const contents = screen.getByRole('navigation', { name: 'Contents' });
    expect(within(contents).getByRole('link', { name: 'Second' })).toHaveAttribute('href', '#two');
  });

  it('the privacy policy covers platform data, encrypted tokens, deletion, Google limited use and the contact', () => {
    renderPage(PRIVACY_POLICY);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    for (const title of ['Data from the platforms you connect', 'How we store and protect your data', 'Retention and deletion', 'Google API Services: limited use', 'Contact us']) {
      expect(screen.getByRole('heading', { level: 2, name: new RegExp(title) })).toBeInTheDocument();
    }
    const platforms = screen.getByRole('region', { name: /Data from the platforms you connect/ });
    for (const platform of [/^Shopify/, /^Meta Ads/, /^Google Ads/, /^Google Analytics 4/]) {
      expect(within(platforms).getByText(platform)).toBeInTheDocument();
    }
    expect(screen.getByText(/encrypted at rest with AES-256-GCM/)).toBeInTheDocument();
    expect(screen.getByText(/Disconnecting a platform from a brand deletes/)).toBeInTheDocument();
    expect(screen.getByText(/Deleting a brand deletes the brand/)).toBeInTheDocument();
    expect(screen.getByText(/Google API Services User Data Policy, including the Limited Use requirements/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'support@parallels.dev' }).length).toBeGreaterThan(0);
  });

  it('the terms state the non-refundable charges, the three plans and the 14-day trial', () => {
    renderPage(TERMS_AND_CONDITIONS);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeInTheDocument();
    expect(screen.getByText(/^Any amount charged is non-refundable/)).toBeInTheDocument();
    const plans = screen.getByRole('region', { name: /Plans and prices/ });
    expect(within(within(plans).getByRole('list')).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Free: free of charge.',
      'Startup: $10 per month.',
      'Growth: $50 per month.',
    ]);
    expect(screen.getByText(/14-day free trial/)).toBeInTheDocument();
    expect(screen.getByText(/billed through your Shopify store/)).toBeInTheDocument();
  });
});
