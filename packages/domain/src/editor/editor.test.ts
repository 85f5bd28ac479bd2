import { describe, expect, it } from 'vitest';
import { VoucherType } from '../enums';
import { q, surveyWith } from '../survey/fixtures';
import { documentOf, type SurveyDocument } from './document';
import { documentFaults, publishFaults } from './faults';
import { parseDocument } from './parse';
import { previewDocument } from './preview';
import { localizedSurvey, missingTexts, servedInLanguage, textEntries } from './texts';

const doc = (over: Partial<SurveyDocument> = {}): SurveyDocument => ({
  ...documentOf(surveyWith(), [q(1, { text: 'How was it?' }), q(2, { text: 'Why?', followUpQuestions: [] })]),
  ...over,
});
const keysOf = (faults: { path: string; key: string }[]) => faults.map((f) => `${f.path} ${f.key}`);

describe('survey document', () => {
  it('O15.25 a schema refusal names its field path', () => {
    const bad = { ...doc(), questions: [{ ...q(1), weight: 'heavy' }] };
    const parsed = parseDocument(bad);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.faults.map((f) => f.path)).toContain('questions.0.weight');
    expect(parseDocument(doc()).ok).toBe(true);
  });

  it.each([
    [
      'O15.2 a question on a section that does not exist',
      { questions: [q(1, { sectionId: 'gone' })] },
      'questions.0.sectionId editor.unknownSection',
    ],
    [
      'O15.4 a drill-down on a deleted indicator',
      { questions: [q(1, { indicatorId: 9 })] },
      'questions.0.indicatorId editor.unknownIndicator',
    ],
    [
      'O15.5 a follow-up that does not exist',
      { questions: [q(1, { followUpQuestions: [7] })] },
      'questions.0.followUpQuestions.0 editor.unknownQuestion',
    ],
    [
      'O15.5 a follow-up loop',
      { questions: [q(1, { followUpQuestions: [2] }), q(2, { followUpQuestions: [1] })] },
      'questions.1.followUpQuestions editor.followUpLoop',
    ],
    [
      'O15.6 a weight out of range',
      { questions: [q(1, { weight: 101 })] },
      'questions.0.weight editor.weightRange',
    ],
    ['O15.1 two questions with one id', { questions: [q(1), q(1)] }, 'questions.1.id editor.duplicateId'],
    [
      'O15.8 a show-if whose rating is its own opposite',
      {
        questions: [
          q(1, {
            questionType: 8,
            aspectRatings: [
              { aspectRatingId: 1, oppositeId: null, reasonMode: 0, title: 'Bad', reasons: [] },
            ],
            menuInsight: {
              menuType: null,
              mode: 1,
              menuFamilyGroupRef: null,
              menuMajorGroupRef: null,
              followUpQuestion: false,
              subQuestions: [
                {
                  id: 's',
                  type: 'comments',
                  label: 'Tell us',
                  required: false,
                  showIf: { aspectRatingId: 3, oppositeId: 3 },
                },
              ],
              reasonSections: [],
            },
          }),
        ],
      },
      'questions.0.menuInsight.subQuestions.0.showIf.oppositeId editor.showIfNever',
    ],
    [
      'O15.11 an instant win without a chance',
      {
        survey: surveyWith({
          vouchers: [
            {
              id: 1,
              type: VoucherType.INSTANT_WIN,
              name: 'Win',
              description: '',
              chance: null,
              expiryDays: null,
            },
          ],
        }),
      },
      'survey.vouchers.0.chance editor.voucherChance',
    ],
    ['O15.13 a slug with a space', { survey: surveyWith({ slug: 'my survey' }) }, 'survey.slug editor.slug'],
    [
      'O15.21 not offered in its own language',
      { languages: ['de' as const] },
      'languages editor.ownLanguage',
    ],
  ])('%s is named', (_rule, over, expected) => {
    const parsed = parseDocument({ ...doc(), ...over });
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(keysOf(documentFaults(parsed.document))).toContain(expected);
  });

  it('a well-formed document has no fault', () => {
    expect(documentFaults(doc())).toEqual([]);
    expect(publishFaults(doc())).toEqual([]);
  });

  it('O15.20 texts are keyed by ids: moving a question keeps its key', () => {
    const entries = textEntries(doc());
    expect(entries).toContainEqual({ key: 'questions.1.text', text: 'How was it?' });
    const moved = textEntries(doc({ questions: [...doc().questions].reverse() }));
    expect(moved).toContainEqual({ key: 'questions.1.text', text: 'How was it?' });
  });

  it('O15.22 and O15.24 a language offered without all its texts is named and stops a publish', () => {
    const german = doc({
      languages: ['en-gb', 'de'],
      translations: { de: { 'questions.1.text': 'Wie war es?' } },
    });
    expect(missingTexts(german, 'de')).toContain('questions.2.text');
    expect(missingTexts(german, 'en-gb')).toEqual([]);
    expect(keysOf(publishFaults(german))).toContain('translations.de editor.missingTexts');
    expect(documentFaults(german)).toEqual([]);
  });

  it('O15.23 a guest reads a language only when every text is there', () => {
    const all = Object.fromEntries(textEntries(doc()).map(({ key, text }) => [key, `DE ${text}`]));
    const german = doc({ languages: ['en-gb', 'de'], translations: { de: all } });
    const read = localizedSurvey(german, 'de');
    expect(read?.survey.templateLocale).toBe('de');
    expect(read?.questions[0]?.text).toBe('DE How was it?');
    expect(localizedSurvey(german, 'it')).toBeNull();
    const { 'questions.2.text': _dropped, ...partial } = all;
    expect(
      localizedSurvey(doc({ languages: ['en-gb', 'de'], translations: { de: partial } }), 'de'),
    ).toBeNull();
  });

  it('O15.23 a guest is served a language the company offers and the survey has whole, else its own', () => {
    const all = Object.fromEntries(textEntries(doc()).map(({ key, text }) => [key, `DE ${text}`]));
    const german = doc({ languages: ['en-gb', 'de'], translations: { de: all } });
    const served = (language: 'de' | 'it' | null, company: ('en-gb' | 'de')[]) =>
      servedInLanguage(german, language, company).questions[0]?.text;
    expect(served('de', ['en-gb', 'de'])).toBe('DE How was it?');
    expect(served('de', ['en-gb'])).toBe('How was it?');
    expect(served('it', ['en-gb', 'de'])).toBe('How was it?');
    expect(served(null, ['en-gb', 'de'])).toBe('How was it?');
  });

  it('O15.40 a preview runs a document without schema or document faults; missing texts and no question do not stop it', () => {
    const refused = previewDocument({ ...doc(), questions: [{ ...q(1), weight: 'heavy' }] });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(keysOf(refused.faults)).toContain('questions.0.weight editor.invalid');

    const broken = previewDocument(doc({ questions: [q(1, { sectionId: 'gone' })] }));
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(keysOf(broken.faults)).toEqual(['questions.0.sectionId editor.unknownSection']);

    // Publishing would be refused (no question; German offered without its texts); the preview is not.
    const unfinished = doc({ questions: [], languages: ['en-gb', 'de'] });
    expect(publishFaults(unfinished).length).toBeGreaterThan(0);
    const shown = previewDocument(unfinished);
    expect(shown.ok).toBe(true);
    if (shown.ok) expect(shown.document.languages).toEqual(['en-gb', 'de']);
  });
});
