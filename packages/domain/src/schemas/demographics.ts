import { z } from 'zod';
import { DEMOGRAPHIC_VALUE_MAX } from '../constants';
import { DemographicType } from '../enums';
import { enumValues, id } from './common';

/** A demographic field (G3 "Demographics config"): a dropdown of options or a text field. */
export const demographicFieldSchema = z.object({
  id,
  type: enumValues(DemographicType),
  label: z.string(),
  fieldType: z.enum(['select', 'text']),
  required: z.boolean(),
  options: z.array(z.object({ id, value: z.string() })),
});
export type DemographicField = z.infer<typeof demographicFieldSchema>;

/** The company's demographics section of survey.config (one language: the company's). */
export const demographicsSectionSchema = z.object({ fields: z.array(demographicFieldSchema) });
export type DemographicsSection = z.infer<typeof demographicsSectionSchema>;

/** The most demographic fields a survey of its own asks, and options one field offers. */
export const SURVEY_DEMOGRAPHIC_FIELDS_MAX = 20;
export const DEMOGRAPHIC_OPTIONS_MAX = 50;

/**
 * A survey's own demographic fields (issue 31, decision 0261), translated like its other texts. An
 * option's text is what a create carries as the answer, so it is held to the payload's limit.
 */
export const surveyDemographicsSchema = z.object({
  fields: z
    .array(
      demographicFieldSchema.extend({
        label: z.string().max(500),
        options: z
          .array(z.object({ id, value: z.string().max(DEMOGRAPHIC_VALUE_MAX) }))
          .max(DEMOGRAPHIC_OPTIONS_MAX),
      }),
    )
    .max(SURVEY_DEMOGRAPHIC_FIELDS_MAX),
});
export type SurveyDemographics = z.infer<typeof surveyDemographicsSchema>;
