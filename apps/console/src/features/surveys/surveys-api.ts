import {
  DRAFT_REVISION_HEADER,
  type EditorFault,
  type SurveyDocument,
  type SurveyDocumentAnswer,
  type SurveyListItem,
  type SurveyVersionItem,
} from '@venue-voice/domain';
import { api, apiUrl } from '../../platform/api';

/** A change of the draft names the revision it was based on; 409 10035 when it changed since (O15.52). */
const basedOn = (revision: string) => ({ [DRAFT_REVISION_HEADER]: revision });

/**
 * The survey editor's calls (issue 31, decision 0254). GET …/document, PUT …/draft and POST …/publish are
 * operator-side.md's; a 400 10025 names each refused field by its document path in `detail.fields`.
 */
export const surveysApi = {
  list: () => api.get<{ items: SurveyListItem[] }>('/surveys'),
  document: (id: number) => api.get<SurveyDocumentAnswer>(`/surveys/${id}/document`),
  saveDraft: (id: number, document: SurveyDocument, revision: string) =>
    api.put<{ faults: EditorFault[]; updatedAt: string; revision: string }>(
      `/surveys/${id}/draft`,
      document,
      basedOn(revision),
    ),
  discardDraft: (id: number, revision: string) =>
    api.delete<{ revision: string }>(`/surveys/${id}/draft`, basedOn(revision)),
  publish: (id: number, revision: string) =>
    api.post<{ version: number; revision: string }>(`/surveys/${id}/publish`, {}, basedOn(revision)),
  versions: (id: number) => api.get<{ items: SurveyVersionItem[] }>(`/surveys/${id}/versions`),
  /** A published version becomes the draft (the current version stays live until the next publish). */
  restore: (id: number, version: number, revision: string) =>
    api.post<{ basedOn: number; faults: EditorFault[]; updatedAt: string; revision: string }>(
      `/surveys/${id}/versions/${version}/restore`,
      {},
      basedOn(revision),
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
