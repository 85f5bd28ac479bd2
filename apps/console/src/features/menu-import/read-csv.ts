import { type CsvLine, type MenuCsvResult, menuFromCsv } from '@venue-voice/domain';
import { CsvError, parse } from 'csv-parse/browser/esm/sync';

/**
 * The separator, read from the header line: Excel in much of Europe saves CSV with semicolons, some
 * tills export tabs. Only the header decides, so a name holding a semicolon stays one cell.
 */
export function delimiterOf(text: string): string {
  const header = text.split(/\r?\n/, 1)[0] ?? '';
  const count = (separator: string) => header.split(separator).length - 1;
  return [',', ';', '\t'].reduce((best, next) => (count(next) > count(best) ? next : best), ',');
}

/**
 * A menu CSV file's text to the menu and its faults (O12.6). csv-parse (its browser build, decision
 * 0243) reads the quoting, separators and line ends; the domain reads the columns. Each record keeps the
 * line it ends on, so a fault names the line the owner sees in their editor.
 */
export function readMenuCsv(text: string): MenuCsvResult {
  let lines: CsvLine[];
  try {
    const records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      delimiter: delimiterOf(text),
    }) as unknown as { record: string[]; info: { lines: number } }[];
    lines = records.map(({ record, info }) => ({ line: info.lines, cells: record }));
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = (error as CsvError & { lines?: number }).lines ?? 1;
    return {
      menu: { majorGroups: [], familyGroups: [], products: [] },
      rows: [],
      errors: [{ line, column: null, problem: 'unreadable', params: { message: error.message } }],
    };
  }
  return menuFromCsv(lines);
}
