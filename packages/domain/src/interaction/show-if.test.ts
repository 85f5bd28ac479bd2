import { describe, expect, it } from 'vitest';
import { AspectRating } from '../enums';
import type { MenuInsightConfig } from '../schemas/question';
import {
  offeredReasonSections,
  offeredReasons,
  showIfPasses,
  visibleReasonSections,
  visibleSubQuestions,
} from './show-if';
import { menuInsightConfig as config } from './test-fixtures';

const { BAD, NEUTRAL, GOOD } = AspectRating;

describe('showIf', () => {
  it.each([
    // showIf, rating, shown
    [null, BAD, true],
    [{ aspectRatingId: GOOD, oppositeId: null, hide: false }, GOOD, true],
    [{ aspectRatingId: GOOD, oppositeId: null, hide: false }, BAD, false],
    [{ aspectRatingId: null, oppositeId: GOOD, hide: false }, BAD, true],
    [{ aspectRatingId: null, oppositeId: GOOD, hide: false }, NEUTRAL, true],
    [{ aspectRatingId: null, oppositeId: GOOD, hide: false }, GOOD, false],
    [{ aspectRatingId: BAD, oppositeId: null, hide: true }, BAD, false],
    [{ aspectRatingId: BAD, oppositeId: null, hide: true }, GOOD, true],
    [{ aspectRatingId: null, oppositeId: null, hide: false }, NEUTRAL, true],
    [{ aspectRatingId: null, oppositeId: null, hide: true }, NEUTRAL, false],
  ] as const)('G4.45 showIf %j with rating %i shows: %s', (showIf, rating, shown) => {
    expect(showIfPasses(showIf, rating)).toBe(shown);
  });

  it('G4.45 sub-questions follow the chosen rating, and none show before a rating', () => {
    expect(visibleSubQuestions(config, null)).toEqual([]);
    expect(visibleSubQuestions(config, GOOD).map((q) => q.id)).toEqual(['reasons']);
    expect(visibleSubQuestions(config, BAD).map((q) => q.id)).toEqual(['reasons', 'comments']);
  });

  it.each([
    [GOOD, ['Liked'], [1]],
    [BAD, ['Wrong'], [2, 3]],
    [NEUTRAL, ['Better'], [2, 4]],
  ] as const)('G4.46 rating %i shows sections %j offering reasons %j', (rating, titles, reasons) => {
    expect(visibleReasonSections(config, rating).map((s) => s.title)).toEqual(titles);
    expect(offeredReasons(config, rating).map((r) => r.id)).toEqual(reasons);
  });

  it('G4.46 no reasons are offered when the reasons sub-question is hidden', () => {
    const hidden: MenuInsightConfig = {
      ...config,
      subQuestions: config.subQuestions.map((q) =>
        q.type === 'reasons' ? { ...q, showIf: { aspectRatingId: GOOD, oppositeId: null, hide: false } } : q,
      ),
    };
    expect(offeredReasons(hidden, BAD)).toEqual([]);
    expect(offeredReasons(hidden, GOOD).map((r) => r.id)).toEqual([1]);
  });

  it.each([
    [GOOD, [['Liked', [1]]]],
    [BAD, [['Wrong', [2, 3]]]],
    [NEUTRAL, [['Better', [2, 4]]]],
  ] as const)('G4.46 rating %i shows each reason section under its title: %j', (rating, sections) => {
    expect(offeredReasonSections(config, rating).map((s) => [s.title, s.reasons.map((r) => r.id)])).toEqual(
      sections,
    );
  });

  it('G4.46 a reason of an earlier section is not repeated; a section left empty is not shown', () => {
    const overlapping: MenuInsightConfig = {
      ...config,
      reasonSections: [
        { aspectRatingId: BAD, title: 'Food', showIf: null, reasons: [{ id: 2, text: 'Cold' }] },
        {
          aspectRatingId: BAD,
          title: 'Service',
          showIf: null,
          reasons: [
            { id: 2, text: 'Cold' },
            { id: 6, text: 'Slow' },
          ],
        },
        { aspectRatingId: BAD, title: 'Again', showIf: null, reasons: [{ id: 6, text: 'Slow' }] },
      ],
    };
    expect(offeredReasonSections(overlapping, BAD)).toEqual([
      { title: 'Food', reasons: [{ id: 2, text: 'Cold' }] },
      { title: 'Service', reasons: [{ id: 6, text: 'Slow' }] },
    ]);
    expect(offeredReasonSections(overlapping, null)).toEqual([]);
  });
});
