import { useEffect, useState } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import type { BrandSummary } from '@parallels/contract/users';
import { brandDisplayName } from '@parallels/contract/brands';
import { PricingDialog } from '../../features/pricing/components/pricing-dialog';
import { paths, withBrand } from '../../lib/paths';
import { onOpenPricingDialog } from '../../lib/pricing-dialog';

interface MenuItem {
  label: string;
  to?: (brandId: string) => string;
  children?: MenuItem[];
}

// spec/core.md section 2, "Sidebar": the menu and its sub-items, in order.
export const MENU: MenuItem[] = [
  { label: 'Dashboard', to: () => paths.dashboard },
  { label: 'Marketing Insights', to: paths.marketingInsights },
  { label: 'Ad Metrics', to: paths.adMetrics },
  { label: 'Analytics', children: [
    { label: 'E-Commerce Reports', to: paths.ecommerceReports },
    { label: 'Conversion Reports', to: paths.conversionReports },
  ] },
  { label: 'Meta Ads', children: [
    { label: 'Campaign Analysis', to: paths.metaCampaigns },
    { label: 'Interest Reports', to: paths.metaInterest },
    { label: 'Performance Reports', to: paths.metaReports },
  ] },
  { label: 'Google Ads', to: paths.googleReports },
  { label: 'Segment Dashboard', to: paths.segmentDashboard },
  // spec/core.md section 2: the sidebar also links to the brand targets screen (not brand-scoped in its URL)
  { label: 'Brand Targets', to: () => paths.performanceMetrics },
];

export interface SidebarProps {
  username: string;
  brands: BrandSummary[];
  brandsLoading: boolean;
  selectedBrandId: string | null;
  onSelectBrand: (brandId: string) => void;
  onLogout: () => void;
  /** below 768px the sidebar is a slide-in drawer: whether it is open */
  drawerOpen: boolean;
  onCloseDrawer: () => void;
}

