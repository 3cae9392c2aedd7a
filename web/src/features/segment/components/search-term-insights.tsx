import { useId, useState, type ReactNode } from 'react';
import { SEARCH_TERM_PAGE_SIZE, type SearchTermRow, type SearchTermSort } from '@parallels/contract/segment';
import { ReportState } from '../../../components/report-table/report-state';
import { formatValue, type ValueFormat } from '../../../components/report-table/report-columns';
import { useLocale } from '../../../lib/locale';
import { useSearchTermMetrics } from '../api/get-segment-metrics';
import { performanceClass, searchTermStatusClass } from '../utils/segment-badges';

const ALL = '';

const COLUMNS: Array<{ id: SearchTermSort | 'performance'; header: string; format?: ValueFormat; value: (r: SearchTermRow) => string | number | null }> = [
  { id: 'searchTerm', header: 'Search Term', value: (r) => r.searchTerm },
  { id: 'matchType', header: 'Match Type', value: (r) => r.matchType },
  { id: 'status', header: 'Status', value: (r) => r.status },
  { id: 'campaignName', header: 'Campaign', value: (r) => r.campaignName },
  { id: 'adGroupName', header: 'Ad Group', value: (r) => r.adGroupName },
  { id: 'cost', header: 'Cost', format: 'currency', value: (r) => r.cost },
  { id: 'conversions', header: 'Conversions', format: 'count', value: (r) => r.conversions },
  { id: 'conversionsValue', header: 'Conversion Value', format: 'currency', value: (r) => r.conversionsValue },
  { id: 'conversionsRate', header: 'Conversion Rate', format: 'rate', value: (r) => r.conversionsRate },
  { id: 'clicks', header: 'Clicks', format: 'count', value: (r) => r.clicks },
  { id: 'ctr', header: 'CTR', format: 'rate', value: (r) => r.ctr },
  { id: 'avg_cpc', header: 'Avg. CPC', format: 'currency', value: (r) => r.avg_cpc },
  { id: 'performance', header: 'Performance', value: (r) => r.performance },
];

export interface SearchTermInsightsProps {
  brandId: string;
  range: { from: string; to: string };
  currency: string;
  preparing: ReactNode;
}

/**
 * 'Google Ads Search Term Insights' (spec/reports.md "Segment dashboard", sections 4, 5 and 9): campaign, ad
 * group and status filters (a new campaign resets the ad group to all; any filter change goes back to page 1),
 * paging and sorting on the server (100 a page, pages bounded to 1..last), header click sorts ascending then
 * toggles.
 */
