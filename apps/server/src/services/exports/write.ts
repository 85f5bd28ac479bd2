import { PassThrough, Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ExportFormat } from '@venue-voice/domain';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { ExportColumn } from './columns';
import type { ExportRecord } from './rows';

/** What a browser is told the file is. */
export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * CSV (RFC 4180 through csv-stringify): a header row, then one row per record; UTF-8 with a byte-order
 * mark so Excel reads accents. The records' own iterator drives it, so a slow reader slows the reads.
 */
function writeCsv(columns: readonly ExportColumn[], records: AsyncIterable<ExportRecord>, out: Writable) {
  return pipeline(
    Readable.from(records),
    stringify({ header: true, bom: true, columns: columns.map(({ key, header }) => ({ key, header })) }),
    out,
  );
}

/**
 * XLSX through exceljs's streaming writer: each row committed as it is written (nothing kept per row),
 * no shared-strings table (it would hold every distinct text in memory), and the writer's output is
 * awaited when it asks for a pause, so a slow reader slows the reads here too.
 */
async function writeXlsx(
  columns: readonly ExportColumn[],
  records: AsyncIterable<ExportRecord>,
  out: Writable,
) {
  const stream = new PassThrough();
  const piped = pipeline(stream, out);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = workbook.addWorksheet('Responses');
  sheet.columns = columns.map(({ key, header }) => ({ key, header, width: Math.min(40, header.length + 4) }));
  for await (const record of records) {
    sheet.addRow(record).commit();
    if (stream.writableNeedDrain) await new Promise((resolve) => stream.once('drain', resolve));
  }
  sheet.commit();
  await workbook.commit();
  await piped;
}

/** Writes the records as the format asks to `out`; resolves when the file is whole, rejects on a fault. */
export function writeExport(
  format: ExportFormat,
  columns: readonly ExportColumn[],
  records: AsyncIterable<ExportRecord>,
  out: Writable,
): Promise<void> {
  return format === 'csv' ? writeCsv(columns, records, out) : writeXlsx(columns, records, out);
}
