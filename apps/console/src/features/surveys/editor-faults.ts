import {
  type EditorFault,
  type Language,
  parseDocument,
  publishFaults,
  type SurveyDocument,
} from '@venue-voice/domain';
import type { TFunction } from 'i18next';
import { LANGUAGE_NAMES } from '../../ui/language-picker';

/**
 * The parts of a survey the editor's outline selects; a question by its id (`q:12`), so moving it keeps
 * it selected.
 */
export const SURVEY_PARTS = [
  'settings',
  'sections',
  'indicators',
  'limits',
  'staff',
  'sharing',
  'vouchers',
  'demographics',
  'branding',
] as const;
export type SurveyPart = (typeof SURVEY_PARTS)[number];
export type Part = SurveyPart | 'questions' | `q:${number}`;

const SURVEY_FIELD_PART: Record<string, SurveyPart> = {
  sections: 'sections',
  indicators: 'indicators',
  indicatorsRenderType: 'indicators',
  ratingImages: 'indicators',
  maxima: 'limits',
  staffSelector: 'staff',
  managerFeedback: 'sharing',
  recommendation: 'sharing',
  reviewSites: 'sharing',
  vouchers: 'vouchers',
  demographics: 'demographics',
  branding: 'branding',
};

/** The part whose form shows the field at `path` (a fault's path in the document). */
export function partOf(path: string, document: SurveyDocument): Part {
  const [head, field] = path.split('.');
  if (head === 'questions') {
    const question = field === undefined ? undefined : document.questions[Number(field)];
    return question ? `q:${question.id}` : 'questions';
  }
  if (head === 'survey' && field !== undefined) return SURVEY_FIELD_PART[field] ?? 'settings';
  // languages, translations.<lang> and the document itself: the survey's settings hold the languages.
  return 'settings';
}

/**
 * Everything that stops a publish of `document`, as the server will judge it: the schema's refusals
 * (O15.25: a draft the schema refuses cannot even be saved) and publishFaults (O15.24).
 */
export function editorFaults(document: SurveyDocument): EditorFault[] {
  const parsed = parseDocument(document);
  const schema = parsed.ok ? [] : parsed.faults;
  try {
    return [...schema, ...publishFaults(document)];
  } catch {
    // A shape the checks cannot walk: the schema's faults already say where.
    return schema;
  }
}

/** Whether the schema accepts the document (a draft may then be saved, faults and all). */
export const savable = (faults: readonly EditorFault[]) => !faults.some((f) => f.key === 'editor.invalid');

/** The faults at `path` and below it (`survey.sections.1` holds `survey.sections.1.dependsOn.0`). */
export function faultsUnder(faults: readonly EditorFault[], path: string): EditorFault[] {
  return faults.filter((fault) => fault.path === path || fault.path.startsWith(`${path}.`));
}

/** A fault's text from the console's catalogue (editor.*), its language codes named. */
export function editorFaultText(fault: EditorFault, t: TFunction): string {
  const params: Record<string, string | number> = { ...fault.params };
  const language = params.language;
  if (typeof language === 'string' && language in LANGUAGE_NAMES)
    params.language = LANGUAGE_NAMES[language as Language];
  return t(fault.key, params);
}