export function Sidebar({ username, brands, brandsLoading, selectedBrandId, onSelectBrand, onLogout, drawerOpen, onCloseDrawer }: SidebarProps) {
  const [collapsedWide, setCollapsed] = useState(false);
  // Collapsing is for wide screens only: the drawer always shows the full menu.
  const collapsed = collapsedWide && !drawerOpen;
  const [pricingOpen, setPricingOpen] = useState(false);
  useEffect(() => onOpenPricingDialog(() => setPricingOpen(true)), []);
  const location = useLocation();
  const navigate = useNavigate();
  const brandId = selectedBrandId ?? undefined;

  const switchBrand = (id: string) => {
    onSelectBrand(id);
    const next = withBrand(location.pathname, id);
    if (next !== location.pathname) navigate(next);
  };

  const renderItem = (item: MenuItem, depth = 0) => {
    if (item.children) {
      return (
        <li key={item.label}>
          <span className={`block px-3 pt-3 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase ${collapsed ? 'sr-only' : ''}`}>{item.label}</span>
          <ul>{item.children.map((c) => renderItem(c, depth + 1))}</ul>
        </li>
      );
    }
    const itemClass = `flex items-center rounded-lg px-3 py-2 text-sm ${depth ? 'pl-5' : ''}`;
    if (!brandId || !item.to) {
      return (
        <li key={item.label}>
          <span role="link" aria-disabled="true" className={`${itemClass} cursor-not-allowed text-slate-400`} title="Select or add a brand first">
            <span className={collapsed ? 'sr-only' : ''}>{item.label}</span>
            {collapsed && <span aria-hidden>{item.label.slice(0, 1)}</span>}
          </span>
        </li>
      );
    }
    return (
      <li key={item.label}>
        <NavLink to={item.to(brandId)} className={({ isActive }) => `${itemClass} ${isActive ? 'bg-brand-50 font-medium text-brand-700' : 'text-slate-700 hover:bg-slate-100'}`}>
          <span className={collapsed ? 'sr-only' : ''}>{item.label}</span>
          {collapsed && <span aria-hidden>{item.label.slice(0, 1)}</span>}
        </NavLink>
      </li>
    );
  };

  // Below md (768px, the spec's breakpoint) the sidebar is off screen until the menu button opens it; from md
  // up it sits beside the page, collapsible.
  const placement = drawerOpen ? 'translate-x-0 shadow-xl' : '-translate-x-full invisible md:visible';
  return (
    <>
      {drawerOpen && <div className="fixed inset-0 z-30 bg-slate-900/40 md:hidden" aria-hidden onClick={onCloseDrawer} />}
      <aside
        id="app-sidebar"
        aria-label="Sidebar"
        className={`fixed inset-y-0 left-0 z-40 flex h-full w-64 shrink-0 flex-col border-r border-slate-200 bg-white transition-transform md:static md:z-auto md:translate-x-0 md:shadow-none md:transition-[width] ${placement} ${collapsed ? 'md:w-16' : 'md:w-64'}`}
      >
      <div className="flex items-center justify-between px-3 py-4">
        {!collapsed && <span className="text-lg font-bold text-brand-700">Parallels</span>}
        <button
          type="button"
          onClick={() => setCollapsed((c) => !c)}
          aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          aria-expanded={!collapsed}
          className="hidden rounded-lg p-2 text-slate-500 hover:bg-slate-100 md:block"
        >
          {collapsed ? '»' : '«'}
        </button>
        <button type="button" onClick={onCloseDrawer} aria-label="Close menu" className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 md:hidden">
          ✕
        </button>
      </div>

      <div className={`px-3 ${collapsed ? 'sr-only' : ''}`}>
        <label htmlFor="brand-switcher" className="mb-1 block text-xs font-semibold tracking-wide text-slate-500 uppercase">
          Brand
        </label>
        {brandsLoading ? (
          <p className="text-sm text-slate-500">Loading brands…</p>
        ) : brands.length === 0 ? (
          <p className="text-sm text-slate-500">No brands yet. Add one to see your reports.</p>
        ) : (
          <select
            id="brand-switcher"
            value={brandId ?? ''}
            onChange={(e) => switchBrand(e.target.value)}
            className="w-full rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm"
          >
            {!brands.some((b) => b._id === brandId) && (
              <option value="" disabled>
                Choose a brand
              </option>
            )}
            {brands.map((b) => (
              <option key={b._id} value={b._id}>
                {brandDisplayName(b.name)}
              </option>
            ))}
          </select>
        )}
        <button type="button" onClick={() => navigate(paths.brandSetup)} className="mt-2 w-full rounded-lg border border-dashed border-slate-300 px-2 py-1.5 text-sm text-slate-600 hover:bg-slate-50">
          + Add Brand
        </button>
      </div>

      <nav aria-label="Main" className="mt-4 flex-1 overflow-y-auto px-2">
        <ul className="space-y-0.5">{MENU.map((item) => renderItem(item))}</ul>
      </nav>

      <div className="space-y-1 border-t border-slate-200 p-2">
        <button type="button" onClick={() => setPricingOpen(true)} className="w-full rounded-lg px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100">
          {collapsed ? '$' : 'Pricing'}
        </button>
        <NavLink to={paths.profile} className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-700 hover:bg-slate-100" aria-label={`Profile: ${username}`}>
          <span className="flex h-6 w-6 items-center justify-center rounded-full bg-brand-600 text-xs font-semibold text-white" aria-hidden>
            {username.slice(0, 1).toUpperCase()}
          </span>
          {!collapsed && <span className="truncate">{username}</span>}
        </NavLink>
        <button type="button" onClick={onLogout} className="w-full rounded-lg px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100">
          {collapsed ? '⎋' : 'Logout'}
        </button>
      </div>
      <PricingDialog open={pricingOpen} onClose={() => setPricingOpen(false)} />
      </aside>
    </>
  );
}
