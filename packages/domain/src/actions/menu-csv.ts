import { EposProductType } from '../enums';
import { type Menu, menuSchema, TILL_NAME_MAX, TILL_REF_MAX } from './till';

/**
 * O12.6: the console's menu CSV (docs/integrations.md "Menu"): a header line, then one product a line
 * with its groups beside it, as EPOS exports print them. Columns by name, in any order.
 */
export const MENU_CSV_COLUMNS = [
  'product_ref',
  'product_name',
  'type',
  'major_group_ref',
  'major_group_name',
  'family_group_ref',
  'family_group_name',
  'family_group_weight',
] as const;
export type MenuCsvColumn = (typeof MENU_CSV_COLUMNS)[number];
const REQUIRED: readonly MenuCsvColumn[] = ['product_ref', 'product_name', 'type'];

/** A line's cells as the CSV parser read them, with the file's line number (the header is line 1). */
export interface CsvLine {
  line: number;
  cells: string[];
}

/** What can be wrong with a line (the console's text key `menuImport.problems.<problem>`). */
export type MenuCsvProblem =
  | 'emptyFile'
  | 'unreadable'
  | 'unknownColumn'
  | 'columnTwice'
  | 'columnMissing'
  | 'tooManyCells'
  | 'tooLong'
  | 'required'
  | 'type'
  | 'duplicateRef'
  | 'groupNameWithoutRef'
  | 'miscRef'
  | 'weight'
  | 'groupNameRequired'
  | 'groupNamedTwice'
  | 'groupWeighedTwice'
  | 'noProducts'
  | 'invalid';

/** One fault of the file: its line, the column (null: the whole line), what is wrong and its details. */
export interface MenuCsvError {
  line: number;
  column: string | null;
  problem: MenuCsvProblem;
  params: Record<string, string | number>;
}

/** The product a line gives, for the preview. */
export interface MenuCsvRow {
  line: number;
  ref: string;
  name: string;
  type: EposProductType;
  majorGroupRef: string | null;
  familyGroupRef: string | null;
}

export interface MenuCsvResult {
  menu: Menu;
  rows: MenuCsvRow[];
  errors: MenuCsvError[];
}

/** O12.6: a type is its word (food, drink, other) or the EPOS number (1, 2, 3). */
const TYPES: Record<string, EposProductType> = {
  food: EposProductType.FOOD,
  drink: EposProductType.DRINK,
  other: EposProductType.OTHER,
  '1': EposProductType.FOOD,
  '2': EposProductType.DRINK,
  '3': EposProductType.OTHER,
};

interface Group {
  name: string;
  line: number;
  weight?: number;
}

