import type { Language, PreviewWhich, SurveyPreviewAnswer } from '@venue-voice/domain';
import { api } from '../../platform/api';

/** GET /surveys/{id}/preview-config (decision 0258): the same answer the preview frame runs. */
export const previewApi = {
  config: (id: number, language: Language | null, which: PreviewWhich) =>
    api.get<SurveyPreviewAnswer>(`/surveys/${id}/preview-config`, {
      which,
      ...(language ? { language } : {}),
    }),
};

/** The guest app's preview page for a survey (apps/web features/preview). */
export const previewPageUrl = (id: number, language: Language, which: PreviewWhich) =>
  `/preview?${new URLSearchParams({ survey: String(id), language, which })}`;
