import { PassThrough, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ExportFormat } from '@venue-voice/domain';
import { stringify } from 'csv-stringify/sync';
import type { ExportColumn } from './columns';
import type { ExportCells } from './rows';

/** What a browser is told the file is. */
export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * CSV (RFC 4180 through csv-stringify): a header row, then one row per record; UTF-8 with a byte-order
 * mark so Excel reads accents. Each page becomes one chunk of text (a chunk per row cost a stream write
 * per row), and the pages' own iterator drives it, so a slow reader slows the reads.
 */
function writeCsv(columns: readonly ExportColumn[], pages: AsyncIterable<ExportCells[]>, out: Writable) {
  return pipeline(async function* () {
    yield stringify([columns.map(({ header }) => header)], { bom: true });
    for await (const page of pages) yield stringify(page);
  }, out);
}

/**
 * XLSX through exceljs's streaming writer: each row committed as it is written (nothing kept per row),
 * no shared-strings table (it would hold every distinct text in memory), and the writer's output is
 * awaited when it asks for a pause, so a slow reader slows the reads here too.
 */
async function writeXlsx(
  columns: readonly ExportColumn[],
  pages: AsyncIterable<ExportCells[]>,
  out: Writable,
) {
  // Loaded when an XLSX is asked for: most of the export process's bundle, and of its start (decision 0262).
  const { default: ExcelJS } = await import('exceljs');
  const stream = new PassThrough();
  const piped = pipeline(stream, out);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = workbook.addWorksheet('Responses');
  sheet.columns = columns.map(({ key, header }) => ({ key, header, width: Math.min(40, header.length + 4) }));
  for await (const page of pages) {
    for (const cells of page) sheet.addRow(cells).commit();
    if (stream.writableNeedDrain) await new Promise((resolve) => stream.once('drain', resolve));
  }
  sheet.commit();
  await workbook.commit();
  await piped;
}

/** Writes the pages as the format asks to `out`; resolves when the file is whole, rejects on a fault. */
export function writeExport(
  format: ExportFormat,
  columns: readonly ExportColumn[],
  pages: AsyncIterable<ExportCells[]>,
  out: Writable,
): Promise<void> {
  return format === 'csv' ? writeCsv(columns, pages, out) : writeXlsx(columns, pages, out);
}
