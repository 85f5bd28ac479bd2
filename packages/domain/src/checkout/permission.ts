import type { Survey } from '../schemas/survey';
import { passesIndicatorRule } from '../survey/scoring';
import type { IndicatorScores } from '../survey/types';

/** Where the survey runs: the tablet app, and whether the guest is still in the venue (`inBranch`). */
export type ShareContext = { appMode: boolean; inBranch: boolean };

/** G4.66: recommending and sharing are permitted only outside app mode and not when in-branch. */
export const isRecommendationPermitted = (context: ShareContext): boolean =>
  !context.appMode && !context.inBranch;

/**
 * G4.66, G4.67: the recommend step is offered: enabled, permitted here, and the recommendation's
 * indicator rule met (the shared gate of G4.23: no indicator is no gate, an unscored indicator fails).
 */
export const shouldOfferRecommendation = (
  recommendation: Survey['recommendation'],
  context: ShareContext,
  scores: IndicatorScores,
): boolean =>
  recommendation.enabled &&
  isRecommendationPermitted(context) &&
  passesIndicatorRule(recommendation.indicatorRule, scores);
