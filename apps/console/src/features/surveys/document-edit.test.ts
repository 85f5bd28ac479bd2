import { parseDocument, publishFaults } from '@venue-voice/domain';
import { describe, expect, it } from 'vitest';
import { fixtureDocument } from '../../test/survey-document';
import { blankDocument, getIn, moveQuestion, sectionNeighbour, setIn, slugOf } from './document-edit';
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

  it('O15.51 moves a question among its own section’s questions only, by up/down and by a drag alike', () => {
    const doc = fixtureDocument();
    const q = doc.questions[0];
    if (!q) throw new Error('fixture has a question');
    const questions = [
      { ...q, id: 1, sectionId: 'a' },
      { ...q, id: 2, sectionId: 'b' },
      { ...q, id: 3, sectionId: 'a' },
      { ...q, id: 4, sectionId: 'b' },
      { ...q, id: 5, sectionId: 'a', followUpQuestions: [2], weight: 30 },
    ];
    const ids = (list: readonly { id: number }[]) => list.map((x) => x.id);
    const step = (index: number, by: -1 | 1) =>
      ids(moveQuestion(questions, index, sectionNeighbour(questions, index, by)));
    // Up and down skip the other section's questions; at either end of the section nothing moves.
    expect(step(2, -1)).toEqual([3, 1, 2, 4, 5]);
    expect(step(0, 1)).toEqual([2, 3, 1, 4, 5]);
    expect(step(0, -1)).toEqual([1, 2, 3, 4, 5]);
    expect(step(4, 1)).toEqual([1, 2, 3, 4, 5]);
    // A drag from the last of section a onto its first: section a reads 5, 1, 3; section b still 2, 4.
    const dragged = moveQuestion(questions, 4, 0);
    expect(ids(dragged)).toEqual([5, 1, 2, 3, 4]);
    expect(ids(dragged.filter((x) => x.sectionId === 'b'))).toEqual([2, 4]);
    // The question itself is untouched: same object, so its weight, section and follow-ups stay.
    expect(dragged[0]).toBe(questions[4]);
    // Onto another section's question, or out of range: no move (a drag never changes a section).
    expect(ids(moveQuestion(questions, 0, 1))).toEqual([1, 2, 3, 4, 5]);
    expect(ids(moveQuestion(questions, 0, 9))).toEqual([1, 2, 3, 4, 5]);
    expect(ids(moveQuestion(questions, -1, 0))).toEqual([1, 2, 3, 4, 5]);
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
