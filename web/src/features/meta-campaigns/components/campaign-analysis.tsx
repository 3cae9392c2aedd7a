import { useId, useState } from 'react';
import { PREDEFINED_LABELS, suggestLabels, type CampaignLabelsResponse, type MetaCampaignResponse } from '@parallels/contract/meta-campaigns';
import { ReportTable } from '../../../components/report-table/report-table';
import { Tabs } from '../../../components/ui/tabs';
import { useCampaignGroupReach } from '../api/get-meta-campaigns';
import { campaignRow, groupRows, groupsNeedingReach, labelGroups, matchesStatus, orderLabels, type CampaignRow, type StatusFilter } from '../utils/campaign-rows';
import { campaignColumns, estimateNotes } from './campaign-columns';
import { LabelEditor } from './label-editor';

export const ALL_TAB = 'all';

export interface CampaignAnalysisProps {
  brandId: string;
  report: MetaCampaignResponse;
  labels: CampaignLabelsResponse | undefined;
  onSetLabels: (accountId: string, campaignId: string, labels: string[]) => void;
}

/**
 * spec/reports.md "Meta campaigns": one tab per ad account plus 'All', the status filter, grouping and label
 * editing toggles, and the campaign table (Campaign and Labels frozen first, 'Manage Columns', full screen).
 */
export function CampaignAnalysis({ brandId, report, labels, onSetLabels }: CampaignAnalysisProps) {
  const hasAll = report.blendedSummary.length > 0;
  const [tab, setTab] = useState<string>(hasAll ? ALL_TAB : (report.accountData[0]?.account_id ?? ALL_TAB));
  const [status, setStatus] = useState<StatusFilter>('all');
  const [grouping, setGrouping] = useState(false);
  const [editing, setEditing] = useState(false);
  const statusId = useId();

  const labelsOf = (accountId: string, campaignId: string): string[] => labels?.labels[accountId]?.[campaignId] ?? [];
  const options = orderLabels([...PREDEFINED_LABELS, ...(labels?.customLabels ?? [])]);
  const palette = orderLabels([...options, ...Object.values(labels?.labels ?? {}).flatMap((a) => Object.values(a).flat())]);

  const items = [
    ...(hasAll ? [{ id: ALL_TAB, label: 'All', campaigns: report.blendedSummary }] : []),
    ...report.accountData.map((a) => ({ id: a.account_id, label: a.account_name, campaigns: a.campaigns })),
  ];

  const renderLabels = (r: CampaignRow) => {
    const c = r.campaign!;
    return (
      <LabelEditor
        campaignName={c.campaignName}
        labels={r.labels}
        options={options}
        suggestions={suggestLabels(c.campaignName, r.labels)}
        editing={editing && grouping}
        onChange={(next) => onSetLabels(c.accountId, c.campaignId, next)}
      />
    );
  };

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={statusId} className="text-sm font-medium text-slate-700">
          Status
        </label>
        <select id={statusId} value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)} className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm">
          <option value="all">All Status</option>
          <option value="active">Active</option>
          <option value="paused">Paused</option>
        </select>
        <button
          type="button"
          aria-pressed={grouping}
          onClick={() => {
            setGrouping((g) => !g);
            setEditing(false);
          }}
          className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
        >
          {grouping ? 'Disable Grouping' : 'Enable Grouping'}
        </button>
        <button
          type="button"
          aria-pressed={editing && grouping}
          disabled={!grouping}
          title={grouping ? undefined : 'Enable grouping to edit labels'}
          onClick={() => setEditing((e) => !e)}
          className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:text-slate-400"
        >
          {editing && grouping ? 'Done Editing Labels' : 'Edit Labels'}
        </button>
      </div>
      <Tabs
        label="Ad accounts"
        selected={tab}
        onSelect={setTab}
        items={items.map((item) => ({
          id: item.id,
          label: item.label,
          panel: (
            <CampaignTable
              key={`${item.id}-${grouping}`}
              brandId={brandId}
              range={report.range}
              title={`${item.label} campaigns`}
              rows={item.campaigns.filter((c) => matchesStatus(c.status, status)).map((c) => campaignRow(c, labelsOf(c.accountId, c.campaignId)))}
              grouping={grouping}
              palette={palette}
              renderLabels={renderLabels}
              currency={report.currency}
            />
          ),
        }))}
      />
    </div>
  );
}

interface CampaignTableProps {
  brandId: string;
  range: { from: string; to: string };
  title: string;
  rows: CampaignRow[];
  grouping: boolean;
  palette: string[];
  renderLabels: (row: CampaignRow) => React.ReactNode;
  currency: string;
}

/** One tab's table; in grouped mode it asks the server for each label group's own reach (Meta's, per group). */
function CampaignTable({ brandId, range, title, rows, grouping, palette, renderLabels, currency }: CampaignTableProps) {
  const reach = useCampaignGroupReach(brandId, range, grouping ? groupsNeedingReach(labelGroups(rows)) : [], grouping);
  const shown = grouping ? groupRows(rows, reach) : rows;
  const columns = campaignColumns({ grouped: grouping, palette, renderLabels });
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <ReportTable
        title={title}
        columns={columns}
        rows={shown}
        subRows={(r) => r.children}
        getRowId={(r) => r.id}
        currency={currency}
        stickyColumns={2}
        defaultPageSize={50}
        columnsLabel="Manage Columns"
        reorderableHeaders
        emptyText="No campaign data available"
        exportAs={{ fileName: 'Meta_Campaigns.xlsx', sheetName: 'Campaigns' }}
      />
      <div className="flex flex-col gap-1 text-xs text-slate-600" data-testid="estimate-note">
        {estimateNotes(shown, grouping).map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
    </div>
  );
}
