import type { IdText, Question } from '@venue-voice/domain';

/** A question as another question's follow-up or linked question offers it. */
export interface QuestionOption {
  value: string;
  label: string;
}

const LABEL_MAX = 60;
const byQuestions = new WeakMap<readonly Question[], QuestionOption[]>();
let latest: QuestionOption[] = [];

/**
 * Every question of a document as an option (`#12 How was it?`), computed once per questions array and
 * shared by all editors; when no id or text changed the previous list is answered, so a keystroke in a
 * weight or an answer leaves the other questions' editors alone (issue 31 item 7).
 */
export function questionOptions(questions: readonly Question[]): QuestionOption[] {
  const cached = byQuestions.get(questions);
  if (cached) return cached;
  // Options that did not change keep their object, so their rendered <option> is reused (optionElement).
  const next = questions.map((q, i) => {
    const text = q.text.length > LABEL_MAX ? `${q.text.slice(0, LABEL_MAX - 1)}…` : q.text;
    const option = { value: String(q.id), label: text.trim() === '' ? `#${q.id}` : `#${q.id} ${text}` };
    const old = latest[i];
    return old && old.value === option.value && old.label === option.label ? old : option;
  });
  const same = next.length === latest.length && next.every((o, i) => o === latest[i]);
  const answer = same ? latest : next;
  latest = answer;
  byQuestions.set(questions, answer);
  return answer;
}

/** The next id of an id-and-text list (answers, reasons, choices): one above the highest. */
export const nextId = (items: readonly Pick<IdText, 'id'>[]): number =>
  items.reduce((max, item) => Math.max(max, item.id), 0) + 1;

/** The next free text id with `prefix` (`service-3`) among `ids`. */
export function nextTextId(prefix: string, ids: readonly string[]): string {
  for (let n = ids.length + 1; ; n++) {
    const candidate = `${prefix}-${n}`;
    if (!ids.includes(candidate)) return candidate;
  }
}

/**
 * `items` with the one at `from` moved to the place of the one at `to` (a no-op when either is out of
 * range): the one reorder of a question's lists, by drag (decision 0263) and by the arrows ({@link moved}).
 */
export function movedTo<T>(items: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= items.length || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** `items` with the one at `index` moved by `delta` places (a no-op at either end). */
export const moved = <T>(items: readonly T[], index: number, delta: number): T[] =>
  movedTo(items, index, index + delta);

/** `items` with the one at `index` replaced. */
export const replaced = <T>(items: readonly T[], index: number, item: T): T[] =>
  items.map((old, i) => (i === index ? item : old));

/** `items` without the one at `index`. */
export const without = <T>(items: readonly T[], index: number): T[] => items.filter((_, i) => i !== index);
