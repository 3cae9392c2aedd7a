import { useCallback, useMemo, useState } from 'react';
import { GOOGLE_PERFORMANCE_CATEGORIES, GOOGLE_REPORT_SORTS, type GooglePerformanceCategory, type GoogleReportAccount, type GoogleReportRow, type GoogleReportSort } from '@parallels/contract/google-reports';
import { ReportTable } from '../../../components/report-table/report-table';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { GOOGLE_CARD_ROWS, GOOGLE_DEFAULT_SORT, GOOGLE_MORE_ROWS, nextGoogleSort, useGoogleAccountRows, type GoogleCardSort, type GoogleReportFilters, type GoogleReportParams } from '../api/get-google-report';
import { accountEmptyText, type GoogleReportTab } from '../utils/google-report-tabs';
import { googleReportColumns } from './google-report-columns';
import { ColumnFilter, describeFilters } from './column-filter';


export interface AccountCardProps {
  tab: GoogleReportTab;
  /** the tab's answer for this account: its first page */
  account: GoogleReportAccount;
  /** the request the tab made (brand, report, range, filters): the card pages through the same rows */
  params: GoogleReportParams;
  /** when the tab's answer arrived: a refetch starts the card's pages over */
  loadedAt: number;
  months: string[];
  currency: string;
  filters: GoogleReportFilters;
  onFilters: (next: GoogleReportFilters) => void;
  onRefresh: () => void;
  refreshing: boolean;
}

/** One ad account's card: its name, refresh, filter, the performance chips and the table (full screen in the table). */
export function AccountCard({ tab, account: first, params, loadedAt, months, currency, filters, onFilters, onRefresh, refreshing }: AccountCardProps) {
  // the chip, the column filters, the header sort and the pages all apply on the server (decision 015, "Scale")
  const [category, setCategory] = useState<GooglePerformanceCategory | null>(null);
  const [sort, setSort] = useState<GoogleCardSort>(GOOGLE_DEFAULT_SORT);
  const { account, rows, query } = useGoogleAccountRows(params, first, category, loadedAt, sort);
  const remoteSort = useMemo(
    () => ({
      by: sort.sortBy,
      desc: sort.sortOrder === 'desc',
      sortable: GOOGLE_REPORT_SORTS,
      onSort: (id: string) => setSort((s) => nextGoogleSort(s, id as GoogleReportSort)),
    }),
    [sort],
  );
  const columns = useMemo(() => googleReportColumns(tab, months), [tab, months]);
  const { fetchNextPage, hasNextPage, isFetching } = query;
  const onNeedRows = useCallback(() => {
    if (hasNextPage) void fetchNextPage();
  }, [hasNextPage, fetchNextPage]);
  const active = describeFilters(filters);

  return (
    <Card className="min-w-0 p-4" aria-label={account.accountName} role="region">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <h3 className="truncate text-base font-semibold text-slate-900">{account.accountName}</h3>
          <p className="text-xs text-slate-500">{account.accountId}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="secondary" onClick={onRefresh} busy={refreshing} aria-label={`Refresh ${account.accountName}`}>
            Refresh
          </Button>
          <ColumnFilter filters={filters} onChange={onFilters} label={account.accountName} />
        </div>
      </div>
      {first.error && (
        <p role="alert" className="mt-2 text-sm text-rose-800">
          Error: {first.error}
        </p>
      )}
      {!first.error && first.status.state !== 'ready' && first.status.message && <p className="mt-2 text-sm text-amber-800">{first.status.message}</p>}
      {query.isError && (
        <p role="alert" className="mt-2 text-sm text-rose-800">
          Error: {query.error.message}
        </p>
      )}
      {first.totalRows === 0 ? (
        !first.error && <p className="mt-4 rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">{accountEmptyText(tab)}</p>
      ) : (
        <>
          <div role="group" aria-label="Performance categories" className="mt-3 flex flex-wrap gap-2">
            {GOOGLE_PERFORMANCE_CATEGORIES.map((c) => (
              <button
                key={c}
                type="button"
                aria-pressed={category === c}
                onClick={() => setCategory(category === c ? null : c)}
                className={`rounded-full border px-3 py-1 text-xs font-medium ${category === c ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'}`}
              >
                {c} ({account.categoryCounts[c]})
              </button>
            ))}
          </div>
          {active.length > 0 && <p className="mt-2 text-xs text-slate-600">Filtered: {active.join(', ')}</p>}
          <div className="mt-3">
            <ReportTable<GoogleReportRow>
              title={`${account.accountName} ${tab.label}`}
              columns={columns}
              rows={rows}
              getRowId={(r) => r.key}
              currency={currency}
              pageSizes={[GOOGLE_CARD_ROWS, 50, 100]}
              defaultPageSize={GOOGLE_CARD_ROWS}
              fullScreenChunk={GOOGLE_MORE_ROWS}
              remote={{ totalRows: account.matchingRows, onNeedRows, loading: isFetching, sort: remoteSort }}
              columnFilters={false}
              emptyText="No data matches the selected filter"
              maxHeight="60vh"
            />
          </div>
        </>
      )}
    </Card>
  );
}
