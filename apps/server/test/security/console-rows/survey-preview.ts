import { CONSOLE } from '../../support/console';
import { type ConsoleRow, probe } from './types';

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
};
