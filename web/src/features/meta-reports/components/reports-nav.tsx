import { useState } from 'react';
import { META_REPORT_BREAKDOWNS, META_REPORT_TABS, type MetaReportBreakdown } from '@parallels/contract/meta-reports';

export interface ReportsNavProps {
  selected: MetaReportBreakdown;
  onSelect: (tab: MetaReportBreakdown) => void;
}

function TabList({ selected, onSelect, onPicked }: ReportsNavProps & { onPicked?: () => void }) {
  return (
    <ul className="flex flex-col gap-1">
      {META_REPORT_TABS.map((tab) => {
        const active = tab === selected;
        return (
          <li key={tab}>
            <button
              type="button"
              aria-current={active ? 'page' : undefined}
              onClick={() => {
                onSelect(tab);
                onPicked?.();
              }}
              className={`w-full rounded-lg px-3 py-2 text-left text-sm font-medium ${active ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100'}`}
            >
              {META_REPORT_BREAKDOWNS[tab].tab}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * spec/reports.md "Meta reports": a side navigation titled Reports, collapsible on large screens and a slide-in
 * drawer below 768px, listing the seven tabs.
 */
export function ReportsNav(props: ReportsNavProps) {
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <>
      {/* below 768px: a button opens the drawer */}
      <div className="md:hidden">
        <button
          type="button"
          onClick={() => setDrawerOpen(true)}
          aria-expanded={drawerOpen}
          aria-controls="meta-reports-drawer"
          className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800"
        >
          Reports: {META_REPORT_BREAKDOWNS[props.selected].tab}
        </button>
        {drawerOpen && (
          <div className="fixed inset-0 z-50 flex" role="dialog" aria-modal="true" aria-labelledby="meta-reports-drawer-title" id="meta-reports-drawer">
            <button type="button" aria-label="Close reports menu" className="absolute inset-0 bg-slate-900/40" onClick={() => setDrawerOpen(false)} />
            <nav aria-label="Reports" className="relative flex w-64 max-w-[80vw] flex-col gap-3 bg-white p-4 shadow-xl">
              <div className="flex items-center justify-between">
                <h2 id="meta-reports-drawer-title" className="text-base font-semibold">
                  Reports
                </h2>
                <button type="button" aria-label="Close reports menu" onClick={() => setDrawerOpen(false)} className="rounded p-1 text-slate-500 hover:bg-slate-100">
                  ×
                </button>
              </div>
              <TabList {...props} onPicked={() => setDrawerOpen(false)} />
            </nav>
          </div>
        )}
      </div>
      {/* 768px and wider: a side navigation that collapses to a narrow strip */}
      <nav aria-label="Reports" className={`hidden shrink-0 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3 md:flex ${collapsed ? 'w-14' : 'w-56'}`}>
        <div className="flex items-center justify-between">
          {!collapsed && <h2 className="px-1 text-base font-semibold">Reports</h2>}
          <button
            type="button"
            onClick={() => setCollapsed((c) => !c)}
            aria-expanded={!collapsed}
            aria-label={collapsed ? 'Expand reports menu' : 'Collapse reports menu'}
            className="rounded p-1 text-slate-500 hover:bg-slate-100"
          >
            {collapsed ? '»' : '«'}
          </button>
        </div>
        {!collapsed && <TabList {...props} />}
      </nav>
    </>
  );
}
