import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { LandingPage } from './landing-page';
import { randomSampleSeries } from './sample-chart';

function renderLanding(user: { username: string } | null = null) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <LandingPage user={user} onLogout={() => undefined} /> },
      { path: '/login', element: <p>login page</p> },
      { path: '/privacy-policy', element: <p>privacy page</p> },
      { path: '/terms-and-conditions', element: <p>terms page</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const scrollIntoView = vi.fn();
const originalScrollIntoView = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');

describe('landing page', () => {
  beforeEach(() => {
    scrollIntoView.mockReset();
    // jsdom has no layout: record the scroll requests instead.
    Element.prototype.scrollIntoView = scrollIntoView;
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    if (originalScrollIntoView) Object.defineProperty(Element.prototype, 'scrollIntoView', originalScrollIntoView);
    else delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it('has one h1 and the header, main and footer landmarks', () => {
    renderLanding();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('lists the eight feature tiles of the spec', () => {
    renderLanding();
    const section = screen.getByRole('region', { name: 'Everything you need to grow profitably' });
    expect(within(section).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Unified Dashboard',
      'Multi-Platform Integration',
      'Performance Tracking',
      'Demographic Analysis',
      'Automated Email Reports',
      'Campaign Grouping',
      'Compare Date Ranges',
      'Transparent Pricing',
    ]);
  });

  it('shows the hero sample figures and a chart of sample data', () => {
    renderLanding();
    for (const { label, value } of [
      { label: 'Revenue', value: '$48,250' },
      { label: 'Orders', value: '1,284' },
      { label: 'Customers', value: '1,032' },
    ]) {
      const term = screen.getByText(label, { selector: 'dt' });
      expect(term.parentElement).toHaveTextContent(value);
    }
    expect(screen.getByRole('img', { name: /sample chart of daily revenue and ad spend/i })).toBeInTheDocument();
  });

  it('Start Free Trial and Get Started go to /login', async () => {
    const router = renderLanding();
    expect(screen.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/login');
    const banner = screen.getByRole('region', { name: 'Start your 14-day free trial' });
    await userEvent.click(within(banner).getByRole('link', { name: 'Get Started' }));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('View Demo and Schedule a Demo are buttons that do nothing (as specified)', async () => {
    const router = renderLanding();
    for (const name of ['View Demo', 'Schedule a Demo']) {
      const button = screen.getByRole('button', { name });
      await userEvent.click(button);
      expect(button).toBeEnabled();
    }
    expect(router.state.location.pathname).toBe('/');
  });

  it('names the four integrations and has the Analytics section', () => {
    renderLanding();
    const integrations = screen.getByRole('region', { name: 'Connect your store and ad accounts in minutes' });
    for (const name of ['Shopify', 'Meta Ads', 'Google Ads', 'Google Analytics 4']) {
      expect(within(integrations).getByRole('heading', { name, level: 3 })).toBeInTheDocument();
    }
    expect(document.getElementById('analytics')).toContainElement(screen.getByRole('heading', { name: /reports that answer/i }));
  });

  it('the anchor links scroll smoothly to their section and move focus to its heading', async () => {
    renderLanding();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Integrations' }));
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('integrations'));
    expect(screen.getByRole('heading', { name: 'Connect your store and ad accounts in minutes' })).toHaveFocus();
  });

  it('the footer links the legal pages and shows the support address', () => {
    renderLanding();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    expect(within(footer).getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/terms-and-conditions');
    expect(within(footer).getByRole('link', { name: 'support@parallels.dev' })).toHaveAttribute('href', 'mailto:support@parallels.dev');
  });

  it('logged in, the header offers the dashboard instead of the login links', () => {
    renderLanding({ username: 'Asha' });
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
  });
});

describe('sample chart data', () => {
  it('is a 30-day series with spend below revenue', () => {
    const { revenue, spend } = randomSampleSeries();
    expect(revenue).toHaveLength(30);
    expect(spend).toHaveLength(30);
    spend.forEach((s, i) => expect(s).toBeLessThan(revenue[i]!));
    expect(Math.min(...revenue)).toBeGreaterThan(0);
  });
});
