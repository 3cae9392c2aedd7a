import { useMemo, useState } from 'react';
import { GOOGLE_PERFORMANCE_CATEGORIES, type GooglePerformanceCategory, type GoogleReportAccount, type GoogleReportRow } from '@parallels/contract/google-reports';
import { ReportTable } from '../../../components/report-table/report-table';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import type { GoogleReportFilters } from '../api/get-google-report';
import { accountEmptyText, type GoogleReportTab } from '../utils/google-report-tabs';
import { googleReportColumns } from './google-report-columns';
import { ColumnFilter, describeFilters } from './column-filter';

/** spec section 9: Google Ads tables show 8 rows; full screen loads 30 more near the bottom. */
const PAGE_SIZE = 8;
const FULL_SCREEN_CHUNK = 30;

export interface AccountCardProps {
  tab: GoogleReportTab;
  account: GoogleReportAccount;
  rows: GoogleReportRow[];
  months: string[];
  currency: string;
  filters: GoogleReportFilters;
  onFilters: (next: GoogleReportFilters) => void;
  onRefresh: () => void;
  refreshing: boolean;
}

/** One ad account's card: its name, refresh, filter, the performance chips and the table (full screen in the table). */
export function AccountCard({ tab, account, rows, months, currency, filters, onFilters, onRefresh, refreshing }: AccountCardProps) {
  const [category, setCategory] = useState<GooglePerformanceCategory | null>(null);
  const columns = useMemo(() => googleReportColumns(tab, months), [tab, months]);
  const counts = useMemo(() => {
    const out = new Map<GooglePerformanceCategory, number>();
    for (const r of rows) if (r.category) out.set(r.category, (out.get(r.category) ?? 0) + 1);
    return out;
  }, [rows]);
  // a category with no items filters to an empty table (spec section 4)
  const shown = category ? rows.filter((r) => r.category === category) : rows;
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
      {account.error && (
        <p role="alert" className="mt-2 text-sm text-rose-800">
          Error: {account.error}
        </p>
      )}
      {!account.error && account.status.state !== 'ready' && account.status.message && <p className="mt-2 text-sm text-amber-800">{account.status.message}</p>}
      {account.totalRows === 0 ? (
        !account.error && <p className="mt-4 rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">{accountEmptyText(tab)}</p>
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
                {c} ({counts.get(c) ?? 0})
              </button>
            ))}
          </div>
          {active.length > 0 && <p className="mt-2 text-xs text-slate-600">Filtered: {active.join(', ')}</p>}
          <div className="mt-3">
            <ReportTable<GoogleReportRow>
              title={`${account.accountName} ${tab.label}`}
              columns={columns}
              rows={shown}
              getRowId={(r) => r.key}
              currency={currency}
              pageSizes={[PAGE_SIZE, 50, 100, 'all']}
              defaultPageSize={PAGE_SIZE}
              fullScreenChunk={FULL_SCREEN_CHUNK}
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