export function SearchTermInsights({ brandId, range, currency, preparing }: SearchTermInsightsProps) {
  const [locale] = useLocale();
  const [campaign, setCampaign] = useState(ALL);
  const [adGroup, setAdGroup] = useState(ALL);
  const [status, setStatus] = useState(ALL);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<{ by: SearchTermSort; order: 'asc' | 'desc' }>({ by: 'cost', order: 'desc' });
  const ids = { campaign: useId(), adGroup: useId(), status: useId() };
  const query = useSearchTermMetrics(brandId, range, {
    limit: SEARCH_TERM_PAGE_SIZE,
    page,
    ...(campaign ? { campaign } : {}),
    ...(adGroup ? { adGroup } : {}),
    ...(status ? { status } : {}),
    sortBy: sort.by,
    sortOrder: sort.order,
  });
  const answer = query.data?.data;
  const adGroups = answer?.campaignAdGroupPairs.find((p) => p.campaignName === campaign)?.adGroups ?? [...new Set(answer?.campaignAdGroupPairs.flatMap((p) => p.adGroups) ?? [])].sort();
  const ctx = { locale, currency };

  const sortBy = (by: SearchTermSort) => {
    setSort((s) => (s.by === by ? { by, order: s.order === 'asc' ? 'desc' : 'asc' } : { by, order: 'asc' }));
    setPage(1);
  };
  const select = 'rounded border border-slate-300 px-2 py-1 text-sm';

  return (
    <section aria-labelledby="search-term-insights" className="flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="search-term-insights" className="text-lg font-semibold text-slate-900">
        Google Ads Search Term Insights
      </h2>
      <div className="flex flex-wrap items-end gap-3 text-sm">
        <label htmlFor={ids.campaign} className="flex flex-col gap-1">
          Campaign
          <select
            id={ids.campaign}
            className={select}
            value={campaign}
            onChange={(e) => {
              setCampaign(e.target.value);
              setAdGroup(ALL);
              setPage(1);
            }}
          >
            <option value={ALL}>All campaigns</option>
            {answer?.campaignAdGroupPairs.map((p) => (
              <option key={p.campaignName} value={p.campaignName}>
                {p.campaignName}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={ids.adGroup} className="flex flex-col gap-1">
          Ad group
          <select
            id={ids.adGroup}
            className={select}
            value={adGroup}
            onChange={(e) => {
              setAdGroup(e.target.value);
              setPage(1);
            }}
          >
            <option value={ALL}>All ad groups</option>
            {adGroups.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={ids.status} className="flex flex-col gap-1">
          Status
          <select
            id={ids.status}
            className={select}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPage(1);
            }}
          >
            <option value={ALL}>All statuses</option>
            {answer?.statusOptions.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ReportState query={query} loadingLabel="Loading search terms" preparing={preparing}>
        {(data) => (
          <>
            {data.message && <p className="text-sm text-amber-800">{data.message}</p>}
            <div className="max-h-[70vh] overflow-auto rounded-xl border border-slate-200">
              <table aria-label="Search terms" className="w-max min-w-full border-separate border-spacing-0 text-sm">
                <thead className="sticky top-0 z-10 bg-slate-50">
                  <tr>
                    {COLUMNS.map((c) => {
                      const sorted = c.id !== 'performance' && sort.by === c.id ? sort.order : null;
                      return (
                        <th key={c.id} scope="col" aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'} className={`border-b border-slate-200 px-3 py-2 font-semibold text-slate-700 ${c.format ? 'text-right' : 'text-left'}`}>
                          {c.id === 'performance' ? (
                            c.header
                          ) : (
                            <button type="button" onClick={() => sortBy(c.id as SearchTermSort)} className="inline-flex items-center gap-1 hover:text-brand-700">
                              {c.header}
                              <span aria-hidden className="text-slate-400">
                                {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                              </span>
                            </button>
                          )}
                        </th>
                      );
                    })}
                  </tr>
                </thead>
                <tbody>
                  {data.data.map((r, i) => (
                    <tr key={`${r.searchTerm}|${r.matchType}|${r.campaignName}|${r.adGroupName}|${i}`} className="hover:bg-slate-50">
                      {COLUMNS.map((c) => (
                        <td key={c.id} className={`whitespace-nowrap border-b border-slate-100 px-3 py-2 ${c.format ? 'text-right tabular-nums' : ''}`}>
                          {c.id === 'status' ? (
                            <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${searchTermStatusClass(r.status)}`}>{r.status ?? '-'}</span>
                          ) : c.id === 'performance' ? (
                            <span className={`font-medium ${performanceClass(r.performance)}`}>{r.performance ?? '-'}</span>
                          ) : (
                            formatValue(c.value(r), c.format ?? 'text', ctx)
                          )}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
              {data.data.length === 0 && <p className="p-8 text-center text-sm text-slate-600">No data available</p>}
            </div>
            <nav aria-label="Search term pages" className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
              <span>
                {data.totalRecords === 0 ? 'Showing 0-0 of 0 rows' : `Showing ${(data.page - 1) * data.limit + 1}-${Math.min(data.page * data.limit, data.totalRecords)} of ${data.totalRecords} rows`}
              </span>
              <div className="flex items-center gap-2">
                <PageButton label="First page" text="«" disabled={data.page <= 1} onClick={() => setPage(1)} />
                <PageButton label="Previous page" text="‹" disabled={data.page <= 1} onClick={() => setPage(Math.max(1, data.page - 1))} />
                <span>
                  Page {data.page} of {data.totalPages}
                </span>
                <PageButton label="Next page" text="›" disabled={data.page >= data.totalPages} onClick={() => setPage(Math.min(data.totalPages, data.page + 1))} />
                <PageButton label="Last page" text="»" disabled={data.page >= data.totalPages} onClick={() => setPage(data.totalPages)} />
              </div>
            </nav>
          </>
        )}
      </ReportState>
    </section>
  );
}

function PageButton({ label, text, disabled, onClick }: { label: string; text: string; disabled: boolean; onClick: () => void }) {
  return (
    <button type="button" aria-label={label} disabled={disabled} onClick={onClick} className="rounded border border-slate-300 px-2 py-0.5 disabled:text-slate-300">
      {text}
    </button>
  );
}
