import {
  type Indicator,
  IndicatorKind,
  type IndicatorScores,
  orderSections,
  passesIndicatorRule,
  type Screen,
  type Survey,
} from '@venue-voice/domain';

/**
 * Where indicators and the staff question are asked. The survey schema gives sections no list of
 * indicators, and the engine returns indicator-only sections with no questions (G4.6), so the screen
 * places them by section id, as the demo surveys are written: the NPS indicator on section `nps`, every
 * other indicator on section `ratings`, the staff question on section `staff`. A survey without such a
 * section still asks everything: indicators without a home go on the first section, the staff question
 * on the last one. (Decision for the docs: a section-level `indicators` list would make this explicit.)
 */
export const RATINGS_SECTION = 'ratings';
export const NPS_SECTION = 'nps';
export const STAFF_SECTION = 'staff';

const sectionIds = (survey: Survey) => orderSections(survey.sections).map((section) => section.id);

/** The section an indicator is asked on. */
export function indicatorSection(survey: Survey, indicator: Indicator): string | undefined {
  const ids = sectionIds(survey);
  if (indicator.kind === IndicatorKind.NPS && ids.includes(NPS_SECTION)) return NPS_SECTION;
  if (ids.includes(RATINGS_SECTION)) return RATINGS_SECTION;
  return ids[0];
}

/** The section the staff question is asked on. */
export const staffSection = (survey: Survey): string | undefined => {
  const ids = sectionIds(survey);
  return ids.includes(STAFF_SECTION) ? STAFF_SECTION : ids.at(-1);
};

/** What one screen shows: the engine's questions, and the indicators and staff question placed on it. */
export interface ScreenContent {
  sectionId: string;
  followUp: boolean;
  questionIds: number[];
  indicators: Indicator[];
  staff: boolean;
}

/**
 * The content of the engine's screen. Indicators and the staff question belong to a section's own
 * screen, never to its follow-up screen; indicators by weight, highest first. The staff question is
 * asked when the selector is on and its indicator rule passes on the scores given so far (G4.23).
 */
export function screenContent(survey: Survey, screen: Screen, scores: IndicatorScores): ScreenContent {
  const own = !screen.followUp;
  const indicators = own
    ? survey.indicators
        .filter((indicator) => indicatorSection(survey, indicator) === screen.sectionId)
        .sort((a, b) => b.weight - a.weight)
    : [];
  const staff =
    own &&
    survey.staffSelector.enabled &&
    staffSection(survey) === screen.sectionId &&
    passesIndicatorRule(survey.staffSelector.indicatorRule, scores);
  return { ...screen, indicators, staff };
}

/** A screen with nothing to ask is completed at once (G4.6: "the UI completes an empty one"). */
export const isEmptyScreen = (content: ScreenContent): boolean =>
  content.questionIds.length === 0 && content.indicators.length === 0 && !content.staff;
