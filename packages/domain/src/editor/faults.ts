import { DEMOGRAPHIC_VALUE_MAX } from '../constants';
import { DemographicType, IndicatorRenderType, type Language, VoucherType } from '../enums';
import type { IndicatorRule } from '../schemas/survey';
import type { SurveyDocument } from './document';
import { missingTexts } from './texts';

/** Catalogue keys of the editor's faults; the console's locales hold their texts. */
export const EditorMessageKey = [
  'editor.invalid',
  'editor.duplicateId',
  'editor.unknownSection',
  'editor.dependencyLoop',
  'editor.unknownIndicator',
  'editor.unknownQuestion',
  'editor.followUpLoop',
  'editor.weightRange',
  'editor.rangeOrder',
  'editor.showIfNever',
  'editor.dateOrder',
  'editor.starOutOfRange',
  'editor.voucherChance',
  'editor.ownLanguage',
  'editor.missingTexts',
  'editor.slug',
  'editor.noQuestions',
  'editor.ratingImages',
  'editor.slugTaken',
  'editor.blank',
  'editor.noOptions',
  'editor.textOptions',
  'editor.postcodeText',
  'editor.tooLong',
] as const;
export type EditorMessageKey = (typeof EditorMessageKey)[number];

/**
 * One fault of a document: where (the field's path in the document, as zod names it: `questions.3.text`),
 * what (a catalogue key) and the values its text interpolates.
 */
export interface EditorFault {
  path: string;
  key: EditorMessageKey;
  params?: Record<string, string | number>;
}

export const SURVEY_WEIGHT_MIN = 0;
export const SURVEY_WEIGHT_MAX = 100;
/** O15.13 A slug is what follows the site in a guest link: lower-case letters, digits and hyphens. */
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

class Faults {
  readonly list: EditorFault[] = [];
  add(path: (string | number)[], key: EditorMessageKey, params?: EditorFault['params']) {
    this.list.push(params ? { path: path.join('.'), key, params } : { path: path.join('.'), key });
  }
}

/** O15.1 Ids are unique within their list: each later copy is named. */
function uniqueIds<T>(
  faults: Faults,
  items: readonly T[],
  idOf: (item: T) => unknown,
  at: (string | number)[],
  field = 'id',
) {
  const seen = new Set<unknown>();
  items.forEach((item, index) => {
    const id = idOf(item);
    if (seen.has(id)) faults.add([...at, index, field], 'editor.duplicateId', { id: String(id) });
    seen.add(id);
  });
}

/** Whether following `next` from any node comes back to it (follow-ups, section dependencies). */
function nodesInLoops<K>(nodes: readonly K[], next: (node: K) => readonly K[]): Set<K> {
  const looped = new Set<K>();
  for (const start of nodes) {
    const stack = [...next(start)];
    const seen = new Set<K>();
    while (stack.length > 0) {
      const node = stack.pop() as K;
      if (node === start) {
        looped.add(start);
        break;
      }
      if (seen.has(node)) continue;
      seen.add(node);
      stack.push(...next(node));
    }
  }
  return looped;
}

function weight(faults: Faults, value: number, at: (string | number)[]) {
  if (value < SURVEY_WEIGHT_MIN || value > SURVEY_WEIGHT_MAX)
    faults.add(at, 'editor.weightRange', { min: SURVEY_WEIGHT_MIN, max: SURVEY_WEIGHT_MAX });
}