/** Reads a menu CSV's lines into the menu PUT /console/menu takes, and every fault with its line. */
export function menuFromCsv(lines: readonly CsvLine[]): MenuCsvResult {
  const errors: MenuCsvError[] = [];
  const empty: MenuCsvResult = {
    menu: { majorGroups: [], familyGroups: [], products: [] },
    rows: [],
    errors,
  };
  const [header, ...body] = lines;
  if (!header) {
    errors.push({ line: 1, column: null, problem: 'emptyFile', params: {} });
    return empty;
  }
  const names = header.cells.map((c) => c.trim().toLowerCase());
  const at = new Map<string, number>();
  names.forEach((name, index) => {
    if (!(MENU_CSV_COLUMNS as readonly string[]).includes(name))
      errors.push({
        line: header.line,
        column: name,
        problem: 'unknownColumn',
        params: { known: MENU_CSV_COLUMNS.join(', ') },
      });
    else if (at.has(name))
      errors.push({ line: header.line, column: name, problem: 'columnTwice', params: {} });
    else at.set(name, index);
  });
  for (const column of REQUIRED)
    if (!at.has(column)) errors.push({ line: header.line, column, problem: 'columnMissing', params: {} });
  if (errors.length > 0) return empty;

  const majors = new Map<string, Group>();
  const families = new Map<string, Group>();
  const productLines = new Map<string, number>();
  const rows: MenuCsvRow[] = [];
  for (const { line, cells } of body) {
    const fault = (
      column: MenuCsvColumn | null,
      problem: MenuCsvProblem,
      params: MenuCsvError['params'] = {},
    ) => errors.push({ line, column, problem, params });
    if (cells.length > names.length)
      fault(null, 'tooManyCells', { cells: cells.length, columns: names.length });
    const cell = (column: MenuCsvColumn) => {
      const index = at.get(column);
      const value = index === undefined ? '' : (cells[index] ?? '').trim();
      const max = column.endsWith('_ref') ? TILL_REF_MAX : TILL_NAME_MAX;
      if (value.length > max) fault(column, 'tooLong', { max });
      return value;
    };
    const ref = cell('product_ref');
    const name = cell('product_name');
    const typeText = cell('type');
    if (!ref) fault('product_ref', 'required');
    if (!name) fault('product_name', 'required');
    const type = TYPES[typeText.toLowerCase()];
    if (type === undefined) fault('type', 'type');
    const first = productLines.get(ref);
    if (ref && first !== undefined) fault('product_ref', 'duplicateRef', { line: first });
    else if (ref) productLines.set(ref, line);

    const group = (kind: 'major' | 'family', into: Map<string, Group>): string | null => {
      const groupRef = cell(`${kind}_group_ref`);
      const groupName = cell(`${kind}_group_name`);
      const weightText = kind === 'family' ? cell('family_group_weight') : '';
      if (!groupRef) {
        if (groupName) fault(`${kind}_group_ref`, 'groupNameWithoutRef');
        return null;
      }
      if (kind === 'major' && /^misc/i.test(groupRef)) fault('major_group_ref', 'miscRef');
      const weight = weightText === '' ? undefined : Number(weightText);
      if (weight !== undefined && !(Number.isInteger(weight) && weight >= 0 && weight <= 10_000))
        fault('family_group_weight', 'weight');
      const known = into.get(groupRef);
      if (!known) {
        if (!groupName) fault(`${kind}_group_name`, 'groupNameRequired', { ref: groupRef });
        into.set(groupRef, { name: groupName, line, ...(weight === undefined ? {} : { weight }) });
        return groupRef;
      }
      if (groupName && groupName !== known.name)
        fault(`${kind}_group_name`, 'groupNamedTwice', { ref: groupRef, name: known.name, line: known.line });
      if (weight !== undefined && known.weight !== undefined && weight !== known.weight)
        fault('family_group_weight', 'groupWeighedTwice', {
          ref: groupRef,
          weight: known.weight,
          line: known.line,
        });
      if (weight !== undefined && known.weight === undefined) known.weight = weight;
      return groupRef;
    };
    const majorGroupRef = group('major', majors);
    const familyGroupRef = group('family', families);
    rows.push({ line, ref, name, type: type ?? EposProductType.OTHER, majorGroupRef, familyGroupRef });
  }
  if (rows.length === 0)
    errors.push({ line: header.line + 1, column: null, problem: 'noProducts', params: {} });

  const menu: Menu = {
    majorGroups: [...majors].map(([ref, g]) => ({ ref, name: g.name })),
    familyGroups: [...families].map(([ref, g]) => ({ ref, name: g.name, weight: g.weight ?? 0 })),
    products: rows.map((r) => ({
      ref: r.ref,
      name: r.name,
      type: r.type,
      majorGroupRef: r.majorGroupRef,
      familyGroupRef: r.familyGroupRef,
    })),
  };
  if (errors.length === 0) {
    // What the lines above let through must still be a menu the call takes (one schema, one truth).
    const parsed = menuSchema.safeParse(menu);
    for (const issue of parsed.error?.issues ?? []) {
      const [list, index] = issue.path;
      const row = list === 'products' && typeof index === 'number' ? rows[index] : undefined;
      errors.push({
        line: row?.line ?? header.line,
        column: null,
        problem: 'invalid',
        params: { message: issue.message },
      });
    }
  }
  return { menu, rows, errors };
}
