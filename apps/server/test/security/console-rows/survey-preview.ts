import { eq } from 'drizzle-orm';
import { surveys } from '../../../src/db/schema';
import { publishedDocument } from '../../../src/services/survey-versions';
import { CONSOLE } from '../../support/console';
import { type ConsoleRow, probe, type RowContext } from './types';

/** demo-table's published document with its first question's text changed, as the editor would send it. */
async function editedTableDocument({ h }: RowContext) {
  const [row] = await h.database.db.select().from(surveys).where(eq(surveys.id, 3));
  if (!row) throw new Error('no demo-table survey');
  const document = publishedDocument(row);
  const [first, ...others] = document.questions;
  if (!first) throw new Error('demo-table has no question');
  return { ...document, questions: [{ ...first, text: 'Matrix: typed, not saved' }, ...others] };
}

/**
 * The survey editor's preview (issue 31 item 4, decision 0258). Survey 3 (demo-table) is served at branches
 * 1 and 3: whoever sees one of them may read it (O1.9); anyone else is told there is no such survey.
 */
export const SURVEY_PREVIEW_ROWS: Record<string, ConsoleRow> = {
  [`GET ${CONSOLE}/surveys/:surveyId/preview-config`]: {
    probes: [
      probe({
        request: () => ({ method: 'GET', url: `${CONSOLE}/surveys/3/preview-config` }),
        sees: (a) => a.status === 200 && a.body.data.config.surveys[0].templateId === 3,
        expect: {
          owner: 'sees',
          manager1: 'sees',
          manager2: 10014,
          viewer: 'sees',
          otherCompany: 10014,
          nobody: 10005,
        },
      }),
    ],
  },
  // The editor's unsaved document (decision 0259): the same read policy, and nothing is stored.
  [`POST ${CONSOLE}/surveys/:surveyId/preview-config`]: {
    probes: [
      probe({
        prepare: editedTableDocument,
        request: (document) => ({
          method: 'POST',
          url: `${CONSOLE}/surveys/3/preview-config`,
          payload: { document },
        }),
        sees: (a) =>
          a.status === 200 &&
          a.body.data.config.surveys[0].templateId === 3 &&
          a.body.data.config.questions[0].text === 'Matrix: typed, not saved',
        expect: {
          owner: 'sees',
          manager1: 'sees',
          manager2: 10014,
          viewer: 'sees',
          otherCompany: 10014,
          nobody: 10005,
        },
      }),
    ],
  },
};
