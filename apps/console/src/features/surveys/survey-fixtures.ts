import type { SurveyDocumentAnswer, SurveyListItem } from '@venue-voice/domain';
import { fixtureDocument } from '../../test/survey-document';

/** GET …/document of survey 7: version 1 published, no draft. */
export function fixtureAnswer(overrides: Partial<SurveyDocumentAnswer> = {}): SurveyDocumentAnswer {
  return {
    id: 7,
    editable: true,
    branchIds: [1],
    revision: '1.0',
    published: {
      version: 1,
      document: fixtureDocument(),
      publishedAt: '2026-11-01T10:00:00.000Z',
      publishedBy: { id: 1, name: 'Olivia Owner' },
    },
    draft: null,
    ...overrides,
  };
}

export const LIST_ITEM: SurveyListItem = {
  id: 7,
  name: 'Lunch survey',
  slug: 'lunch',
  active: true,
  version: 2,
  languages: ['en-gb', 'de'],
  branchIds: [1, 2],
  hasDraft: true,
  editable: true,
  publishedAt: '2026-11-01T10:00:00.000Z',
};
