import { type Question, type Survey, type SurveyDocument, surveyDocumentSchema } from '@venue-voice/domain';
import bistro from './surveys/demo-bistro.json';
import cafe from './surveys/demo-cafe.json';
import table from './surveys/demo-table.json';

/**
 * A demo survey as the seed stores it: its document (issue 31 item 6: the demo surveys are data, the same
 * survey documents the editor exports and imports), with the columns SQL filters on taken from it.
 */
export interface DemoSurvey {
  id: number;
  slug: string;
  name: string;
  templateLocale: Survey['templateLocale'];
  eposEnabled: boolean;
  showPinScreen: boolean;
  tableNumberEntry: boolean;
  branchIds: number[];
  document: SurveyDocument;
  definition: Survey;
  questions: Question[];
}

/** A document file read as the editor's import reads one: the schema is the one truth (O15.25). */
const demoSurvey = (file: unknown, branchIds: number[]): DemoSurvey => {
  const document = surveyDocumentSchema.parse(file);
  const definition = document.survey;
  return {
    id: definition.templateId,
    slug: definition.slug,
    name: definition.name,
    templateLocale: definition.templateLocale,
    eposEnabled: definition.eposEnabled,
    showPinScreen: definition.showPinScreen,
    tableNumberEntry: definition.tableNumberEntry,
    branchIds,
    document,
    definition,
    questions: document.questions,
  };
};

/**
 * The demo surveys of api.md, each a document in ./surveys: demo-bistro (every question type, EPOS, PIN
 * screen) and demo-cafe at Soho and Manchester, demo-table (table numbers looked up) at Soho and the pop-up.
 */
export const DEMO_SURVEYS: DemoSurvey[] = [
  demoSurvey(bistro, [1, 2]),
  demoSurvey(cafe, [1, 2]),
  demoSurvey(table, [1, 3]),
];
