import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildWorkbook } from './export-xlsx';
import { performanceTone, type ReportColumn } from './report-columns';
import { ReportTable } from './report-table';

interface Item {
  id: string;
  name: string;
  spend: number | null;
  rate: number;
  days?: Item[];
}

const ITEMS: Item[] = Array.from({ length: 120 }, (_, i) => ({ id: `r${i + 1}`, name: `Row ${String(i + 1).padStart(3, '0')}`, spend: i === 5 ? null : (i + 1) * 10.5, rate: (i % 7) + 0.5 }));
const COLUMNS: ReportColumn<Item>[] = [
  { id: 'name', header: 'Name', kind: 'first', value: (r) => r.name },
  { id: 'spend', header: 'Spend', kind: 'metric', format: 'currency', group: 'Meta', value: (r) => r.spend },
  { id: 'rate', header: 'Conv. Rate', kind: 'metric', format: 'rate', group: 'Meta', value: (r) => r.rate, tone: (r) => performanceTone(r.spend, r.rate, 600, 3) },
];

function renderTable(rows: Item[] = ITEMS) {
  return render(<ReportTable<Item> title="Items" columns={COLUMNS} rows={rows} getRowId={(r) => r.id} subRows={(r) => r.days} currency="USD" quickViews={[{ name: 'Rates View', columns: ['rate'] }]} />);
}

const bodyRows = () => within(screen.getByRole('table', { name: 'Items' })).getAllByRole('row').slice(2); // group and column headers

