import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { User } from '@parallels/contract/auth';
import type { Brand } from '@parallels/contract/brands';
import type { SourceStatus } from '@parallels/contract/report-dates';
import type { SearchTermRow, SegmentMetrics, SegmentProduct } from '@parallels/contract/segment';
import { api, fixtures, sent, server } from '../../../test/api';
import { sessionStore } from '../../lib/session-store';
import { tokenFlags } from '../../lib/token-flags';
import { AppProvider } from '../provider';
import { SegmentDashboardRoute } from './segment-dashboard';

const asha: User = { id: 'u1', username: 'Asha', email: 'asha@example.com', isAdmin: false, brands: ['b1'], loginCount: 3 };
const ready: SourceStatus = { state: 'ready', syncedThrough: '2026-03-14', lastSyncedAt: '2026-03-15T06:00:00.000Z', message: null };
const base = { success: true as const, range: { from: '2026-03-01', to: '2026-03-14' }, status: ready };
const m = (cost: number, products = 1): SegmentMetrics => ({ products, totalCost: cost, ROAS: 2, conversions: 1, ConversionValue: cost * 2, ConversionRate: 10, totalClicks: 10, impressions: 100, ctr: 10, AvgCPC: cost / 10 });
const productRow = (itemId: string, title: string, brand: string, status: string, issues: Array<{ description: string }>): SegmentProduct => ({ customerId: '1', itemId, title, brand, productType: 'Sarees > Silk', category: 'Apparel > Clothing > Sarees', status, issues, metrics: m(10) });
const PRODUCTS = [productRow('p1', 'Banarasi Silk Saree', 'Weaves', 'ELIGIBLE', []), productRow('p2', 'Leather Bag', 'Carry', 'NOT_ELIGIBLE', [{ description: 'Image too small' }])];
const term = (searchTerm: string, status: string, performance: SearchTermRow['performance']): SearchTermRow => ({ searchTerm, matchType: 'EXACT', status, campaignName: 'Search | Sarees', adGroupName: 'Silk', cost: 5, conversions: 1, conversionsValue: 10, conversionsRate: 10, clicks: 10, impressions: 100, ctr: 10, avg_cpc: 0.5, performance });

