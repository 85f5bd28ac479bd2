import type { AspectRating } from '../enums';
import type { IdText } from '../schemas/common';
import type { MenuInsightConfig, MenuInsightSubQuestion } from '../schemas/question';

/** The showIf condition of a menu-insight sub-question or reason section (G3). */
export type ShowIf = MenuInsightSubQuestion['showIf'];
type ReasonSection = MenuInsightConfig['reasonSections'][number];

/**
 * G4.45: whether a showIf condition lets an element show for the chosen rating. The condition matches
 * when the rating equals `aspectRatingId` (if set) and differs from `oppositeId` (if set); `hide`
 * turns "show when it matches" into "hide when it matches". No condition always shows.
 */
export function showIfPasses(showIf: ShowIf, rating: AspectRating): boolean {
  if (showIf === null) return true;
  const matches =
    (showIf.aspectRatingId === null || rating === showIf.aspectRatingId) &&
    (showIf.oppositeId === null || rating !== showIf.oppositeId);
  return showIf.hide ? !matches : matches;
}

/** G4.45: the sub-questions of a dish dialog for the chosen rating; none before a rating is chosen. */
export function visibleSubQuestions(
  config: MenuInsightConfig,
  rating: AspectRating | null,
): MenuInsightSubQuestion[] {
  if (rating === null) return [];
  return config.subQuestions.filter((question) => showIfPasses(question.showIf, rating));
}

/** G4.46: the reason sections of the chosen rating whose showIf passes. */
export function visibleReasonSections(
  config: MenuInsightConfig,
  rating: AspectRating | null,
): ReasonSection[] {
  if (rating === null) return [];
  return config.reasonSections.filter(
    (section) => section.aspectRatingId === rating && showIfPasses(section.showIf, rating),
  );
}

/**
 * G4.46: the reasons a guest may tick for the chosen rating: those of its visible reason sections, and
 * only when the reasons sub-question itself is visible. Deduplicated by id, first section first.
 */
export function offeredReasons(config: MenuInsightConfig, rating: AspectRating | null): IdText[] {
  const reasonsShown = visibleSubQuestions(config, rating).some((question) => question.type === 'reasons');
  if (!reasonsShown) return [];
  const seen = new Set<number>();
  const offered: IdText[] = [];
  for (const section of visibleReasonSections(config, rating)) {
    for (const reason of section.reasons) {
      if (seen.has(reason.id)) continue;
      seen.add(reason.id);
      offered.push(reason);
    }
  }
  return offered;
}
