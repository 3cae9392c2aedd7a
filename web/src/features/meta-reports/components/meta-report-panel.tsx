import { useId, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { META_REPORT_BREAKDOWNS, metaReportLists, type MetaReportBreakdown, type MetaReportResponse } from '@parallels/contract/meta-reports';
import { LocaleSettings } from '../../../components/locale-settings';
import { ReportState } from '../../../components/report-table/report-state';
import { ReportTable } from '../../../components/report-table/report-table';
import { Button } from '../../../components/ui/button';
import { useMetaReport } from '../api/get-meta-report';
import { metaReportColumns, PERFORMANCE_CATEGORIES, rowCategories, type PerformanceCategory } from '../utils/meta-report-table';

export const BLENDED = 'blended';

const WIDE = '(min-width: 768px)';
/** Whether the screen is at least the spec's 768px breakpoint (three pinned columns fill a phone's width). */
function useWideScreen(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia?.(WIDE);
      query?.addEventListener('change', onChange);
      return () => query?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(WIDE).matches ?? true,
    () => true,
  );
}

export interface MetaReportPanelProps {
  brandId: string;
  tab: MetaReportBreakdown;
  range: { from: string; to: string };
  /** the Preparing screen (409), passed in by the route */
  preparing: ReactNode;
  /** shown above the last synced figures when the Facebook connection needs refreshing (403) */
  reconnectPrompt: ReactNode;
}

/** One tab of the Meta reports: account selector, performance chips, number format, refresh and the table. */
export function MetaReportPanel({ brandId, tab, range, preparing, reconnectPrompt }: MetaReportPanelProps) {
  const query = useMetaReport(brandId, tab, range);
  const withoutBanner = { ...query, data: query.data && { ...query.data, reconnectMessage: null } };
  return (
    <>
      {query.data?.reconnectMessage && reconnectPrompt}
      <ReportState query={withoutBanner} loadingLabel={`Loading the ${META_REPORT_BREAKDOWNS[tab].tab} report`} preparing={preparing}>
        {(data) => <MetaReportView key={tab} tab={tab} report={data} refreshing={query.isFetching} onRefresh={() => void query.refetch()} />}
      </ReportState>
    </>
  );
}

interface MetaReportViewProps {
  tab: MetaReportBreakdown;
  report: MetaReportResponse;
  refreshing: boolean;
  onRefresh: () => void;
}

function MetaReportView({ tab, report, refreshing, onRefresh }: MetaReportViewProps) {
  const lists = useMemo(() => metaReportLists(tab, report), [tab, report]);
  const hasBlended = lists.accounts.length > 0;
  // spec: the account selector defaults to the blended summary if present, else the first account
  const [account, setAccount] = useState<string>(hasBlended ? BLENDED : (lists.accounts[0]?.account_id ?? BLENDED));
  const [category, setCategory] = useState<PerformanceCategory | null>(null);
  const selectId = useId();
  const wide = useWideScreen();

  const rows = useMemo(() => (account === BLENDED ? lists.blended : (lists.accounts.find((a) => a.account_id === account)?.rows ?? [])), [account, lists]);
  const categories = useMemo(() => rowCategories(rows), [rows]);
  const shown = category ? rows.filter((r) => categories.get(r.value) === category) : rows;
  const columns = useMemo(() => metaReportColumns(tab, rows), [tab, rows]);
  const counts = PERFORMANCE_CATEGORIES.map((c) => ({ c, n: rows.filter((r) => categories.get(r.value) === c).length }));
  const spec = META_REPORT_BREAKDOWNS[tab];

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={selectId} className="text-sm font-medium text-slate-700">
          Account
        </label>
        <select
          id={selectId}
          value={account}
          onChange={(e) => {
            setAccount(e.target.value);
            setCategory(null);
          }}
          className="max-w-full rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm"
        >
          {hasBlended && <option value={BLENDED}>All Accounts</option>}
          {lists.accounts.map((a) => (
            <option key={a.account_id} value={a.account_id}>
              {a.account_name}
            </option>
          ))}
        </select>
        <LocaleSettings />
        <Button variant="secondary" onClick={onRefresh} busy={refreshing} aria-label={`Refresh the ${spec.tab} report`}>
          Refresh
        </Button>
      </div>
      <div role="group" aria-label="Performance categories" className="flex flex-wrap items-center gap-2">
        {counts.map(({ c, n }) => (
          <button
            key={c}
            type="button"
            aria-pressed={category === c}
            onClick={() => setCategory((current) => (current === c ? null : c))}
            className={`rounded-full border px-3 py-1 text-xs font-medium ${category === c ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'}`}
          >
            {c} ({n})
          </button>
        ))}
        {category && (
          <button type="button" onClick={() => setCategory(null)} className="text-xs font-medium text-brand-700 underline">
            Clear
          </button>
        )}
      </div>
      <ReportTable
        key={`${account}-${wide}`}
        title={`Meta ${spec.tab} report`}
        columns={columns}
        rows={shown}
        getRowId={(r) => r.value}
        currency={report.currency}
        // spec: the Age table's first three columns stay put; below 768px they would fill the screen
        stickyColumns={tab === 'age' && wide ? 3 : 1}
        defaultPageSize={50}
        fullScreenChunk={30}
        exportAs={{ fileName: `Meta_${spec.tab.replace(/ /g, '')}_Report.xlsx`, sheetName: `Meta ${spec.tab}` }}
        emptyText={category ? 'No data matches the selected filter' : 'No data available'}
        toolbar={<span>amounts in {report.currency}</span>}
      />
    </div>
  );
}
