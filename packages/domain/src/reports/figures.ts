// O5.1–O5.5: the arithmetic of the console's reports. The server's SQL sums what these rules count
// (apps/server/src/services/reports/), and a property test holds the two equal.

/** O5.5 Fewer responses than this make a figure that is shown only with a warning (issue 29). */
export const MIN_REPORT_SAMPLE = 5;

export type NpsGroup = 'promoter' | 'passive' | 'detractor';

/** O5.1 An NPS answer's group: 0–6 detractor, 7–8 passive, 9–10 promoter (a score need not be whole). */
export function npsGroup(score: number): NpsGroup {
  if (score >= 9) return 'promoter';
  if (score >= 7) return 'passive';
  return 'detractor';
}

export interface NpsCounts {
  promoters: number;
  passives: number;
  detractors: number;
}

/**
 * O5.2 NPS = 100 × (promoters − detractors) / everyone who answered, rounded to a whole number
 * (−100…100); null when nobody answered.
 */
export function npsFromCounts({ promoters, passives, detractors }: NpsCounts): number | null {
  const answered = promoters + passives + detractors;
  return answered === 0 ? null : Math.round((100 * (promoters - detractors)) / answered);
}

/** O5.3/O5.4 A mean to one decimal (CSAT of a period: the mean of its responses' CSAT); null over none. */
export function meanOf(sum: number, count: number): number | null {
  return count === 0 ? null : Math.round((10 * sum) / count) / 10;
}

/** O5.5 Whether a figure rests on enough responses to be shown without a warning. */
export const enoughResponses = (count: number): boolean => count >= MIN_REPORT_SAMPLE;

/** The counts of a set of NPS scores (the domain's way, for the property test and the seed). */
export function countNps(scores: readonly (number | null)[]): NpsCounts {
  const counts = { promoters: 0, passives: 0, detractors: 0 };
  for (const score of scores) {
    if (score === null) continue;
    const group = npsGroup(score);
    if (group === 'promoter') counts.promoters++;
    else if (group === 'passive') counts.passives++;
    else counts.detractors++;
  }
  return counts;
}
