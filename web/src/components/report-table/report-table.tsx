import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import {
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type Column,
  type ColumnDef,
  type ColumnOrderState,
  type ColumnPinningState,
  type ColumnSizingState,
  type ExpandedState,
  type Row as TableRow,
  type SortingState,
  type VisibilityState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useLocale } from '../../lib/locale';
import { ColumnManager, type QuickView } from './column-manager';
import { exportXlsx } from './export-xlsx';
import { FilterPopover } from './filter-popover';
import { clampPage, pageInfo, paginationTexts, type PageSize } from './pagination';
import { clampWidth, formatValue, TONE_CLASSES, WIDTH_LIMITS, type FormatContext, type ReportColumn } from './report-columns';
import { matchesFilter, type ColumnFilter } from './report-filters';

export interface ReportTableProps<Row> {
  /** names the table for assistive technology and the toolbar */
  title: string;
  columns: ReportColumn<Row>[];
  rows: Row[];
  /** rows that expand into sub rows (a month into its days) */
  subRows?: (row: Row) => Row[] | undefined;
  getRowId: (row: Row) => string;
  currency: string;
  /** how many leading columns stay put on horizontal scroll (pinned); the column manager changes it */
  stickyColumns?: number;
  pageSizes?: PageSize[];
  defaultPageSize?: PageSize;
  quickViews?: QuickView[];
  /** .xlsx export: the file and sheet names; no export button without it */
  exportAs?: { fileName: string; sheetName: string };
  /** in full screen, show rows this many at a time, loading more near the bottom (Google Ads and Meta: 30) */
  fullScreenChunk?: number;
  /** shown when there are no rows at all */
  emptyText?: string;
  /** shown when filters leave no rows */
  noMatchText?: string;
  /** the screen's own controls (refresh, date label, ...) beside the table's */
  toolbar?: ReactNode;
  /** a row shown above the data, unsorted and unpaged (totals) */
  summaryRow?: Row;
  /** the scroll area's height when not in full screen */
  maxHeight?: string;
  /** false: no filter popover (the screen filters its rows itself, e.g. on the server) */
  columnFilters?: boolean;
  /** the column manager button's text (default 'Columns') */
  columnsLabel?: string;
  /**
   * Headers reorder in place: drag a header onto another, or Alt+ArrowLeft / Alt+ArrowRight on a focused header
   * (the keyboard way, announced as the header's description). Pinned columns stay put and nothing moves past them.
   */
  reorderableHeaders?: boolean;
  /**
   * Rows paged on the server: `rows` are those loaded, in the server's order, of `totalRows`, starting at the
   * list's row `rowsFrom` (0-based; 0 unless the screen holds a page it jumped to). The table asks for the rows
   * it needs (`onNeedRows`, 0-based `first` to `last` exclusive) when a page lies outside those loaded ("Last
   * page" asks for the last page only, not the pages between) or the full-screen scroll nears their end. The header sort is the
   * server's too (`sort`): the table shows the order and reports a click on a `sortable` column's header.
   * `onPageSize` hears a rows-per-page change (a screen asking pages of that size); a new `resetKey` (the list
   * changed: another category) takes the table back to page 1. With `onFilters` the filter popover's filters
   * apply on the server too: the table reports them instead of filtering; `filtered` (the screen's own filter is
   * on) and `unfilteredRows` make the 'Filtered' badge and '(Filtered from N total rows)'.
   */
  remote?: {
    totalRows: number;
    onNeedRows: (rows: { first: number; last: number }) => void;
    rowsFrom?: number;
    loading?: boolean;
    sort?: RemoteSort;
    onPageSize?: (size: PageSize) => void;
    resetKey?: string;
    onFilters?: (filters: ColumnFilter[]) => void;
    filtered?: boolean;
    unfilteredRows?: number;
  };
}

/** A server-side header sort: the column ordered by, its direction, and what a header click asks. */
export interface RemoteSort {
  by: string;
  desc: boolean;
  sortable: readonly string[];
  onSort: (columnId: string) => void;
}

