import type { SurveyDocument } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { useEditor } from '../editor-context';

type Survey = SurveyDocument['survey'];

/**
 * What a part's form starts with: the editor, `t`, and `s(key)` for its own texts
 * (`surveyEditor.<prefix>.<key>`).
 */
export function usePart(prefix: string) {
  const { t } = useTranslation();
  const editor = useEditor();
  const s = (key: string, values?: Record<string, unknown>) => t(`surveyEditor.${prefix}.${key}`, values);
  return { ...editor, t, s };
}

/** One field of the survey and a way to change it, from the latest document (a list, the staff selector). */
export function useSurveyField<K extends keyof Survey>(
  field: K,
): [Survey[K], (change: (value: Survey[K]) => Survey[K]) => void] {
  const { document, update } = useEditor();
  const change = (next: (value: Survey[K]) => Survey[K]) =>
    update((doc) => ({ ...doc, survey: { ...doc.survey, [field]: next(doc.survey[field]) } }));
  return [document.survey[field], change];
}
