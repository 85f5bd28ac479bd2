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

/** A reason section as the dish dialog shows it: its title over the reasons it offers. */
export type OfferedReasonSection = { title: string; reasons: IdText[] };

/**
 * G4.46: the reason sections a guest sees for the chosen rating, each under its own title ("What was
 * wrong?"): those visible, and only while the reasons sub-question itself is visible. A reason already
 * offered by an earlier section is not offered again (deduplicated by id, first section first), and a
 * section left with no reasons is not shown.
 */
export function offeredReasonSections(
  config: MenuInsightConfig,
  rating: AspectRating | null,
): OfferedReasonSection[] {
  const reasonsShown = visibleSubQuestions(config, rating).some((question) => question.type === 'reasons');
  if (!reasonsShown) return [];
  const seen = new Set<number>();
  const offered: OfferedReasonSection[] = [];
  for (const section of visibleReasonSections(config, rating)) {
    const reasons = section.reasons.filter((reason) => !seen.has(reason.id) && seen.add(reason.id));
    if (reasons.length > 0) offered.push({ title: section.title, reasons });
  }
  return offered;
}

/** G4.46: the reasons a guest may tick for the chosen rating (those of `offeredReasonSections`). */
export const offeredReasons = (config: MenuInsightConfig, rating: AspectRating | null): IdText[] =>
  offeredReasonSections(config, rating).flatMap((section) => section.reasons);