const DEFAULT_PAGE_SIZES: PageSize[] = [50, 100, 200, 'all'];
const ROW_ESTIMATE = 41;
const RESIZE_STEP = 10;

/**
 * The one report table (spec/reports.md section 4): TanStack Table holds the model (sorting, order, visibility,
 * pinning, sizes, expansion), TanStack Virtual renders only the rows in view, so 10,000 rows scroll smoothly.
 * Screens only declare columns (report-columns.ts).
 */
export function ReportTable<Row>(props: ReportTableProps<Row>) {
  const { title, columns, rows, subRows, getRowId, currency, stickyColumns = 1, pageSizes = DEFAULT_PAGE_SIZES, quickViews, exportAs, fullScreenChunk } = props;
  const [locale] = useLocale();
  const ctx: FormatContext = useMemo(() => ({ locale, currency }), [locale, currency]);

  const [sorting, setSorting] = useState<SortingState>([]);
  const [columnOrder, setColumnOrder] = useState<ColumnOrderState>(() => columns.map((c) => c.id));
  const [columnVisibility, setColumnVisibility] = useState<VisibilityState>(() => Object.fromEntries(columns.filter((c) => c.hidden).map((c) => [c.id, false])));
  const [columnPinning, setColumnPinning] = useState<ColumnPinningState>(() => ({ left: columns.slice(0, stickyColumns).map((c) => c.id) }));
  const [columnSizing, setColumnSizing] = useState<ColumnSizingState>({});
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const [filters, setFilters] = useState<ColumnFilter[]>([]);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(props.defaultPageSize ?? pageSizes[0] ?? 50);
  const [fullScreen, setFullScreen] = useState(false);
  const [loadedInFullScreen, setLoadedInFullScreen] = useState(fullScreenChunk ?? Infinity);
  const [exporting, setExporting] = useState(false);
  // server-paged rows: another list (the screen's category) starts at page 1
  const [listKey, setListKey] = useState(props.remote?.resetKey);
  if (props.remote?.resetKey !== listKey) {
    setListKey(props.remote?.resetKey);
    setPage(1);
  }

  // Columns arriving later (a month column appears with new data) join the order at their declared place.
  useEffect(() => {
    setColumnOrder((order) => {
      const known = new Set(order);
      if (columns.every((c) => known.has(c.id))) return order;
      const declared = columns.map((c) => c.id);
      return [...order.filter((id) => declared.includes(id)), ...declared.filter((id) => !known.has(id))].sort((a, b) =>
        known.has(a) && known.has(b) ? order.indexOf(a) - order.indexOf(b) : declared.indexOf(a) - declared.indexOf(b),
      );
    });
  }, [columns]);

  const serverSort = props.remote?.sort;
  const serverFilters = props.remote?.onFilters !== undefined;
  const byId = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);
  const filtered = useMemo(
    () => (filters.length === 0 || serverFilters ? rows : rows.filter((r) => filters.every((f) => matchesFilter(byId.get(f.columnId)?.value(r), f)))),
    [rows, filters, byId, serverFilters],
  );

  const columnDefs = useMemo<ColumnDef<Row>[]>(
    () =>
      columns.map((c) => {
        const limits = WIDTH_LIMITS[c.kind];
        return {
          id: c.id,
          header: c.header,
          // undefined, not null: TanStack sorts undefined last in both directions
          accessorFn: (row: Row) => c.value(row) ?? undefined,
          size: clampWidth(c.kind, c.width ?? limits.initial),
          minSize: limits.min,
          maxSize: limits.max,
          sortDescFirst: false,
          // missing figures ('-') sort last either way
          sortUndefined: 'last',
          sortingFn: (a: TableRow<Row>, b: TableRow<Row>, id: string) => {
            const x = a.getValue<unknown>(id);
            const y = b.getValue<unknown>(id);
            if (typeof x === 'number' && typeof y === 'number') return x - y;
            return String(x ?? '').localeCompare(String(y ?? ''), undefined, { numeric: true, sensitivity: 'base' });
          },
          enableHiding: c.kind !== 'first',
          enableSorting: props.remote ? (props.remote.sort?.sortable.includes(c.id) ?? false) : true,
        } satisfies ColumnDef<Row>;
      }),
    [columns, props.remote],
  );

  // TanStack Table's instance is mutable; the compiler skips this component, which is what it needs.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<Row>({
    data: filtered,
    columns: columnDefs,
    state: { sorting: serverSort ? [{ id: serverSort.by, desc: serverSort.desc }] : sorting, columnOrder, columnVisibility, columnPinning, columnSizing, expanded },
    onSortingChange: setSorting,
    onColumnOrderChange: setColumnOrder,
    onColumnVisibilityChange: setColumnVisibility,
    onColumnPinningChange: setColumnPinning,
    onColumnSizingChange: setColumnSizing,
    onExpandedChange: setExpanded,
    getRowId: (row) => getRowId(row),
    getSubRows: subRows ? (row) => subRows(row) : undefined,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    // rows paged on the server arrive in the server's order
    manualSorting: props.remote !== undefined,
    enableSortingRemoval: false,
    columnResizeMode: 'onChange',
  });

  const sortedTop = table.getSortedRowModel().rows;
  const remote = props.remote;
  // server-paged rows: the list's index of the first row loaded
  const offset = remote?.rowsFrom ?? 0;
  const info = pageInfo(page, remote ? Math.max(remote.totalRows, offset + sortedTop.length) : sortedTop.length, fullScreen ? 'all' : pageSize);
  // recomputed every render: a row's expansion lives in the table instance, not in anything a memo could watch
  const shownTop = fullScreen
    ? sortedTop.slice(0, remote ? sortedTop.length : loadedInFullScreen)
    : sortedTop.slice(Math.max(0, info.first - 1 - offset), Math.max(0, info.last - offset));
  const pageRows = shownTop.flatMap((r) => (r.getIsExpanded() ? [r, ...r.subRows] : [r]));

  const scrollRef = useRef<HTMLDivElement>(null);
  const reorderHelpId = useId();
  // a header moved with the keyboard keeps the focus where it went
  const [refocus, setRefocus] = useState<string | null>(null);
  const [draggedHeader, setDraggedHeader] = useState<string | null>(null);
  useEffect(() => {
    if (!refocus) return;
    scrollRef.current?.querySelector<HTMLElement>(`th[data-column-id="${CSS.escape(refocus)}"] [data-reorder-handle]`)?.focus();
    setRefocus(null);
  }, [refocus]);
  // initialRect: rows render before the first measurement (and where nothing is measured, as in tests)
  const virtualizer = useVirtualizer({ count: pageRows.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_ESTIMATE, overscan: 12, initialRect: { width: 1200, height: 800 } });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items[items.length - 1]?.index ?? 0;

  // Full screen on chunked tables: the next 30 rows when the user nears the bottom.
  useEffect(() => {
    if (fullScreen && fullScreenChunk && lastIndex >= pageRows.length - 5 && loadedInFullScreen < sortedTop.length) setLoadedInFullScreen((n) => n + fullScreenChunk);
  }, [fullScreen, fullScreenChunk, lastIndex, pageRows.length, loadedInFullScreen, sortedTop.length]);
  // Server-paged rows: ask for a page's rows when they are not all loaded (only that page's), or in full screen
  // the list from its start, then the next rows when the scroll nears the bottom of those loaded.
  let need: { first: number; last: number } | null = null;
  if (remote && !remote.loading) {
    if (fullScreen) {
      if (offset > 0) need = { first: 0, last: Math.min(remote.totalRows, offset) };
      else if (sortedTop.length < remote.totalRows && lastIndex >= pageRows.length - 5) need = { first: sortedTop.length, last: remote.totalRows };
    } else if (info.total > 0 && (info.first - 1 < offset || info.last > offset + sortedTop.length)) need = { first: info.first - 1, last: info.last };
  }
  const needFirst = need?.first ?? -1;
  const needLast = need?.last ?? -1;
  const onNeedRows = remote?.onNeedRows;
  useEffect(() => {
    if (needFirst >= 0) onNeedRows?.({ first: needFirst, last: needLast });
  }, [needFirst, needLast, onNeedRows]);

  const changeFilters = (next: ColumnFilter[]) => {
    setFilters(next);
    setPage(1);
    props.remote?.onFilters?.(next);
  };
  const leaveFullScreen = useCallback(() => {
    setFullScreen(false);
    setPage(1);
    setLoadedInFullScreen(fullScreenChunk ?? Infinity);
  }, [fullScreenChunk]);
  useEffect(() => {
    if (!fullScreen) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') leaveFullScreen();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [fullScreen, leaveFullScreen]);

  const leafColumns = [...table.getLeftVisibleLeafColumns(), ...table.getCenterVisibleLeafColumns()];
  const movableIds = props.reorderableHeaders ? table.getCenterVisibleLeafColumns().map((c) => c.id) : [];
  /** `id` takes `target`'s place in the order (the columns between shift by one) */
  const moveColumn = (id: string, target: string) => {
    if (id === target || !movableIds.includes(id) || !movableIds.includes(target)) return;
    setColumnOrder((order) => {
      const next = order.filter((c) => c !== id);
      next.splice(order.indexOf(target), 0, id);
      return next;
    });
    setRefocus(id);
  };
  const onMoveKey = (id: string) => (e: KeyboardEvent) => {
    const step = e.altKey && e.key === 'ArrowRight' ? 1 : e.altKey && e.key === 'ArrowLeft' ? -1 : 0;
    const target = movableIds[movableIds.indexOf(id) + step];
    if (!step || target === undefined) return;
    e.preventDefault();
    moveColumn(id, target);
  };
  const groups = groupRuns(leafColumns.map((c) => byId.get(c.id)?.group));
  const totalWidth = leafColumns.reduce((sum, c) => sum + c.getSize(), 0);
  const padTop = items[0]?.start ?? 0;
  // header rows (the group row when there are groups), then the summary row when shown
  const rowsBefore = (groups.some((g) => g.group) ? 2 : 1) + (props.summaryRow !== undefined && pageRows.length > 0 ? 1 : 0);
  const padBottom = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;
  const texts = paginationTexts(info);
  const isFiltered = filters.length > 0 || props.remote?.filtered === true;

  const managed = table.getAllLeafColumns().map((c) => ({
    id: c.id,
    header: byId.get(c.id)?.header ?? c.id,
    visible: c.getIsVisible(),
    pinned: c.getIsPinned() === 'left',
    locked: !c.getCanHide(),
  }));

  const doExport = async () => {
    if (!exportAs) return;
    setExporting(true);
    try {
      const visible = leafColumns.map((c) => byId.get(c.id)!).filter(Boolean);
      await exportXlsx({ ...exportAs, columns: visible, rows: sortedTop.map((r) => r.original), subRows });
    } finally {
      setExporting(false);
    }
  };

  const cell = (row: Row, column: Column<Row>, depth: number, tableRow: TableRow<Row> | null) => {
    const def = byId.get(column.id)!;
    const pinned = column.getIsPinned() === 'left';
    const tone = def.tone?.(row);
    const numeric = def.format !== undefined && def.format !== 'text';
    const value = formatValue(def.value(row), def.format ?? 'text', ctx);
    const first = def.kind === 'first';
    return (
      <td
        key={column.id}
        style={{ width: column.getSize(), left: pinned ? column.getStart('left') : undefined }}
        className={`overflow-hidden text-ellipsis whitespace-nowrap border-b border-slate-100 px-3 py-2 align-top ${numeric ? 'text-right tabular-nums' : 'text-left'} ${pinned ? 'sticky z-10 bg-inherit' : ''} ${tone ? TONE_CLASSES[tone] : ''}`}
      >
        {def.render ? (
          <span className="inline-flex max-w-full items-center gap-1" style={first ? { paddingLeft: depth * 16 } : undefined}>
            {first && tableRow?.getCanExpand() && (
              <button
                type="button"
                onClick={tableRow.getToggleExpandedHandler()}
                aria-expanded={tableRow.getIsExpanded()}
                aria-label={`${tableRow.getIsExpanded() ? 'Collapse' : 'Expand'} ${value}`}
                className="inline-block w-4 shrink-0 text-slate-600 hover:text-brand-700"
              >
                {tableRow.getIsExpanded() ? '▾' : '▸'}
              </button>
            )}
            {first && tableRow && !tableRow.getCanExpand() && <span aria-hidden className="inline-block w-4 shrink-0" />}
            {def.render(row, ctx)}
          </span>
        ) : first && tableRow?.getCanExpand() ? (
          <button
            type="button"
            onClick={tableRow.getToggleExpandedHandler()}
            aria-expanded={tableRow.getIsExpanded()}
            aria-label={`${tableRow.getIsExpanded() ? 'Collapse' : 'Expand'} ${value}`}
            className="inline-flex items-center gap-1 font-medium text-slate-900 hover:text-brand-700"
          >
            <span aria-hidden className="inline-block w-3">
              {tableRow.getIsExpanded() ? '▾' : '▸'}
            </span>
            {value}
          </button>
        ) : (
          <span className={first && depth > 0 ? 'pl-4 text-slate-600' : ''}>{value}</span>
        )}
        {/* on a coloured cell the detail keeps the tone's dark text: slate-500 on a tint fails contrast; a long
            detail (a note on a row) wraps within the column instead of being cut off (rows are measured) */}
        {def.detail && <div className={`whitespace-normal text-xs ${tone ? '' : 'text-slate-500'}`}>{def.detail(row, ctx)}</div>}
      </td>
    );
  };

  return (
    <section
      aria-label={title}
      className={fullScreen ? 'fixed inset-0 z-40 flex flex-col gap-3 overflow-hidden bg-white p-4' : 'flex flex-col gap-3'}
      role={fullScreen ? 'dialog' : undefined}
      aria-modal={fullScreen || undefined}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          {props.toolbar}
          {isFiltered && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">Filtered</span>}
          {isFiltered && <span>(Filtered from {props.remote?.unfilteredRows ?? rows.length} total rows)</span>}
        </div>
        <div className="flex flex-wrap items-center gap-2" data-tutorial="report-actions">
          {props.columnFilters !== false && <FilterPopover columns={columns.map((c) => ({ id: c.id, header: c.group ? `${c.group} ${c.header}` : c.header, numeric: c.format !== undefined && c.format !== 'text' }))} filters={filters} onChange={changeFilters} />}
          <ColumnManager
            columns={managed}
            quickViews={quickViews}
            onToggleVisible={(id, visible) => table.getColumn(id)?.toggleVisibility(visible)}
            onTogglePinned={(id, pin) => table.getColumn(id)?.pin(pin ? 'left' : false)}
            onReorder={setColumnOrder}
            triggerLabel={props.columnsLabel}
            onQuickView={(view) => setColumnVisibility(view ? Object.fromEntries(columns.map((c) => [c.id, c.kind === 'first' || view.columns.includes(c.id)])) : {})}
          />
          {exportAs && (
            <button type="button" onClick={() => void doExport()} disabled={exporting || rows.length === 0} className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:text-slate-400">
              {exporting ? 'Exporting...' : 'Export'}
            </button>
          )}
          <button
            type="button"
            aria-pressed={fullScreen}
            onClick={() => (fullScreen ? leaveFullScreen() : setFullScreen(true))}
            className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
          >
            {fullScreen ? 'Exit full screen' : 'Full screen'}
          </button>
        </div>
      </div>

      {props.reorderableHeaders && (
        <p id={reorderHelpId} className="sr-only">
          Alt+Left or Alt+Right arrow moves this column; or drag its header onto another.
        </p>
      )}
      <div ref={scrollRef} role="region" tabIndex={0} aria-label={`${title} rows`} className={`w-fit max-w-full overflow-auto rounded-xl border border-slate-200 bg-white ${fullScreen ? 'flex-1' : ''}`} style={fullScreen ? undefined : { maxHeight: props.maxHeight ?? '70vh' }}>
        {/* only the visible rows are in the DOM: aria-rowcount and aria-rowindex tell assistive technology the whole */}
        <table aria-label={title} aria-rowcount={rowsBefore + pageRows.length} className="border-separate border-spacing-0 text-sm" style={{ width: totalWidth, tableLayout: 'fixed' }}>
          <thead className="sticky top-0 z-20 bg-slate-50">
            {groups.some((g) => g.group) && (
              <tr>
                {groups.map((g, i) => (
                  <th key={`${g.group ?? ''}-${i}`} colSpan={g.span} scope="colgroup" className="border-b border-slate-200 px-3 py-1.5 text-center text-xs font-semibold uppercase tracking-wide text-slate-500">
                    {g.group ?? ''}
                  </th>
                ))}
              </tr>
            )}
            <tr>
              {table.getHeaderGroups()[0]!.headers.length > 0 &&
                leafColumns.map((column) => {
                  const def = byId.get(column.id)!;
                  const sorted = column.getIsSorted();
                  const pinned = column.getIsPinned() === 'left';
                  const header = table.getFlatHeaders().find((h) => h.column.id === column.id)!;
                  const onResizeKey = (e: KeyboardEvent) => {
                    const step = e.key === 'ArrowRight' ? RESIZE_STEP : e.key === 'ArrowLeft' ? -RESIZE_STEP : 0;
                    if (!step) return;
                    e.preventDefault();
                    setColumnSizing((s) => ({ ...s, [column.id]: clampWidth(def.kind, column.getSize() + step) }));
                  };
                  const movable = movableIds.includes(column.id);
                  const reorder = movable
                    ? {
                        'data-reorder-handle': '',
                        'aria-describedby': reorderHelpId,
                        'aria-keyshortcuts': 'Alt+ArrowLeft Alt+ArrowRight',
                        onKeyDown: onMoveKey(column.id),
                      }
                    : {};
                  return (
                    <th
                      key={column.id}
                      scope="col"
                      data-column-id={column.id}
                      draggable={movable}
                      onDragStart={movable ? (e) => { e.dataTransfer.effectAllowed = 'move'; setDraggedHeader(column.id); } : undefined}
                      onDragOver={movable && draggedHeader ? (e) => e.preventDefault() : undefined}
                      onDrop={movable && draggedHeader ? (e) => { e.preventDefault(); moveColumn(draggedHeader, column.id); setDraggedHeader(null); } : undefined}
                      onDragEnd={movable ? () => setDraggedHeader(null) : undefined}
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                      style={{ width: column.getSize(), left: pinned ? column.getStart('left') : undefined }}
                      className={`relative border-b border-slate-200 bg-slate-50 px-3 py-2 text-xs font-semibold text-slate-700 ${def.format && def.format !== 'text' ? 'text-right' : 'text-left'} ${pinned ? 'sticky z-30' : ''} ${movable ? 'cursor-move' : ''} ${draggedHeader === column.id ? 'opacity-60' : ''}`}
                    >
                      {column.getCanSort() ? (
                        <button
                          type="button"
                          onClick={
                            serverSort
                              ? () => {
                                  setPage(1);
                                  serverSort.onSort(column.id);
                                }
                              : column.getToggleSortingHandler()
                          }
                          className="inline-flex items-center gap-1 hover:text-brand-700"
                          {...reorder}
                        >
                          {def.header}
                          <span aria-hidden className="text-slate-400">
                            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                          </span>
                        </button>
                      ) : (
                        <span tabIndex={movable ? 0 : undefined} {...reorder}>
                          {def.header}
                        </span>
                      )}
                      {def.headerDetail && <div className="text-[11px] font-normal text-slate-500">{def.headerDetail}</div>}
                      <div
                        role="separator"
                        aria-orientation="vertical"
                        aria-label={`Resize ${def.header}`}
                        aria-valuenow={column.getSize()}
                        aria-valuemin={WIDTH_LIMITS[def.kind].min}
                        aria-valuemax={WIDTH_LIMITS[def.kind].max}
                        tabIndex={0}
                        onMouseDown={header.getResizeHandler()}
                        onTouchStart={header.getResizeHandler()}
                        onKeyDown={onResizeKey}
                        className="absolute right-0 top-0 h-full w-1.5 cursor-col-resize select-none bg-transparent hover:bg-brand-500 focus:bg-brand-500 focus:outline-none"
                      />
                    </th>
                  );
                })}
            </tr>
          </thead>
          <tbody>
            {props.summaryRow !== undefined && pageRows.length > 0 && (
              <tr aria-rowindex={rowsBefore} className="bg-slate-100 font-semibold">
                {leafColumns.map((c) => cell(props.summaryRow as Row, c, 0, null))}
              </tr>
            )}
            {padTop > 0 && (
              <tr aria-hidden>
                <td style={{ height: padTop }} colSpan={leafColumns.length} />
              </tr>
            )}
            {items.map((item) => {
              const r = pageRows[item.index]!;
              return (
                <tr key={r.id} data-index={item.index} aria-rowindex={rowsBefore + item.index + 1} ref={virtualizer.measureElement} className={r.depth > 0 ? 'bg-slate-50/70' : 'bg-white hover:bg-slate-50'}>
                  {leafColumns.map((c) => cell(r.original, c, r.depth, r))}
                </tr>
              );
            })}
            {padBottom > 0 && (
              <tr aria-hidden>
                <td style={{ height: padBottom }} colSpan={leafColumns.length} />
              </tr>
            )}
          </tbody>
        </table>
        {pageRows.length === 0 && (
          <p className="p-8 text-center text-sm text-slate-600">
            {/* server-paged rows not here yet: the page is on its way, not empty */}
            {remote && info.total > 0 ? 'Loading rows...' : isFiltered ? (props.noMatchText ?? 'No data matches the selected filter') : (props.emptyText ?? 'No data to display')}
          </p>
        )}
      </div>

      {!fullScreen && (
        <nav aria-label={`${title} pages`} className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
          <span>{texts.showing}</span>
          <div className="flex flex-wrap items-center gap-2">
            <label className="flex items-center gap-1">
              Rows per page
              <select
                className="rounded border border-slate-300 px-1 py-0.5"
                value={String(pageSize)}
                onChange={(e) => {
                  const size = e.target.value === 'all' ? 'all' : Number(e.target.value);
                  setPageSize(size);
                  setPage(1);
                  props.remote?.onPageSize?.(size);
                }}
              >
                {pageSizes.map((s) => (
                  <option key={String(s)} value={String(s)}>
                    {s === 'all' ? 'All' : s}
                  </option>
                ))}
              </select>
            </label>
            {/* the page buttons stay together on a narrow screen: they wrap as one line, never one by one */}
            <div className="flex items-center gap-2">
              <PageButton label="First page" text="«" disabled={info.page <= 1} onClick={() => setPage(1)} />
              <PageButton label="Previous page" text="‹" disabled={info.page <= 1} onClick={() => setPage(clampPage(info.page - 1, info.total, pageSize))} />
              <span className="whitespace-nowrap">{texts.page}</span>
              <PageButton label="Next page" text="›" disabled={info.page >= info.pageCount} onClick={() => setPage(clampPage(info.page + 1, info.total, pageSize))} />
              <PageButton label="Last page" text="»" disabled={info.page >= info.pageCount} onClick={() => setPage(info.pageCount)} />
            </div>
          </div>
        </nav>
      )}
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

/** Consecutive columns of the same group share one header cell. */
function groupRuns(groups: Array<string | undefined>): Array<{ group: string | undefined; span: number }> {
  const runs: Array<{ group: string | undefined; span: number }> = [];
  for (const g of groups) {
    const last = runs[runs.length - 1];
    if (last && last.group === g) last.span += 1;
    else runs.push({ group: g, span: 1 });
  }
  return runs;
}