describe('ReportTable', () => {
  // jsdom lays nothing out: give the scroll area a height and each row one, as a browser would
  beforeAll(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(41);
  });

  it('formats figures: currency with 2 decimals, rates with %, a missing value as "-"', () => {
    renderTable();
    const first = within(bodyRows()[0]!).getAllByRole('cell');
    expect(first.map((c) => c.textContent)).toEqual(['Row 001', '$10.50', '0.50%']);
    expect(within(bodyRows()[5]!).getAllByRole('cell')[1]!.textContent).toBe('-');
    expect(screen.getByRole('columnheader', { name: 'Meta' })).toHaveAttribute('colspan', '2');
  });

  it('sorts ascending on the first header click, then descending; missing figures last', async () => {
    const user = userEvent.setup();
    renderTable();
    await user.click(screen.getByRole('button', { name: /^Spend/ }));
    expect(screen.getByRole('columnheader', { name: /^Spend/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(within(bodyRows()[0]!).getAllByRole('cell')[1]!.textContent).toBe('$10.50');
    await user.click(screen.getByRole('button', { name: /^Spend/ }));
    expect(screen.getByRole('columnheader', { name: /^Spend/ })).toHaveAttribute('aria-sort', 'descending');
    expect(within(bodyRows()[0]!).getAllByRole('cell')[1]!.textContent).toBe('$1,260.00');
  });

  it('pages: texts, clamped navigation, reset on rows-per-page change', async () => {
    const user = userEvent.setup();
    renderTable();
    expect(screen.getByText('Showing 1-50 of 120 rows')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Showing 51-100 of 120 rows')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(screen.getByText('Showing 101-120 of 120 rows')).toBeInTheDocument();
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Rows per page'), '100');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Rows per page'), 'all');
    expect(screen.getByText('Showing 1-120 of 120 rows')).toBeInTheDocument();
  });

  it('filters through the popover: badge, count, "(Filtered from N total rows)", page reset, validation, Clear All', async () => {
    const user = userEvent.setup();
    renderTable();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.selectOptions(screen.getByLabelText('Column'), 'spend');
    await user.type(screen.getByLabelText('Value'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Add Filter' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid value');
    await user.clear(screen.getByLabelText('Value'));
    await user.type(screen.getByLabelText('Value'), '1000');
    await user.click(screen.getByRole('button', { name: 'Add Filter' }));
    expect(screen.getByText('Filtered')).toBeInTheDocument();
    expect(screen.getByText('(Filtered from 120 total rows)')).toBeInTheDocument();
    expect(screen.getByText('Showing 1-25 of 25 rows')).toBeInTheDocument(); // rows 96..120 spend more than 1000
    expect(screen.getByLabelText('1 active')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Filter/ }));
    expect(screen.getByText('Active Filters')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Value'), '5000');
    await user.click(screen.getByRole('button', { name: 'Add Filter' }));
    expect(screen.getByText('No data matches the selected filter')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Filter/ }));
    await user.click(screen.getByRole('button', { name: 'Remove filter Meta Spend > 5000' }));
    expect(screen.getByText('Showing 1-25 of 25 rows')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(screen.queryByText('Filtered')).not.toBeInTheDocument();
    expect(screen.getByText('Showing 1-50 of 120 rows')).toBeInTheDocument();
  });

  it('column manager: hide, reorder with the keyboard buttons, pin, quick views', async () => {
    const user = userEvent.setup();
    renderTable();
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const sheet = screen.getByRole('dialog', { name: 'Manage columns' });
    expect(within(sheet).getByRole('checkbox', { name: 'Name' })).toBeDisabled();
    await user.click(within(sheet).getByRole('checkbox', { name: 'Spend' }));
    expect(screen.queryByRole('columnheader', { name: /^Spend/ })).not.toBeInTheDocument();
    await user.click(within(sheet).getByRole('checkbox', { name: 'Spend' }));
    await user.click(within(sheet).getByRole('button', { name: 'Move Spend down' }));
    const headers = () => within(screen.getByRole('table', { hidden: true })).getAllByRole('columnheader', { hidden: true }).map((h) => h.textContent?.replace(/[▲▼↕]/g, ''));
    expect(headers().slice(-3)).toEqual(['Name', 'Conv. Rate', 'Spend']);
    await user.click(within(sheet).getByRole('button', { name: 'Pin Conv. Rate' }));
    expect(within(sheet).getByRole('button', { name: 'Pin Conv. Rate' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(sheet).getByRole('button', { name: 'Rates View' }));
    expect(headers().slice(-2)).toEqual(['Name', 'Conv. Rate']);
    await user.click(within(sheet).getByRole('button', { name: 'All columns' }));
    expect(headers()).toContain('Spend');
  });

  it('resizes within the spec limits, by keyboard too', async () => {
    const user = userEvent.setup();
    renderTable();
    const spend = screen.getByRole('separator', { name: 'Resize Spend' });
    expect(spend).toHaveAttribute('aria-valuenow', '150');
    spend.focus();
    for (let i = 0; i < 8; i++) await user.keyboard('{ArrowRight}');
    expect(spend).toHaveAttribute('aria-valuenow', '200');
    for (let i = 0; i < 15; i++) await user.keyboard('{ArrowLeft}');
    expect(spend).toHaveAttribute('aria-valuenow', '100');
    const name = screen.getByRole('separator', { name: 'Resize Name' });
    name.focus();
    for (let i = 0; i < 20; i++) await user.keyboard('{ArrowRight}');
    expect(name).toHaveAttribute('aria-valuenow', '300');
  });

  it('full screen shows every row; leaving it goes back to page 1', async () => {
    const user = userEvent.setup();
    renderTable();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Full screen' }));
    expect(screen.getByRole('dialog', { name: 'Items' })).toBeInTheDocument();
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  });

  it('full screen on a chunked table loads 30 rows at a time as the user nears the bottom', async () => {
    const user = userEvent.setup();
    render(<ReportTable<Item> title="Items" columns={COLUMNS} rows={ITEMS} getRowId={(r) => r.id} currency="USD" fullScreenChunk={30} />);
    await user.click(screen.getByRole('button', { name: 'Full screen' }));
    const table = screen.getByRole('table', { name: 'Items' });
    const loaded = () => Number(table.getAttribute('aria-rowcount')) - 2; // the group and column header rows
    // the first 30 fit the 800 px view with the overscan, so the next 30 come at once; then it waits
    await waitFor(() => expect(loaded()).toBe(60));
    expect(within(table).queryByRole('cell', { name: 'Row 061' })).not.toBeInTheDocument();
    const scroller = screen.getByRole('region', { name: 'Items rows' });
    scroller.scrollTop = 60 * 41 - 800;
    fireEvent.scroll(scroller);
    await waitFor(() => expect(loaded()).toBe(90));
    scroller.scrollTop = 90 * 41 - 800;
    fireEvent.scroll(scroller);
    await waitFor(() => expect(loaded()).toBe(120));
    await user.keyboard('{Escape}');
    expect(screen.getByText('Showing 1-50 of 120 rows')).toBeInTheDocument();
  });

  it('rows paged on the server: the total from the server, more asked for near the bottom in full screen, no header sort', async () => {
    const user = userEvent.setup();
    const onNeedRows = vi.fn();
    const { rerender } = render(<ReportTable<Item> title="Items" columns={COLUMNS} rows={ITEMS.slice(0, 8)} getRowId={(r) => r.id} currency="USD" pageSizes={[8]} fullScreenChunk={30} remote={{ totalRows: 120, onNeedRows }} />);
    expect(screen.getByText('Showing 1-8 of 120 rows')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Name/ })).not.toBeInTheDocument();
    expect(onNeedRows).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Full screen' }));
    await waitFor(() => expect(onNeedRows).toHaveBeenCalledTimes(1));
    // the next 30 arrive: all shown; asked again only once the user nears their bottom
    rerender(<ReportTable<Item> title="Items" columns={COLUMNS} rows={ITEMS.slice(0, 38)} getRowId={(r) => r.id} currency="USD" pageSizes={[8]} fullScreenChunk={30} remote={{ totalRows: 120, onNeedRows }} />);
    const table = screen.getByRole('table', { name: 'Items' });
    await waitFor(() => expect(Number(table.getAttribute('aria-rowcount')) - 2).toBe(38));
    expect(onNeedRows).toHaveBeenCalledTimes(1);
    const scroller = screen.getByRole('region', { name: 'Items rows' });
    scroller.scrollTop = 38 * 41 - 800;
    fireEvent.scroll(scroller);
    await waitFor(() => expect(onNeedRows).toHaveBeenCalledTimes(2));
  });

  it('rows paged on the server: "Last page" asks for the last page only, shown from where it starts in the list; "First page" asks for the first again', async () => {
    const user = userEvent.setup();
    const onNeedRows = vi.fn();
    const table = (rows: Item[], rowsFrom: number) => <ReportTable<Item> title="Items" columns={COLUMNS} rows={rows} getRowId={(r) => r.id} currency="USD" pageSizes={[8]} remote={{ totalRows: 120, rowsFrom, onNeedRows }} />;
    const { rerender } = render(table(ITEMS.slice(0, 8), 0));
    const firstCell = () => within(bodyRows()[0]!).getAllByRole('cell')[0]!.textContent;
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(screen.getByText('Showing 113-120 of 120 rows')).toBeInTheDocument();
    expect(screen.getByText('Loading rows...')).toBeInTheDocument();
    // the last page's rows only, not the 13 pages between
    await waitFor(() => expect(onNeedRows).toHaveBeenCalledTimes(1));
    expect(onNeedRows).toHaveBeenCalledWith({ first: 112, last: 120 });
    rerender(table(ITEMS.slice(112, 120), 112));
    expect(firstCell()).toBe('Row 113');
    expect(bodyRows()).toHaveLength(8);
    // the page before it is not loaded either: asked alone
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(onNeedRows).toHaveBeenCalledTimes(2));
    expect(onNeedRows).toHaveBeenLastCalledWith({ first: 104, last: 112 });
    rerender(table(ITEMS.slice(104, 112), 104));
    expect(firstCell()).toBe('Row 105');
    await user.click(screen.getByRole('button', { name: 'First page' }));
    await waitFor(() => expect(onNeedRows).toHaveBeenCalledTimes(3));
    expect(onNeedRows).toHaveBeenLastCalledWith({ first: 0, last: 8 });
    rerender(table(ITEMS.slice(0, 8), 0));
    expect(firstCell()).toBe('Row 001');
    expect(onNeedRows).toHaveBeenCalledTimes(3);
  });

  it('rows paged on the server with the filters there too: rows per page and filters reported, not applied; a new resetKey goes to page 1', async () => {
    const user = userEvent.setup();
    const onNeedRows = vi.fn();
    const onPageSize = vi.fn();
    const onFilters = vi.fn();
    const table = (rows: Item[], resetKey: string, filtered: boolean) => (
      <ReportTable<Item> title="Items" columns={COLUMNS} rows={rows} getRowId={(r) => r.id} currency="USD" remote={{ totalRows: 120, onNeedRows, onPageSize, onFilters, resetKey, filtered, unfilteredRows: 300 }} />
    );
    const { rerender } = render(table(ITEMS.slice(0, 100), 'a', false));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Showing 51-100 of 120 rows')).toBeInTheDocument();
    expect(onNeedRows).not.toHaveBeenCalled();
    // another list: page 1
    rerender(table(ITEMS.slice(0, 100), 'b', true));
    expect(screen.getByText('Showing 1-50 of 120 rows')).toBeInTheDocument();
    expect(screen.getByText('Filtered')).toBeInTheDocument();
    expect(screen.getByText('(Filtered from 300 total rows)')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '100');
    expect(onPageSize).toHaveBeenCalledWith(100);
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.selectOptions(screen.getByLabelText('Column'), 'spend');
    await user.type(screen.getByLabelText('Value'), '1000');
    await user.click(screen.getByRole('button', { name: 'Add Filter' }));
    expect(onFilters).toHaveBeenCalledWith([{ columnId: 'spend', operator: '>', value: '1000' }]);
    // the rows stay as the server sent them (it filters them)
    expect(screen.getByText('Showing 1-100 of 120 rows')).toBeInTheDocument();
  });

  it('expands a row into its sub rows', async () => {
    const user = userEvent.setup();
    renderTable([{ id: 'm', name: 'Mar 2026', spend: 30, rate: 1, days: [{ id: 'd1', name: '01/03/2026', spend: 10, rate: 1 }, { id: 'd2', name: '02/03/2026', spend: 20, rate: 1 }] }]);
    expect(bodyRows()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Expand Mar 2026' }));
    expect(bodyRows().map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['▾Mar 2026', '01/03/2026', '02/03/2026']);
    expect(screen.getByRole('button', { name: 'Collapse Mar 2026' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('says "No data to display" when there are no rows', () => {
    renderTable([]);
    expect(screen.getByText('No data to display')).toBeInTheDocument();
  });

  it('exports a workbook: slate header row, numbers as numbers, the colour rule as fills, sub rows after their parent', async () => {
    const rows: Item[] = [{ id: 'a', name: 'A', spend: 1234.567, rate: 4, days: [{ id: 'a1', name: 'A1', spend: null, rate: 1 }] }, { id: 'b', name: 'B', spend: 10, rate: 1 }];
    const workbook = await buildWorkbook({ sheetName: 'Conversion Data', columns: COLUMNS, rows, subRows: (r) => r.days });
    const { default: ExcelJS } = await import('exceljs');
    const back = new ExcelJS.Workbook();
    await back.xlsx.load((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
    const sheet = back.getWorksheet('Conversion Data')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Name', 'Meta Spend', 'Meta Conv. Rate']);
    expect(sheet.getRow(1).getCell(1).fill).toMatchObject({ fgColor: { argb: 'FF334155' } });
    expect(sheet.getRow(2).values).toEqual([undefined, 'A', 1234.57, 4]);
    expect(sheet.getRow(2).getCell(2).numFmt).toBe('#,##0.00');
    expect(sheet.getRow(2).getCell(3).fill).toMatchObject({ fgColor: { argb: 'FFD1FAE5' } }); // both at or above average: green
    expect(sheet.getRow(3).values).toEqual([undefined, 'A1', undefined, 1]); // a missing figure stays empty, never 0
    expect(sheet.getRow(4).getCell(3).fill).toMatchObject({ fgColor: { argb: 'FFFEE2E2' } }); // both below: red
  });

  it('reorders headers in place: Alt+Arrow on a focused header moves it and keeps the focus; dragging a header onto another; pinned columns stay put', async () => {
    const user = userEvent.setup();
    const extra: ReportColumn<Item>[] = [...COLUMNS, { id: 'clicks', header: 'Clicks', kind: 'metric', format: 'count', value: (r) => r.rate * 2 }];
    render(<ReportTable<Item> title="Items" columns={extra} rows={ITEMS.slice(0, 3)} getRowId={(r) => r.id} currency="USD" reorderableHeaders />);
    const headers = () => within(screen.getByRole('table', { name: 'Items' })).getAllByRole('columnheader').filter((h) => h.getAttribute('scope') === 'col').map((h) => h.textContent?.replace(/[▲▼↕]/g, '').trim());
    expect(headers()).toEqual(['Name', 'Spend', 'Conv. Rate', 'Clicks']);
    const spend = screen.getByRole('button', { name: /^Spend/ });
    expect(spend).toHaveAccessibleDescription('Alt+Left or Alt+Right arrow moves this column; or drag its header onto another.');
    spend.focus();
    await user.keyboard('{Alt>}{ArrowRight}{/Alt}');
    expect(headers()).toEqual(['Name', 'Conv. Rate', 'Spend', 'Clicks']);
    expect(screen.getByRole('button', { name: /^Spend/ })).toHaveFocus();
    // plain arrows do not move; past the last column nothing moves
    await user.keyboard('{ArrowRight}{Alt>}{ArrowRight}{ArrowRight}{/Alt}');
    expect(headers()).toEqual(['Name', 'Conv. Rate', 'Clicks', 'Spend']);
    // the pinned first column neither moves nor is passed
    await user.keyboard('{Alt>}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{/Alt}');
    expect(headers()).toEqual(['Name', 'Spend', 'Conv. Rate', 'Clicks']);
    expect(screen.getByRole('button', { name: /^Name/ })).not.toHaveAttribute('aria-keyshortcuts');
    expect(screen.getByRole('columnheader', { name: /^Name/ })).toHaveAttribute('draggable', 'false');
    // drag Clicks onto Spend: Clicks takes Spend's place
    const header = (name: RegExp) => screen.getByRole('columnheader', { name });
    fireEvent.dragStart(header(/^Clicks/), { dataTransfer: { effectAllowed: 'all' } });
    fireEvent.dragOver(header(/^Spend/));
    fireEvent.drop(header(/^Spend/));
    expect(headers()).toEqual(['Name', 'Clicks', 'Spend', 'Conv. Rate']);
    // a drop on the pinned column does nothing
    fireEvent.dragStart(header(/^Spend/), { dataTransfer: { effectAllowed: 'all' } });
    fireEvent.drop(header(/^Name/));
    expect(headers()).toEqual(['Name', 'Clicks', 'Spend', 'Conv. Rate']);
  });
});