function surveyFaults(faults: Faults, doc: SurveyDocument, indicatorIds: Set<number>) {
  const { survey } = doc;
  if (!SLUG_PATTERN.test(survey.slug)) faults.add(['survey', 'slug'], 'editor.slug');
  uniqueIds(faults, survey.sections, (s) => s.id, ['survey', 'sections']);
  uniqueIds(faults, survey.indicators, (i) => i.id, ['survey', 'indicators']);
  uniqueIds(faults, survey.vouchers, (v) => v.id, ['survey', 'vouchers']);
  uniqueIds(faults, survey.ratingImages, (r) => r.value, ['survey', 'ratingImages'], 'value');

  const sectionIds = new Set(survey.sections.map((s) => s.id));
  const looped = nodesInLoops(
    survey.sections.map((s) => s.id),
    (id) => survey.sections.find((s) => s.id === id)?.dependsOn ?? [],
  );
  survey.sections.forEach((section, index) => {
    weight(faults, section.weight, ['survey', 'sections', index, 'weight']);
    section.dependsOn.forEach((dep, d) => {
      // O15.3 A section depends on sections that exist, and never (through others) on itself.
      if (!sectionIds.has(dep))
        faults.add(['survey', 'sections', index, 'dependsOn', d], 'editor.unknownSection', { id: dep });
    });
    if (looped.has(section.id))
      faults.add(['survey', 'sections', index, 'dependsOn'], 'editor.dependencyLoop');
  });

  survey.indicators.forEach((indicator, index) => {
    weight(faults, indicator.weight, ['survey', 'indicators', index, 'weight']);
    // O15.7 An indicator's true range runs upwards.
    if (indicator.trueMin >= indicator.trueMax)
      faults.add(['survey', 'indicators', index, 'trueMax'], 'editor.rangeOrder');
  });

  // O15.4 Every indicator rule names an indicator of the survey (or none).
  const rule = (r: IndicatorRule, at: (string | number)[]) => {
    if (r.indicatorId !== null && !indicatorIds.has(r.indicatorId)) {
      faults.add([...at, 'indicatorId'], 'editor.unknownIndicator', { id: r.indicatorId });
    }
  };
  for (const kind of ['other', 'contextSensitive', 'productRelated', 'drilldown', 'menuInsight'] as const) {
    rule(survey.maxima[kind].indicatorRule, ['survey', 'maxima', kind, 'indicatorRule']);
  }
  rule(survey.staffSelector.indicatorRule, ['survey', 'staffSelector', 'indicatorRule']);
  rule(survey.managerFeedback.indicatorRule, ['survey', 'managerFeedback', 'indicatorRule']);
  rule(survey.recommendation.indicatorRule, ['survey', 'recommendation', 'indicatorRule']);

  survey.vouchers.forEach((voucher, index) => {
    // O15.11 An instant win has a chance (1 in n); an incentive is given to everyone and has none.
    const wantsChance = voucher.type === VoucherType.INSTANT_WIN;
    if (wantsChance !== (voucher.chance !== null))
      faults.add(['survey', 'vouchers', index, 'chance'], 'editor.voucherChance');
  });

  // O15.14 Custom rating images need one image per value of the scale.
  const custom =
    survey.indicatorsRenderType === IndicatorRenderType.CUSTOM_RATING ||
    survey.indicatorsRenderType === IndicatorRenderType.CUSTOM_EMOJI;
  if (custom && survey.ratingImages.length === 0)
    faults.add(['survey', 'ratingImages'], 'editor.ratingImages');
}

/**
 * O15.35–O15.38 A survey's own demographic fields (decision 0261): unique ids, a label and option texts
 * that say something, options exactly when a dropdown, a postcode typed, and every option's text in every
 * offered language short enough for the create that carries it as the answer.
 */
function demographicsFaults(faults: Faults, doc: SurveyDocument) {
  const fields = doc.survey.demographics?.fields;
  if (!fields) return;
  const at = (...path: (string | number)[]) => ['survey', 'demographics', 'fields', ...path];
  uniqueIds(faults, fields, (f) => f.id, at());
  fields.forEach((field, index) => {
    if (field.label.trim() === '') faults.add(at(index, 'label'), 'editor.blank');
    uniqueIds(faults, field.options, (o) => o.id, at(index, 'options'));
    if (field.fieldType === 'select' && field.options.length === 0)
      faults.add(at(index, 'options'), 'editor.noOptions');
    if (field.fieldType === 'text' && field.options.length > 0)
      faults.add(at(index, 'options'), 'editor.textOptions');
    if (field.type === DemographicType.POSTCODE && field.fieldType !== 'text')
      faults.add(at(index, 'fieldType'), 'editor.postcodeText');
    field.options.forEach((option, o) => {
      if (option.value.trim() === '') faults.add(at(index, 'options', o, 'value'), 'editor.blank');
      const key = `demographics.${field.id}.options.${option.id}`;
      const long = doc.languages.find(
        (lang) => (doc.translations[lang]?.[key] ?? '').length > DEMOGRAPHIC_VALUE_MAX,
      );
      if (long)
        faults.add(at(index, 'options', o, 'value'), 'editor.tooLong', {
          language: long,
          max: DEMOGRAPHIC_VALUE_MAX,
        });
    });
  });
}

