// O7.5–O7.9: the team report (issue 29 item 5). Times chosen and the scores come from the daily rollup
// report_day_staff; tags and comments from the staff answers of the responses that named the member.
import { z } from 'zod';
import type { IdText } from '../schemas/common';
import { enoughResponses, meanOf } from './figures';

/** What report_day_staff sums for a member (or a branch's members) over a period. */
export interface StaffSums {
  chosen: number;
  csatSum: number;
  csatCount: number;
  npsSum: number;
  npsCount: number;
}

/**
 * O7.5 A member's figures: times chosen; the mean CSAT (0–100) and the mean recommend answer (0–10) of
 * the responses that named them, one decimal (O5.3); a low sample (O5.5) when chosen fewer than 5 times.
 * The mean answer, not an NPS: a member is named by a few guests, and a score of −100…100 from a
 * handful of answers swings more than it tells.
 */
export function staffFigures(sums: StaffSums) {
  return {
    chosen: sums.chosen,
    csat: { score: meanOf(sums.csatSum, sums.csatCount), count: sums.csatCount },
    nps: { mean: meanOf(sums.npsSum, sums.npsCount), count: sums.npsCount },
    lowSample: !enoughResponses(sums.chosen),
  };
}

/** O7.6 How many tags a member's row lists: the most given. */
export const STAFF_TOP_TAGS = 3;
/** O7.8 How many of a member's comments are shown: the latest. */
export const STAFF_LATEST_COMMENTS = 3;

/**
 * O7.7 A tag's label, as the guest saw it (G4.51): the member's own tags when they have any, else the
 * survey's; a tag neither names any more is labelled null.
 */
export function staffTagLabel(
  id: number,
  memberTags: readonly IdText[],
  surveyTags: readonly IdText[],
): string | null {
  const choices = memberTags.length > 0 ? memberTags : surveyTags;
  return choices.find((tag) => tag.id === id)?.text ?? null;
}

export interface TagCount {
  id: number;
  label: string | null;
  count: number;
}

/**
 * O7.6 The tags given most: a tag counts once per response; tags of the same label merged (one tag named
 * by two surveys), most given first, then by id; the first `top`.
 */
export function topTags(tags: readonly TagCount[], top = STAFF_TOP_TAGS): TagCount[] {
  const merged = new Map<string, TagCount>();
  for (const tag of tags) {
    const key = tag.label === null ? `#${tag.id}` : `=${tag.label}`;
    const seen = merged.get(key);
    if (seen) seen.count += tag.count;
    else merged.set(key, { ...tag });
  }
  return [...merged.values()]
    .filter((tag) => tag.count > 0)
    .sort((a, b) => b.count - a.count || a.id - b.id)
    .slice(0, top);
}

// The answer of GET /console/reports/staff (issue 29 item 5).

const figuresShape = {
  chosen: z.number().int().describe('How many responses named them'),
  csat: z.object({
    score: z.number().nullable().describe('O7.5 mean CSAT, one decimal'),
    count: z.number().int(),
  }),
  nps: z.object({
    mean: z.number().nullable().describe('O7.5 mean recommend answer 0–10, one decimal'),
    count: z.number().int(),
  }),
  lowSample: z.boolean().describe('O5.5 chosen fewer than 5 times'),
};

export const staffMemberReportSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable().describe('Null when the member was removed'),
  branch: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  ...figuresShape,
  tags: z.array(z.object({ id: z.number().int(), label: z.string().nullable(), count: z.number().int() })),
  comments: z.array(z.object({ responseId: z.number().int(), visitDatetime: z.string(), text: z.string() })),
});
export type StaffMemberReport = z.infer<typeof staffMemberReportSchema>;

export const staffBranchReportSchema = z.object({
  id: z.number().int().describe('The branch of the responses; 0: responses with no branch'),
  name: z.string().nullable(),
  members: z.number().int().describe('How many members were named there'),
  ...figuresShape,
});

export const staffReportSchema = z.object({
  members: z.array(staffMemberReportSchema).describe('Most chosen first'),
  branches: z.array(staffBranchReportSchema).describe('Most chosen first'),
});
export type StaffReport = z.infer<typeof staffReportSchema>;
