import type { EditorFault, SurveyDocument } from '@venue-voice/domain';
import { createContext, useContext } from 'react';

/**
 * What the selected part's form reads: the document (one state for the whole survey), a setter by path,
 * the faults (computed from a deferred copy, so typing never waits for them) and whether it may change.
 * Only the selected part's form is mounted, so a keystroke re-renders that form alone.
 */
export interface EditorValue {
  document: SurveyDocument;
  set(path: string, value: unknown): void;
  update(change: (document: SurveyDocument) => SurveyDocument): void;
  faults: readonly EditorFault[];
  editable: boolean;
}

const EditorContext = createContext<EditorValue | null>(null);

export const EditorProvider = EditorContext.Provider;

export function useEditor(): EditorValue {
  const value = useContext(EditorContext);
  if (!value) throw new Error('useEditor is used outside the survey editor');
  return value;
}