function questionFaults(faults: Faults, doc: SurveyDocument, indicatorIds: Set<number>) {
  const sectionIds = new Set(doc.survey.sections.map((s) => s.id));
  const questionIds = new Set(doc.questions.map((q) => q.id));
  uniqueIds(faults, doc.questions, (q) => q.id, ['questions']);
  const looped = nodesInLoops(
    doc.questions.map((q) => q.id),
    (id) => doc.questions.find((q) => q.id === id)?.followUpQuestions ?? [],
  );

  doc.questions.forEach((q, index) => {
    const at = (...path: (string | number)[]) => ['questions', index, ...path];
    // O15.2 A question is on a section of the survey.
    if (!sectionIds.has(q.sectionId))
      faults.add(at('sectionId'), 'editor.unknownSection', { id: q.sectionId });
    weight(faults, q.weight, at('weight'));
    if (q.indicatorId !== null && !indicatorIds.has(q.indicatorId)) {
      faults.add(at('indicatorId'), 'editor.unknownIndicator', { id: q.indicatorId });
    }
    // O15.5 Follow-ups and linked questions are other questions of the survey, with no loop.
    q.followUpQuestions.forEach((f, i) => {
      if (!questionIds.has(f) || f === q.id)
        faults.add(at('followUpQuestions', i), 'editor.unknownQuestion', { id: f });
    });
    if (looped.has(q.id)) faults.add(at('followUpQuestions'), 'editor.followUpLoop');
    if (q.linkedQuestion !== null && (!questionIds.has(q.linkedQuestion) || q.linkedQuestion === q.id)) {
      faults.add(at('linkedQuestion'), 'editor.unknownQuestion', { id: q.linkedQuestion });
    }
    // O15.9 A question's date range runs forwards.
    if (q.dateRangeFrom !== null && q.dateRangeTo !== null && q.dateRangeFrom > q.dateRangeTo) {
      faults.add(at('dateRangeTo'), 'editor.dateOrder');
    }
    // O15.10 Trigger stars are values of the question's scale.
    q.triggerStars.forEach((star, i) => {
      if (star > q.numberStars)
        faults.add(at('triggerStars', i), 'editor.starOutOfRange', { max: q.numberStars });
    });
    uniqueIds(faults, q.otherQuestionsAnswers, (a) => a.id, at('otherQuestionsAnswers'));
    uniqueIds(faults, q.aspectRatings, (a) => a.aspectRatingId, at('aspectRatings'), 'aspectRatingId');
    // O15.8 A show-if names a dish rating (the schema holds it to bad, neutral, good) other than its
    // opposite: one naming the same rating twice could never show its part.
    const never = (
      showIf: { aspectRatingId: number | null; oppositeId: number | null } | null,
      path: (string | number)[],
    ) => {
      if (showIf && showIf.aspectRatingId !== null && showIf.aspectRatingId === showIf.oppositeId) {
        faults.add(path, 'editor.showIfNever');
      }
    };
    q.menuInsight?.subQuestions.forEach((sub, i) => {
      never(sub.showIf, at('menuInsight', 'subQuestions', i, 'showIf', 'oppositeId'));
    });
    q.menuInsight?.reasonSections.forEach((rs, i) => {
      never(rs.showIf, at('menuInsight', 'reasonSections', i, 'showIf', 'oppositeId'));
    });
    if (q.menuInsight) {
      uniqueIds(faults, q.menuInsight.subQuestions, (s) => s.id, at('menuInsight', 'subQuestions'));
      uniqueIds(
        faults,
        q.menuInsight.reasonSections,
        (s) => s.aspectRatingId,
        at('menuInsight', 'reasonSections'),
        'aspectRatingId',
      );
    }
    q.services?.forEach((service, s) => {
      uniqueIds(faults, service.subQuestions, (sub) => sub.id, at('services', s, 'subQuestions'));
    });
    if (q.services) uniqueIds(faults, q.services, (s) => s.id, at('services'));
  });
}

/**
 * O15.x What the schema alone cannot say about a document: references between its parts, loops, ranges
 * and the survey's own language. A draft may keep these; publishing is refused while any remain.
 */
export function documentFaults(doc: SurveyDocument): EditorFault[] {
  const faults = new Faults();
  const indicatorIds = new Set(doc.survey.indicators.map((i) => i.id));
  surveyFaults(faults, doc, indicatorIds);
  questionFaults(faults, doc, indicatorIds);
  demographicsFaults(faults, doc);
  // O15.21 The survey's own language is one it is offered in.
  if (!doc.languages.includes(doc.survey.templateLocale)) faults.add(['languages'], 'editor.ownLanguage');
  return faults.list;
}

/**
 * O15.24 What stops a publish: every document fault, a survey with no question, and each offered language
 * that lacks any text (named once, with the count; `missingTexts` lists them).
 */
export function publishFaults(doc: SurveyDocument): EditorFault[] {
  const faults = new Faults();
  faults.list.push(...documentFaults(doc));
  if (doc.questions.length === 0) faults.add(['questions'], 'editor.noQuestions');
  doc.languages.forEach((lang: Language) => {
    const missing = missingTexts(doc, lang).length;
    if (missing > 0)
      faults.add(['translations', lang], 'editor.missingTexts', { language: lang, count: missing });
  });
  return faults.list;
}