type Body = Record<string, unknown>;
const bodies = (report: string): Body[] => sent(`POST /api/segment/${report}/b1`).map((r) => r.body as Body);
const weaves: Brand = { ...fixtures.brand, name: 'Weaves' };

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/segment-dashboard/:brandId', element: <SegmentDashboardRoute /> },
      { path: '/segment-dashboard', element: <SegmentDashboardRoute /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

describe('Segment dashboard', () => {
  beforeAll(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(41);
  });
  beforeEach(() => {
    server.use(
      api('GET /api/brands/:brandId', () => weaves),
      api('POST /api/segment/productMetrics/:brandId', ({ body }) => {
        const filters = body as Body;
        return { ...base, productsData: filters.brands ? PRODUCTS.filter((p) => p.brand === filters.brands) : PRODUCTS };
      }),
      api('POST /api/segment/categoryMetrics/:brandId', () => ({
        ...base,
        categoriesData: [{ name: 'Apparel', level: 1, path: 'Apparel', metrics: m(20, 2), subcategories: [{ name: 'Clothing', level: 2, path: 'Apparel > Clothing', metrics: m(10), subcategories: [] }] }],
      })),
      api('POST /api/segment/brandMetrics/:brandId', () => ({ ...base, brandsData: [{ brand: 'Weaves', metrics: m(10) }, { brand: 'Carry', metrics: m(10) }] })),
      api('POST /api/segment/typeMetrics/:brandId', () => ({ ...base, productTypesData: [{ productType: 'Sarees > Silk', metrics: m(20, 2) }] })),
      api('POST /api/segment/searchTermMetrics/:brandId', ({ body }) => {
        const page = Math.min(Number((body as Body).page ?? 1), 3);
        return {
          success: true,
          data: [term(`term page ${page}`, page === 1 ? 'ADDED' : 'NONE', page === 1 ? 'Best Performing Keyword' : 'No Conversions')],
          page,
          limit: 100,
          totalRecords: 250,
          totalPages: 3,
          campaignAdGroupPairs: [{ campaignName: 'Search | Kurtas', adGroups: ['Cotton'] }, { campaignName: 'Search | Sarees', adGroups: ['Silk', 'Wedding'] }],
          statusOptions: ['ADDED', 'NONE'],
          message: '',
          status: ready,
        };
      }),
    );
    sessionStore.signIn(asha);
    tokenFlags.clearAll();
  });
  afterEach(() => {
    sessionStore.clear();
  });

  it('Products: status badges and the Issues column', async () => {
    renderAt('/segment-dashboard/b1?from=2026-03-01&to=2026-03-14');
    expect(screen.getByRole('heading', { name: 'Google Ads Product Insights' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Products', 'Categories', 'Brands', 'Product types']);
    const table = await screen.findByRole('table', { name: 'Products' });
    expect(within(table).getByRole('button', { name: 'ELIGIBLE' })).toHaveClass('bg-green-100');
    expect(within(table).getByRole('button', { name: 'NOT_ELIGIBLE' })).toHaveClass('bg-red-100');
    expect(within(table).getByText('No issues')).toBeInTheDocument();
    expect(within(table).getByText('Image too small')).toBeInTheDocument();
  });

  it('drill-down: a brand shows the Products tab filtered under a chip; its close button clears the filter', async () => {
    const user = userEvent.setup();
    renderAt('/segment-dashboard/b1?from=2026-03-01&to=2026-03-14');
    await screen.findByRole('table', { name: 'Products' });
    await user.click(screen.getByRole('tab', { name: 'Brands' }));
    const brands = await screen.findByRole('table', { name: 'Brands' });
    await user.click(within(brands).getByRole('button', { name: 'Carry' }));
    expect(screen.getByRole('tab', { name: 'Products' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Brand: Carry')).toBeInTheDocument();
    await vi.waitFor(() => expect(bodies('productMetrics').at(-1)).toEqual({ startDate: '2026-03-01', endDate: '2026-03-14', brands: 'Carry' }));
    const filtered = await screen.findByRole('table', { name: 'Products' });
    await vi.waitFor(() => expect(within(filtered).queryByText('Banarasi Silk Saree')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Clear filter Brand: Carry' }));
    expect(screen.queryByText('Brand: Carry')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(bodies('productMetrics').at(-1)).toEqual({ startDate: '2026-03-01', endDate: '2026-03-14' }));
    // a status and a category drill down too
    const products = await screen.findByRole('table', { name: 'Products' });
    await user.click(await within(products).findByRole('button', { name: 'NOT_ELIGIBLE' }));
    await vi.waitFor(() => expect(bodies('productMetrics').at(-1)).toMatchObject({ status: 'NOT_ELIGIBLE' }));
    expect(screen.getByText('Status: NOT_ELIGIBLE')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Categories' }));
    const categories = await screen.findByRole('table', { name: 'Categories' });
    await user.click(within(categories).getByRole('button', { name: 'Apparel' }));
    await vi.waitFor(() => expect(bodies('productMetrics').at(-1)).toEqual({ startDate: '2026-03-01', endDate: '2026-03-14', categoryName: 'Apparel', categoryLevel: 1 }));
  });

  it('categories are recursive; switching tab collapses them again', async () => {
    const user = userEvent.setup();
    renderAt('/segment-dashboard/b1?from=2026-03-01&to=2026-03-14');
    await user.click(screen.getByRole('tab', { name: 'Categories' }));
    const table = await screen.findByRole('table', { name: 'Categories' });
    expect(within(table).queryByText('Clothing')).not.toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Expand Apparel' }));
    expect(within(table).getByRole('button', { name: 'Clothing' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Brands' }));
    // back with the keyboard
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Categories' })).toHaveAttribute('aria-selected', 'true');
    const again = await screen.findByRole('table', { name: 'Categories' });
    expect(within(again).queryByText('Clothing')).not.toBeInTheDocument();
    expect(within(again).getByRole('button', { name: 'Expand Apparel' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('search terms: status colours, performance label, paging, and filters that reset the page and the ad group', async () => {
    const user = userEvent.setup();
    const pager = () => screen.getByRole('navigation', { name: 'Search term pages' });
    renderAt('/segment-dashboard/b1?from=2026-03-01&to=2026-03-14');
    expect(screen.getByRole('heading', { name: 'Google Ads Search Term Insights' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Search terms' });
    expect(within(table).getByText('ADDED')).toHaveClass('bg-green-100');
    expect(within(table).getByText('Best Performing Keyword')).toHaveClass('text-green-700');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByText('Showing 1-100 of 250 rows')).toBeInTheDocument();
    await user.click(within(pager()).getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Search terms' })).getByText('NONE')).toHaveClass('bg-yellow-100');
    expect(within(screen.getByRole('table', { name: 'Search terms' })).getByText('No Conversions')).toHaveClass('text-red-700');
    expect(bodies('searchTermMetrics').at(-1)).toMatchObject({ page: 2, limit: 100, sortBy: 'cost', sortOrder: 'desc' });

    await user.selectOptions(screen.getByLabelText('Ad group'), 'Wedding');
    await vi.waitFor(() => expect(bodies('searchTermMetrics').at(-1)).toMatchObject({ page: 1, adGroup: 'Wedding' }));
    await user.click(within(pager()).getByRole('button', { name: 'Next page' }));
    await vi.waitFor(() => expect(bodies('searchTermMetrics').at(-1)).toMatchObject({ page: 2, adGroup: 'Wedding' }));
    // a new campaign: ad group back to all, page back to 1; its ad groups only
    await user.selectOptions(screen.getByLabelText('Campaign'), 'Search | Kurtas');
    await vi.waitFor(() => expect(bodies('searchTermMetrics').at(-1)).toEqual({ startDate: '2026-03-01', endDate: '2026-03-14', limit: 100, page: 1, campaign: 'Search | Kurtas', sortBy: 'cost', sortOrder: 'desc' }));
    expect(screen.getByLabelText('Ad group')).toHaveValue('');
    expect(within(screen.getByLabelText('Ad group')).getAllByRole('option').map((o) => o.textContent)).toEqual(['All ad groups', 'Cotton']);
    await user.click(within(pager()).getByRole('button', { name: 'Next page' }));
    await user.selectOptions(screen.getByLabelText('Status'), 'NONE');
    await vi.waitFor(() => expect(bodies('searchTermMetrics').at(-1)).toMatchObject({ page: 1, status: 'NONE', campaign: 'Search | Kurtas' }));
    // header sort: ascending first, then descending
    await user.click(within(screen.getByRole('table', { name: 'Search terms' })).getByRole('button', { name: /Clicks/ }));
    await vi.waitFor(() => expect(bodies('searchTermMetrics').at(-1)).toMatchObject({ sortBy: 'clicks', sortOrder: 'asc', page: 1 }));
    await user.click(within(screen.getByRole('table', { name: 'Search terms' })).getByRole('button', { name: /Clicks/ }));
    await vi.waitFor(() => expect(bodies('searchTermMetrics').at(-1)).toMatchObject({ sortBy: 'clicks', sortOrder: 'desc' }));
  });

  it("without a brand id: 'Error: Brand ID is missing'", () => {
    renderAt('/segment-dashboard');
    expect(screen.getByRole('alert')).toHaveTextContent('Error: Brand ID is missing');
  });
});
