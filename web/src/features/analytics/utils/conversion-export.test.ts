import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { ConversionReport } from '@parallels/contract/analytics';
import { buildWorkbook } from '../../../components/report-table/export-xlsx';
import { TONE_FILLS } from '../../../components/report-table/report-columns';
import { conversionExport } from './conversion-export';

const report: ConversionReport = {
  success: true,
  report: 'operatingSystemConversionReport',
  dimensionKey: 'Operating System',
  data: [
    {
      'Operating System': 'Android',
      'Total Sessions': 1500,
      'Avg Conv. Rate': 2.123456,
      'Total Purchases': 31.85,
      MonthlyData: [
        { Month: '202603', Sessions: 900, 'Conv. Rate': 1.111111, Purchases: 10, tone: 'neutral-up' },
        { Month: '202602', Sessions: 600, 'Conv. Rate': 3.456789, Purchases: 21, tone: 'neutral-down' },
      ],
      category: 'High Sessions',
      note: null,
    },
    {
      'Operating System': 'iOS',
      'Total Sessions': 100,
      'Avg Conv. Rate': 0,
      'Total Purchases': 0,
      MonthlyData: [{ Month: '202601', Sessions: 100, 'Conv. Rate': 0, Purchases: 0, tone: 'negative' }],
      category: 'Under Performers',
      note: null,
    },
  ],
  months: ['202603', '202602', '202601'],
  totalRows: 2,
  matchingRows: 2,
  categoryCounts: { 'Top Performers': 0, 'High Sessions': 1, 'High Conv. Rate': 0, 'Under Performers': 1 },
  page: 1,
  pageSize: 'all',
  averages: { totalSessions: 800, convRate: 1.94, monthlySessions: 533.33, monthlyConvRate: 1.94 },
  notice: null,
  range: { from: '2026-01-01', to: '2026-03-14' },
  status: { state: 'ready', syncedThrough: '2026-03-14', lastSyncedAt: null, message: null },
};

describe('the conversion Excel export (spec/reports.md section 9)', () => {
  it('Conversion Data sheet, the dimension file name, Metric rows, months newest first, 2 decimals, slate header, colour-rule fills', async () => {
    const spec = conversionExport(report, 'Operating System', report.data);
    expect(spec.fileName).toBe('OperatingSystem_Conversion_Report.xlsx');
    expect(conversionExport(report, 'Landing Page', []).fileName).toBe('LandingPage_Conversion_Report.xlsx');
    const built = await buildWorkbook(spec);
    // read back what a user would open
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await built.xlsx.writeBuffer()) as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Conversion Data']);
    const sheet = workbook.getWorksheet('Conversion Data')!;
    const values = (r: number) => (sheet.getRow(r).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['Operating System', 'Metric', 'Total Sessions', 'Avg Conv. Rate', 'Mar-2026', 'Feb-2026', 'Jan-2026']);
    expect(values(2)).toEqual(['Android', 'Sessions', 1500, 2.12, 900, 600]); // no January: the cell stays empty, never 0
    expect(values(3)).toEqual(['Android', 'Conv. Rate', 1500, 2.12, 1.11, 3.46]);
    expect(values(4)).toEqual(['iOS', 'Sessions', 100, 0, undefined, undefined, 100]);
    expect(values(5)).toEqual(['iOS', 'Conv. Rate', 100, 0, undefined, undefined, 0]);
    expect(sheet.getRow(1).getCell(1).fill).toMatchObject({ pattern: 'solid', fgColor: { argb: 'FF334155' } });
    const fill = (r: number, c: number) => (sheet.getRow(r).getCell(c).fill as { fgColor?: { argb?: string } } | undefined)?.fgColor?.argb;
    // blue: sessions only at or above average; yellow: only the rate; red: neither
    expect([fill(2, 5), fill(3, 5), fill(2, 6), fill(3, 6), fill(4, 7)]).toEqual([TONE_FILLS['neutral-up'], TONE_FILLS['neutral-up'], TONE_FILLS['neutral-down'], TONE_FILLS['neutral-down'], TONE_FILLS.negative]);
    expect(fill(2, 1)).toBeUndefined();
    expect(TONE_FILLS.positive).toBe('FFD1FAE5');
  });
});
