import { z } from 'zod';
import {
  IndicatorKind,
  IndicatorRenderType,
  SocialType,
  StaffFollowUpType,
  StaffRenderType,
  SurveyType,
  TopicType,
  VoucherType,
} from '../enums';
import { brandingSchema } from './branding';
import { assetUrl, enumValues, id, idText, language } from './common';
import { surveyDemographicsSchema } from './demographics';

/**
 * A gate on an indicator's score (G3 indicatorRule; G5 digital-receipt gate): passes when the
 * indicator's score is at or above `scoreRequired` (`lowerBound`) or at or below it, strictly when
 * `strict`. No indicator means no gate.
 */
export const indicatorRuleSchema = z.object({
  indicatorId: id.nullable(),
  scoreRequired: z.number().nullable(),
  lowerBound: z.boolean().default(true),
  strict: z.boolean().default(false),
});
export type IndicatorRule = z.infer<typeof indicatorRuleSchema>;
const noRule = { indicatorId: null, scoreRequired: null, lowerBound: true, strict: false };

export const topicSchema = z.object({ id, name: z.string(), type: enumValues(TopicType) });

export const indicatorSchema = z.object({
  id,
  name: z.string(),
  kind: enumValues(IndicatorKind),
  weight: z.number().int(),
  isRequired: z.boolean(),
  trueMin: z.number(),
  trueMax: z.number(),
  csatWeight: z.number().nonnegative(),
  topics: z.array(topicSchema).default([]),
});
export type Indicator = z.infer<typeof indicatorSchema>;

/** A screen of the survey (G4): built by weight, highest first, after the sections it depends on. */
export const sectionSchema = z.object({
  id: z.string(),
  name: z.string(),
  weight: z.number().int(),
  title: z.string().optional(),
  subtitle: z.string().optional(),
  dependsOn: z.array(z.string()).default([]),
  allowSkip: z.boolean().default(false),
});
export type Section = z.infer<typeof sectionSchema>;

const kindMaximum = z.object({
  maximum: z.number().int().nonnegative(),
  indicatorRule: indicatorRuleSchema.default(noRule),
});
export const maximaSchema = z.object({
  other: kindMaximum,
  contextSensitive: kindMaximum,
  productRelated: kindMaximum,
  drilldown: kindMaximum.extend({ maximumPerIndicator: z.number().int().nonnegative() }),
  menuInsight: kindMaximum,
});
export type Maxima = z.infer<typeof maximaSchema>;

export const staffSelectorSchema = z.object({
  enabled: z.boolean(),
  indicatorRule: indicatorRuleSchema.default(noRule),
  renderType: enumValues(StaffRenderType),
  followup: enumValues(StaffFollowUpType),
  followupRequired: z.boolean().default(false),
  tags: z.array(idText).default([]),
  /** Filter buttons above the staff list (G2); 'all' is always first. */
  filters: z.array(z.object({ id: z.string(), label: z.string(), teamId: id.nullable() })).default([]),
});

export const voucherSchema = z.object({
  id,
  type: enumValues(VoucherType),
  name: z.string(),
  description: z.string(),
  /** Instant win: shown instead of the incentive with probability 1/chance. */
  chance: z.number().int().positive().nullable(),
  expiryDays: z.number().int().positive().nullable(),
});
export type Voucher = z.infer<typeof voucherSchema>;

export const ratingImageSchema = z.object({
  value: z.number().int().min(1).max(10),
  url: assetUrl,
  label: z.string(),
});

export const surveyLabelSchema = z.object({
  ref: z.string(),
  type: z.enum(['text', 'other']),
  text: z.string(),
});

/**
 * A review site the venue asks guests to share on (G1 "share or recommend the venue"; G3 social type
 * 1–9). Only https pages: the share screen opens them in a new tab, so a script or data URL must
 * never get in from a survey document.
 */
export const reviewSiteSchema = z.object({
  type: enumValues(SocialType),
  url: z.string().regex(/^https:\/\/[^\s"'<>]+$/, 'Expected an https URL'),
});
export type ReviewSite = z.infer<typeof reviewSiteSchema>;

/** A survey as survey.config's `surveys` edge returns it (G3 survey, D3 survey summary); questions come separately. */
export const surveySchema = z.object({
  templateId: id,
  surveyId: id,
  surveyTypeId: enumValues(SurveyType),
  slug: z.string(),
  name: z.string(),
  templateLocale: language,
  labels: z.array(surveyLabelSchema).default([]),
  eposEnabled: z.boolean(),
  showPinScreen: z.boolean(),
  tableNumberEntry: z.boolean(),
  aboutVisitEnabled: z.boolean().default(true),
  maximumQuestionCount: z.number().int().positive(),
  averageServiceTime: z.number().int().nonnegative(),
  sections: z.array(sectionSchema),
  indicatorsRenderType: enumValues(IndicatorRenderType),
  ratingImages: z.array(ratingImageSchema).default([]),
  indicators: z.array(indicatorSchema),
  maxima: maximaSchema,
  staffSelector: staffSelectorSchema,
  managerFeedback: z.object({ enabled: z.boolean(), indicatorRule: indicatorRuleSchema.default(noRule) }),
  aiRecommendation: z.object({ suggestionsEnabled: z.boolean() }),
  recommendation: z.object({ enabled: z.boolean(), indicatorRule: indicatorRuleSchema.default(noRule) }),
  /** Where the share step sends the guest (TripAdvisor, Google, …), in the venue's order. */
  reviewSites: z.array(reviewSiteSchema).default([]),
  dataCapture: z.object({
    enabled: z.boolean(),
    /**
     * The marketing permission's text in the survey's language, translated like its other texts
     * (decision 0261); absent: the company's data_capture text (O15.34).
     */
    marketingPermissionText: z.string().max(1_000).optional(),
  }),
  /**
   * The survey's own demographic fields, in its language like its other texts (decision 0261); absent:
   * the company's (survey.config's demographics edge), as before surveys had their own (O15.34).
   */
  demographics: surveyDemographicsSchema.optional(),
  vouchers: z.array(voucherSchema).default([]),
  branding: brandingSchema.default({}),
  /**
   * The published version a guest or tablet is served (issue 31, decision 0254), set by the server; a
   * run keeps it and its create names it. Not part of a document's content (publishing numbers versions).
   */
  version: z.number().int().positive().optional(),
});
export type Survey = z.infer<typeof surveySchema>;
export type SurveyInput = z.input<typeof surveySchema>;
export { idText };
