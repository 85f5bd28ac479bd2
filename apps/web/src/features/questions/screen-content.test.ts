import { IndicatorKind } from '@venue-voice/domain';
import { describe, expect, it } from 'vitest';
import { indicatorSection, isEmptyScreen, screenContent, staffSection } from './screen-content';
import { bistroSurvey } from './test-fixtures';

const staffOn = {
  enabled: true,
  renderType: 0 as const,
  followup: 0 as const,
  indicatorRule: { indicatorId: 2, scoreRequired: 4, lowerBound: true, strict: false },
};

describe('screen content: where indicators and the staff question are asked', () => {
  it('NPS on section nps, other indicators on section ratings', () => {
    const survey = bistroSurvey();
    expect(survey.indicators.map((indicator) => indicatorSection(survey, indicator))).toEqual([
      'ratings',
      'ratings',
      'nps',
    ]);
  });

  it('without those sections every indicator goes on the first section by weight', () => {
    const survey = bistroSurvey({
      sections: [
        { id: 'b', name: 'B', weight: 10 },
        { id: 'a', name: 'A', weight: 60 },
      ],
    });
    expect(survey.indicators.map((indicator) => indicatorSection(survey, indicator))).toEqual([
      'a',
      'a',
      'a',
    ]);
    expect(staffSection(survey)).toBe('b');
  });

  it('indicators only on a section’s own screen, heaviest first; none on its follow-up screen', () => {
    const survey = bistroSurvey();
    const own = screenContent(survey, { sectionId: 'ratings', questionIds: [], followUp: false }, {});
    expect(own.indicators.map((indicator) => indicator.kind)).toEqual([
      IndicatorKind.SURVEY_RATING,
      IndicatorKind.SURVEY_RATING,
    ]);
    const followUp = screenContent(survey, { sectionId: 'ratings', questionIds: [9], followUp: true }, {});
    expect(followUp.indicators).toEqual([]);
  });

  it('G4.23 the staff question is asked when its indicator rule passes on the scores so far', () => {
    const survey = bistroSurvey({
      sections: [...bistroSurvey().sections, { id: 'staff', name: 'Our team', weight: 60 }],
      staffSelector: staffOn,
    });
    const screen = { sectionId: 'staff', questionIds: [], followUp: false };
    expect(screenContent(survey, screen, { 2: 4 }).staff).toBe(true);
    const low = screenContent(survey, screen, { 2: 3 });
    expect(low.staff).toBe(false);
    expect(isEmptyScreen(low)).toBe(true);
  });
});
