import { z } from 'zod';
import { DEFAULT_NUMBER_STARS } from '../constants';
import { AskQuestionWhen, AspectRating, MenuInsightMode, QuestionFormat, QuestionType } from '../enums';
import { enumValues, id, idText, isoDate } from './common';

export const questionType = enumValues(QuestionType);
export const questionFormat = enumValues(QuestionFormat);
export const aspectRatingValue = enumValues(AspectRating);

/** A drill-down threshold on an NPS or CSAT score: 'g' means at or above, anything else at or below. */
export const scoreThresholdSchema = z.object({ score: z.number(), direction: z.string().max(1) });
export type ScoreThreshold = z.infer<typeof scoreThresholdSchema>;

/** A context filter (G4); unknown types are kept and pass, so `type` is any string. */
export const contextFilterSchema = z.object({
  type: z.string(),
  direction: z.string().max(1),
  value: z.number(),
});
export type ContextFilter = z.infer<typeof contextFilterSchema>;

export const aspectRatingSchema = z.object({
  aspectRatingId: aspectRatingValue,
  oppositeId: aspectRatingValue.nullable(),
  /** 0, 1 or 2 as configured (G3). */
  reasonMode: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  title: z.string(),
  reasons: z.array(idText),
});
export type AspectRatingConfig = z.infer<typeof aspectRatingSchema>;

/** Show a sub-question or reason section for some ratings only (G3). */
export const showIfSchema = z.object({
  aspectRatingId: aspectRatingValue.nullable(),
  oppositeId: aspectRatingValue.nullable(),
  hide: z.boolean().default(false),
});

export const menuInsightSubQuestionSchema = z.object({
  id: z.string(),
  type: z.enum(['reasons', 'comments']),
  label: z.string(),
  props: z.record(z.string(), z.unknown()).default({}),
  required: z.boolean(),
  showIf: showIfSchema.nullable(),
});
export type MenuInsightSubQuestion = z.infer<typeof menuInsightSubQuestionSchema>;

export const reasonSectionSchema = z.object({
  aspectRatingId: aspectRatingValue,
  title: z.string(),
  showIf: showIfSchema.nullable(),
  reasons: z.array(idText),
});

/** The menu-insight part of a question of type 8 (G3). */
export const menuInsightConfigSchema = z.object({
  menuType: z.number().int().nullable(),
  mode: enumValues(MenuInsightMode),
  menuFamilyGroupRef: z.string().nullable(),
  menuMajorGroupRef: z.string().nullable(),
  followUpQuestion: z.boolean(),
  subQuestions: z.array(menuInsightSubQuestionSchema),
  reasonSections: z.array(reasonSectionSchema),
});
export type MenuInsightConfig = z.infer<typeof menuInsightConfigSchema>;

/** A sub-question of a service in the overall-experience list (G2): a 1–5 rating, a text box or choices. */
export const serviceSubQuestionSchema = z.object({
  id: z.string().min(1),
  label: z.string(),
  kind: z.enum(['rating', 'text', 'choices']),
  required: z.boolean().default(false),
  /** The choices of a `choices` sub-question (any number may be ticked). */
  choices: z.array(idText).default([]),
});
export type ServiceSubQuestionConfig = z.infer<typeof serviceSubQuestionSchema>;

/** A service of the overall-experience list ("Food", "Drinks"…) and the sub-questions its modal asks. */
export const experienceServiceSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  subQuestions: z.array(serviceSubQuestionSchema).min(1),
});
export type ExperienceServiceConfig = z.infer<typeof experienceServiceSchema>;

/** A survey question (G3). Fields the venue did not set take the defaults here. */
export const questionSchema = z.object({
  id,
  templateId: id,
  sectionId: z.string(),
  questionType,
  text: z.string(),
  required: z.boolean().default(false),
  allowNotApplicable: z.boolean().default(false),
  dateRangeFrom: isoDate.nullable().default(null),
  dateRangeTo: isoDate.nullable().default(null),
  txAskQuestion: enumValues(AskQuestionWhen).default(AskQuestionWhen.ALWAYS),
  linkedQuestion: id.nullable().default(null),
  weight: z.number().int().default(50),
  topLevelRating: z.boolean().default(false),
  triggerComplaint: z.boolean().default(false),
  followUpQuestions: z.array(id).default([]),
  /** Answer ids (choices or ratings) that trigger the follow-ups; empty means any answer. */
  followUpTriggers: z.array(z.union([id, z.string()])).default([]),
  otherQuestionsFormat: questionFormat.nullable().default(null),
  otherQuestionsAnswers: z.array(idText).default([]),
  ynFollowupY: z.boolean().default(false),
  ynFollowupN: z.boolean().default(false),
  numberStars: z.number().int().min(1).max(10).default(DEFAULT_NUMBER_STARS),
  /** Drill-downs: the indicator whose score decides whether the question appears. */
  indicatorId: id.nullable().default(null),
  /** Drill-downs on a survey rating: the star values that trigger the question. */
  triggerStars: z.array(z.number().int().min(1).max(10)).default([]),
  nps: scoreThresholdSchema.nullable().default(null),
  csat: scoreThresholdSchema.nullable().default(null),
  multiSelect: z.boolean().default(false),
  /** Free-text display: a plain comment, a postcode (10 characters) or positive and negative boxes. */
  commentMode: z.enum(['comment', 'postcode', 'positive_negative']).nullable().default(null),
  menuType: z.number().int().nullable().default(null),
  menuFamilyGroupRef: z.string().nullable().default(null),
  menuMajorGroupRef: z.string().nullable().default(null),
  menuItemObjectNumbers: z.array(z.string()).default([]),
  contextFilters: z.array(contextFilterSchema).default([]),
  aspectRatings: z.array(aspectRatingSchema).default([]),
  menuInsight: menuInsightConfigSchema.nullable().default(null),
  /**
   * The overall-experience list of services (G2), asked in place of the question's own widget: any
   * question type may carry it (decision 0176); its answer is `extra.services`.
   */
  services: z.array(experienceServiceSchema).min(1).nullable().default(null),
});
export type Question = z.infer<typeof questionSchema>;
export type QuestionInput = z.input<typeof questionSchema>;
