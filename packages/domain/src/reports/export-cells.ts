import { z } from 'zod';
import type { AnswerView, DishView, StaffView } from './response-view';

// O8: what a response export's cells hold (operator-side.md "responses/export"; issue 29 item 6). The
// columns are documented in docs/exports.md; these rules make one cell each.

/** O8.1 The characters that make a spreadsheet read a cell as a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * O8.1 A text cell that starts with `=`, `+`, `-`, `@`, tab or CR gets a leading apostrophe, so no
 * spreadsheet runs it as a formula and the guest's words still read as written. Numbers are cells of
 * their own type and never pass through here.
 */
export const safeCell = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** O8.2 The formats an export is written in. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const joined = (parts: readonly (string | null)[], separator = '; ') =>
  parts.filter((part): part is string => part !== null && part !== '').join(separator);

/**
 * O8.3 One answer as one cell's text: stars as `4/5`, choices' labels joined by `; `, yes/no with its
 * why (`Yes: …`), both boxes of a positive/negative comment, a services list, a comment as written;
 * `n/a` when the guest said it does not apply. Empty when nothing was given.
 */
export function answerCell(view: AnswerView): string {
  if (view.notApplicable) return 'n/a';
  const parts: (string | null)[] = [];
  if (view.stars) parts.push(`${view.stars.value}/${view.stars.of}`);
  if (view.yes !== null) parts.push(view.yes ? 'Yes' : 'No');
  parts.push(...view.choices);
  if (view.positive) parts.push(`+ ${view.positive}`);
  if (view.negative) parts.push(`- ${view.negative}`);
  for (const service of view.services)
    parts.push(`${service.name}: ${service.answers.map((a) => `${a.label} ${a.value}`).join(', ')}`);
  const head = joined(parts);
  return view.text ? joined([head, view.text], ': ') : head;
}

const RATING_WORD: Record<number, string> = { 1: 'bad', 2: 'neutral', 3: 'good' };

/** O8.4 The dishes rated, one cell: `Name: good (reason, reason) "comment"`, dishes joined by ` | `. */
export function dishesCell(dishes: readonly DishView[]): string {
  return dishes
    .map((dish) => {
      const reasons = [...dish.reasons, ...(dish.otherReason ? [dish.otherReason] : [])];
      const rating = dish.ratingLabel ?? RATING_WORD[dish.rating] ?? String(dish.rating);
      return joined(
        [
          `${dish.name ?? dish.ref}: ${rating}`,
          reasons.length > 0 ? `(${reasons.join(', ')})` : null,
          dish.comment ? `"${dish.comment}"` : null,
        ],
        ' ',
      );
    })
    .join(' | ');
}

/** O8.5 The staff thanked: their name (or the name typed), tags joined by `, `, and the text. */
export function staffCells(staff: StaffView | null): { name: string; tags: string; text: string } {
  return { name: staff?.name ?? '', tags: staff?.tags.join(', ') ?? '', text: staff?.text ?? '' };
}

/** O8.6 An export run as a job: its progress and, once done, its file (decision 0239). */
export const EXPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;
export const exportJobSchema = z.object({
  id: z.number().int(),
  format: z.enum(EXPORT_FORMATS),
  state: z.enum(EXPORT_STATES),
  rowsTotal: z.number().int().describe('Rows the filter held when the export was asked for'),
  rowsDone: z.number().int(),
  bytes: z.number().int().nullable().describe('The file’s size once done'),
  error: z
    .string()
    .nullable()
    .describe('A failed export: what happened, in a sentence for the operator (never SQL or a stack)'),
  errorCode: z
    .number()
    .int()
    .nullable()
    .describe(
      'A failed export: its code in the API’s error list (10001 a fault on the server, 10005 the operator who asked is gone, or the filter’s own code when it no longer holds)',
    ),
  createdAt: z.string(),
  expiresAt: z.string().describe('The file and this record are deleted then (24 hours)'),
});
export type ExportJob = z.infer<typeof exportJobSchema>;
