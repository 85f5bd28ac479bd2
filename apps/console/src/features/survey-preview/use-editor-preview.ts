import { useDebouncedValue } from '@mantine/hooks';
import {
  type EditorFault,
  type Language,
  previewDocument,
  type SurveyDocument,
  type SurveyPreviewAnswer,
} from '@venue-voice/domain';
import { useEffect, useState } from 'react';
import { previewApi } from './preview-api';

/** How long edits pause before the preview follows them (a POST and a restart of the frame's visit). */
export const PREVIEW_AFTER_MS = 800;

export interface EditorPreview {
  /** The last preview the server built: kept while the document cannot run, so the frame stays. */
  answer: SurveyPreviewAnswer | null;
  /** What stops the document as it is now from running (O15.40); empty when it can. */
  faults: readonly EditorFault[];
  /** The last call failed for another reason (the network, the session): the preview is behind too. */
  error: unknown;
  /** Edits not yet in the preview: typing has not paused, or the server is building it. */
  updating: boolean;
}

interface State {
  answer: SurveyPreviewAnswer | null;
  faults: readonly EditorFault[];
  error: unknown;
  /** What the last result (an answer, faults or a failure) was for. */
  of: { document: SurveyDocument; language: Language | null } | null;
}

/**
 * The editor's preview (decision 0259): once edits pause, the document as typed is checked as the server
 * will check it (O15.40) and, when it can run, POSTed; the answer replaces the last one. A document that
 * cannot run keeps the last good answer and names its faults; nothing is stored.
 */
export function useEditorPreview(
  id: number,
  document: SurveyDocument,
  language: Language | null,
): EditorPreview {
  const [settled] = useDebouncedValue(document, PREVIEW_AFTER_MS);
  const [state, setState] = useState<State>({ answer: null, faults: [], error: null, of: null });

  useEffect(() => {
    const of = { document: settled, language };
    const checked = previewDocument(settled);
    if (!checked.ok) {
      setState((before) => ({ ...before, faults: checked.faults, error: null, of }));
      return;
    }
    let current = true;
    previewApi
      .editor(id, settled, language)
      .then((answer) => {
        if (current) setState({ answer, faults: [], error: null, of });
      })
      .catch((error: unknown) => {
        if (current) setState((before) => ({ ...before, faults: [], error, of }));
      });
    return () => {
      current = false;
    };
  }, [id, settled, language]);

  return {
    answer: state.answer,
    faults: state.faults,
    error: state.error,
    updating: settled !== document || state.of?.document !== settled || state.of.language !== language,
  };
}
