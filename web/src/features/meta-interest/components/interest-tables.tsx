import type { MetaInterestResponse } from '@parallels/contract/meta-interest';
import { INTEREST_ATTRIBUTION_NOTE } from '@parallels/contract/meta-interest';
import { ReportTable } from '../../../components/report-table/report-table';
import { BLENDED_INTEREST_COLUMNS, INTEREST_COLUMNS } from '../utils/interest-columns';

export const NO_INTEREST_DATA = 'No interest data available. Please try adjusting your date range.';

/** The blended table and one table per account that has interests (spec/reports.md "Meta interest"). */
export function InterestTables({ report }: { report: MetaInterestResponse }) {
  const accounts = Object.entries(report.data.resultsByAccount).filter(([, a]) => a.interestMetrics.length > 0);
  if (report.data.blendedSummary.length === 0 && accounts.length === 0) {
    return <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600">{NO_INTEREST_DATA}</p>;
  }
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <p className="text-xs text-slate-600">
        <span aria-hidden>* </span>
        {INTEREST_ATTRIBUTION_NOTE} Amounts in {report.currency}.
      </p>
      <section aria-labelledby="interest-blended" className="min-w-0">
        <h2 id="interest-blended" className="mb-2 text-base font-semibold">
          All Accounts
        </h2>
        <ReportTable
          title="Blended interests"
          columns={BLENDED_INTEREST_COLUMNS}
          rows={report.data.blendedSummary}
          getRowId={(r) => r.InterestId}
          currency={report.currency}
          emptyText="No interest data available"
          defaultPageSize={50}
        />
      </section>
      {accounts.map(([id, account]) => (
        <section key={id} aria-label={account.account_name} className="min-w-0">
          <h2 className="mb-2 text-base font-semibold">{account.account_name}</h2>
          <ReportTable
            title={`${account.account_name} interests`}
            columns={INTEREST_COLUMNS}
            rows={account.interestMetrics}
            getRowId={(r) => r.InterestId}
            currency={report.currency}
            emptyText="No interest data available"
            defaultPageSize={50}
          />
        </section>
      ))}
    </div>
  );
}
