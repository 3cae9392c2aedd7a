import { excelNumberFormat, TONE_FILLS, type ReportColumn } from './report-columns';

export interface ExportOptions<Row> {
  fileName: string;
  sheetName: string;
  columns: ReportColumn<Row>[];
  rows: Row[];
  /** sub rows (days under a month) follow their parent row */
  subRows?: (row: Row) => Row[] | undefined;
}

/**
 * The rows as an .xlsx workbook: a styled (slate) header row, numbers as numbers with the column's number
 * format, the colour rule's fills where a column has one. exceljs is loaded only when someone exports.
 */
export async function buildWorkbook<Row>({ sheetName, columns, rows, subRows }: Omit<ExportOptions<Row>, 'fileName'>) {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  const grouped = columns.some((c) => c.group);
  sheet.columns = columns.map((c) => ({ header: grouped && c.group ? `${c.group} ${c.header}` : c.header, key: c.id, width: Math.max(12, c.header.length + 4) }));
  const header = sheet.getRow(1);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF334155' } };
  });
  const write = (row: Row) => {
    const added = sheet.addRow(
      columns.map((c) => {
        const v = c.value(row);
        // 2 decimals at most, as the spec's exports round; a missing figure stays an empty cell, never 0
        return typeof v === 'number' ? Math.round(v * 100) / 100 : (v ?? null);
      }),
    );
    columns.forEach((c, i) => {
      const cell = added.getCell(i + 1);
      const fmt = excelNumberFormat(c.format ?? 'text');
      if (fmt && typeof cell.value === 'number') cell.numFmt = fmt;
      const tone = c.tone?.(row);
      if (tone) cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: TONE_FILLS[tone] } };
    });
  };
  for (const row of rows) {
    write(row);
    for (const sub of subRows?.(row) ?? []) write(sub);
  }
  return workbook;
}

export async function exportXlsx<Row>(options: ExportOptions<Row>): Promise<void> {
  const workbook = await buildWorkbook(options);
  const buffer = await workbook.xlsx.writeBuffer();
  const url = URL.createObjectURL(new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = options.fileName.endsWith('.xlsx') ? options.fileName : `${options.fileName}.xlsx`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
