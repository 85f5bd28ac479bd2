import {
  type Language,
  PREVIEW_FROM_EDITOR,
  type PreviewWhich,
  type SurveyDocument,
  type SurveyPreviewAnswer,
} from '@venue-voice/domain';
import { api } from '../../platform/api';

/** GET /surveys/{id}/preview-config (decision 0258): the same answer the preview frame runs. */
export const previewApi = {
  config: (id: number, language: Language | null, which: PreviewWhich) =>
    api.get<SurveyPreviewAnswer>(`/surveys/${id}/preview-config`, {
      which,
      ...(language ? { language } : {}),
    }),
  /** POST …/preview-config (decision 0259): the same answer for the editor's unsaved document. */
  editor: (id: number, document: SurveyDocument, language: Language | null) =>
    api.post<SurveyPreviewAnswer>(`/surveys/${id}/preview-config`, {
      document,
      ...(language ? { language } : {}),
    }),
};

/** The guest app's preview page for a survey (apps/web features/preview). */
export const previewPageUrl = (id: number, language: Language, which: PreviewWhich) =>
  `/preview?${new URLSearchParams({ survey: String(id), language, which })}`;

/** The guest app's preview page as the editor frames it: it runs what the editor posts (decision 0259). */
export const EDITOR_PREVIEW_URL = `/preview?which=${PREVIEW_FROM_EDITOR}`;
