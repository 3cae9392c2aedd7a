import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './harness.css';
import { ReportTable } from '../../web/src/components/report-table/report-table';
import type { ReportColumn } from '../../web/src/components/report-table/report-columns';

// The shared report table with 10,000 rows and 15 columns on one page ('All'), as a conversion report with many
// dimension values would show them. bench/src/table-scroll.ts opens this page and scrolls it.
interface Row {
  id: string;
  name: string;
  values: number[];
}

const ROWS = Number(new URLSearchParams(location.search).get('rows') ?? 10_000);
const rows: Row[] = Array.from({ length: ROWS }, (_, i) => ({ id: String(i), name: `Row ${i + 1}`, values: Array.from({ length: 14 }, (_, j) => ((i * 7919 + j * 104729) % 100_000) / 7) }));
const columns: ReportColumn<Row>[] = [
  { id: 'name', header: 'Dimension', kind: 'first', value: (r) => r.name },
  ...Array.from({ length: 14 }, (_, j): ReportColumn<Row> => ({
    id: `m${j}`,
    header: j < 2 ? ['Total Sessions', 'Avg Conv. Rate'][j]! : `Month ${j - 1}`,
    kind: j < 2 ? 'metric' : 'month',
    format: j % 3 === 0 ? 'currency' : j % 3 === 1 ? 'rate' : 'whole',
    value: (r) => r.values[j],
  })),
];

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ReportTable title="Benchmark table" columns={columns} rows={rows} getRowId={(r) => r.id} currency="INR" defaultPageSize="all" stickyColumns={3} maxHeight="80vh" />
  </StrictMode>,
);
