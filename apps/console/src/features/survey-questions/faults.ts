import type { EditorFault } from '@venue-voice/domain';
import type { TFunction } from 'i18next';
import { faultText } from '../../ui/field-faults';

/** The faults of one question, by paths relative to it (`indicatorId`, `otherQuestionsAnswers.2`). */
export interface QuestionFaults {
  /** The texts of the faults at `path` or below it, joined; undefined when there is none. */
  at(path: string): string | undefined;
  /** The texts of the faults at exactly `path` (a list's own, not its items'). */
  own(path: string): string | undefined;
  /** The texts of faults on no field the editor shows now (an id, a hidden field). */
  rest(shown: ReadonlySet<string>): string[];
}

/** Reads `faults` (paths `questions.<index>…`) for the fields of question `index`. */
export function questionFaults(faults: readonly EditorFault[], index: number, t: TFunction): QuestionFaults {
  const base = `questions.${index}`;
  const relative = faults.flatMap((fault) => {
    if (fault.path === base) return [{ path: '', text: faultText(fault, t) }];
    if (!fault.path.startsWith(`${base}.`)) return [];
    return [{ path: fault.path.slice(base.length + 1), text: faultText(fault, t) }];
  });
  return {
    at(path) {
      const texts = relative
        .filter((f) => f.path === path || f.path.startsWith(`${path}.`))
        .map((f) => f.text);
      return texts.length > 0 ? [...new Set(texts)].join(' ') : undefined;
    },
    own(path) {
      const texts = relative.filter((f) => f.path === path).map((f) => f.text);
      return texts.length > 0 ? [...new Set(texts)].join(' ') : undefined;
    },
    rest(shown) {
      return relative.filter((f) => !shown.has(f.path.split('.')[0] ?? '')).map((f) => f.text);
    },
  };
}

/** Whether two fault lists say the same (the editor skips a render when they do). */
export function sameFaults(a: readonly EditorFault[], b: readonly EditorFault[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  return a.every((fault, i) => {
    const other = b[i];
    return (
      other !== undefined &&
      fault.path === other.path &&
      fault.key === other.key &&
      JSON.stringify(fault.params ?? null) === JSON.stringify(other.params ?? null)
    );
  });
}
