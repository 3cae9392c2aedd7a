import { useId, useState, type ReactNode } from 'react';
import type { GoogleReport } from '@parallels/contract/google-reports';
import { ReportState } from '../../../components/report-table/report-state';
import { onTablistKeyDown } from '../../../lib/tablist-keys';
import { useGoogleReport, type GoogleReportFilters } from '../api/get-google-report';
import { GOOGLE_REPORT_TABS, reportEmptyText, searchTabs, type GoogleReportTab } from '../utils/google-report-tabs';
import { AccountCard } from './account-card';

export interface GoogleReportsScreenProps {
  brandId: string;
  userId: string | undefined;
  range: { from: string; to: string };
  /** the Preparing screen (409), passed in by the route */
  preparing: ReactNode;
  /** the connect button beside the expired-connection sentence, passed in by the route */
  reconnect: ReactNode;
}

/** spec/reports.md "Google Ads reports": searchable, scrollable tabs; per tab one card per ad account. */
export function GoogleReportsScreen(props: GoogleReportsScreenProps) {
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<GoogleReport>('searchTerm');
  // spec section 3: the column filter is kept per report
  const [filters, setFilters] = useState<Partial<Record<GoogleReport, GoogleReportFilters>>>({});
  const searchId = useId();
  const tabs = searchTabs(search);
  const current = GOOGLE_REPORT_TABS.find((t) => t.id === selected)!;

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={searchId} className="sr-only">
          Search tabs
        </label>
        <input
          id={searchId}
          type="search"
          placeholder="Search tabs"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="w-full rounded-lg border border-slate-300 px-3 py-1.5 text-sm sm:w-56"
        />
        <div
          role="tablist"
          aria-label="Google Ads reports"
          onKeyDown={(e) => onTablistKeyDown(e, tabs.map((t) => t.id), selected, setSelected)}
          className="flex min-w-0 max-w-full flex-1 gap-1 overflow-x-auto border-b border-slate-200">
          {tabs.map((t, i) => (
            <button
              key={t.id}
              type="button"
              role="tab"
              aria-selected={t.id === selected}
              tabIndex={t.id === selected || (i === 0 && !tabs.some((x) => x.id === selected)) ? 0 : -1}
              onClick={() => setSelected(t.id)}
              className={`-mb-px shrink-0 border-b-2 px-4 py-2 text-sm font-medium ${t.id === selected ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
            >
              {t.label}
            </button>
          ))}
        </div>
      </div>
      {tabs.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600">No tabs match your search</p>
      ) : (
        <div role="tabpanel" aria-label={current.label} className="min-w-0">
          <ReportTab key={current.id} tab={current} {...props} filters={filters[current.id] ?? {}} onFilters={(next) => setFilters((f) => ({ ...f, [current.id]: next }))} />
        </div>
      )}
    </div>
  );
}

function ReportTab({ tab, brandId, userId, range, preparing, reconnect, filters, onFilters }: GoogleReportsScreenProps & { tab: GoogleReportTab; filters: GoogleReportFilters; onFilters: (f: GoogleReportFilters) => void }) {
  const query = useGoogleReport({ brandId, report: tab.id, range, userId, filters });
  return (
    <ReportState query={query} loadingLabel={`Loading ${tab.label} report`} preparing={preparing} reconnect={reconnect} isEmpty={(d) => d.data.length === 0} emptyText={reportEmptyText(tab)} reconnectText={RECONNECT_SENTENCE}>
      {(data) => (
        <div className="flex flex-col gap-4">
          {data.data.map((account) => (
            <AccountCard
              key={account.accountId}
              tab={tab}
              account={account}
              params={{ brandId, report: tab.id, range, userId, filters }}
              loadedAt={query.dataUpdatedAt}
              months={data.months}
              currency={data.currency}
              filters={filters}
              onFilters={onFilters}
              onRefresh={() => void query.refetch()}
              refreshing={query.isFetching}
            />
          ))}
        </div>
      )}
    </ReportState>
  );
}

/** spec section 8, "Expired-connection prompts". */
export const RECONNECT_SENTENCE = 'Looks like we need to refresh your Google Ads connection to optimize your campaigns.';
