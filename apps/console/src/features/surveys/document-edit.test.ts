import { parseDocument, publishFaults } from '@venue-voice/domain';
import { describe, expect, it } from 'vitest';
import { fixtureDocument } from '../../test/survey-document';
import { blankDocument, getIn, moveQuestion, setIn, slugOf } from './document-edit';
import { editorFaults, partOf } from './editor-faults';

describe('the editor’s document edits', () => {
  it('setIn copies only the path it changes, and removes a key set to undefined', () => {
    const doc = fixtureDocument();
    const changed = setIn(doc, 'survey.sections.0.weight', 70);
    expect(getIn(changed, 'survey.sections.0.weight')).toBe(70);
    expect(doc.survey.sections[0]?.weight).toBe(100);
    expect(changed.questions).toBe(doc.questions);
    expect(changed.survey.indicators).toBe(doc.survey.indicators);
    const branded = setIn(doc, 'survey.branding.primaryColour', '#112233');
    expect(setIn(branded, 'survey.branding.primaryColour', undefined).survey.branding).toEqual({});
  });

  it('O15.24 a new survey is the smallest publishable document (POST /surveys refuses any fault)', () => {
    const doc = blankDocument({
      name: 'Brunch',
      slug: 'brunch',
      language: 'de',
      sectionName: 'Ihr Besuch',
      indicatorName: 'Gesamt',
      questionText: 'Möchten Sie uns noch etwas sagen?',
    });
    expect(parseDocument(doc).ok).toBe(true);
    expect(publishFaults(doc)).toEqual([]);
    expect(doc.languages).toEqual(['de']);
    expect(publishFaults({ ...doc, questions: [] })).toEqual([
      { path: 'questions', key: 'editor.noQuestions' },
    ]);
  });

  it('O15.13 makes a slug of a name', () => {
    expect(slugOf('Café Größe — Sunday  Brunch!')).toBe('cafe-grosse-sunday-brunch');
    expect(slugOf('---')).toBe('');
  });

  it('moves a question among the questions of its own section', () => {
    const doc = fixtureDocument();
    const q = doc.questions[0];
    if (!q) throw new Error('fixture has a question');
    const questions = [
      { ...q, id: 1, sectionId: 'a' },
      { ...q, id: 2, sectionId: 'b' },
      { ...q, id: 3, sectionId: 'a' },
    ];
    expect(moveQuestion(questions, 2, -1).map((x) => x.id)).toEqual([3, 1, 2]);
    expect(moveQuestion(questions, 0, 1).map((x) => x.id)).toEqual([2, 3, 1]);
    expect(moveQuestion(questions, 0, -1).map((x) => x.id)).toEqual([1, 2, 3]);
  });

  it('O15.25 names a field the schema refuses, and finds the part that shows each fault', () => {
    const doc = setIn(fixtureDocument(), 'survey.reviewSites', [{ type: 3, url: 'javascript:alert(1)' }]);
    const faults = editorFaults(doc);
    expect(faults).toContainEqual(
      expect.objectContaining({ path: 'survey.reviewSites.0.url', key: 'editor.invalid' }),
    );
    expect(partOf('survey.reviewSites.0.url', doc)).toBe('sharing');
    expect(partOf('survey.maxima.drilldown.indicatorRule.indicatorId', doc)).toBe('limits');
    expect(partOf('questions.0.text', doc)).toBe(`q:${doc.questions[0]?.id}`);
    expect(partOf('translations.de', doc)).toBe('settings');
  });
});
