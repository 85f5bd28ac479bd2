import type {
  EditorFault,
  SurveyDocument,
  SurveyDocumentAnswer,
  SurveyListItem,
  SurveyVersionItem,
} from '@venue-voice/domain';
import { api, apiUrl } from '../../platform/api';

/**
 * The survey editor's calls (issue 31, decision 0254). GET …/document, PUT …/draft and POST …/publish are
 * operator-side.md's; a 400 10025 names each refused field by its document path in `detail.fields`.
 */
export const surveysApi = {
  list: () => api.get<{ items: SurveyListItem[] }>('/surveys'),
  document: (id: number) => api.get<SurveyDocumentAnswer>(`/surveys/${id}/document`),
  saveDraft: (id: number, document: SurveyDocument) =>
    api.put<{ faults: EditorFault[]; updatedAt: string }>(`/surveys/${id}/draft`, document),
  discardDraft: (id: number) => api.delete<unknown>(`/surveys/${id}/draft`),
  publish: (id: number) => api.post<{ version: number }>(`/surveys/${id}/publish`),
  versions: (id: number) => api.get<{ items: SurveyVersionItem[] }>(`/surveys/${id}/versions`),
  /** A published version becomes the draft (the current version stays live until the next publish). */
  restore: (id: number, version: number) =>
    api.post<{ basedOn: number; faults: EditorFault[]; updatedAt: string }>(
      `/surveys/${id}/versions/${version}/restore`,
    ),
  /**
   * A new survey from a document (an import, or a blank one), served at the given branches: version 1,
   * inactive until `setActive` (decision 0255). An import that could not be published names its fields.
   */
  create: (document: SurveyDocument, branchIds: number[]) =>
    api.post<{ id: number }>('/surveys', { document, branchIds }),
  /** A copy of the published version (`<slug>-copy`, "<name> (copy)"), inactive. */
  duplicate: (id: number) => api.post<{ id: number }>(`/surveys/${id}/duplicate`),
  /** Serve the survey to guests and tablets, or stop. */
  setActive: (id: number, active: boolean) => api.patch<{ active: boolean }>(`/surveys/${id}`, { active }),
  /** The JSON file of the published version, or of the draft. */
  exportUrl: (id: number, which: 'published' | 'draft' = 'published') =>
    apiUrl(`/surveys/${id}/export`, { which }),
};
