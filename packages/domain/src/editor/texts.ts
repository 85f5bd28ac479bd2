import type { Language } from '../enums';
import type { Question } from '../schemas/question';
import type { Survey } from '../schemas/survey';
import type { SurveyDocument } from './document';

/**
 * Every text a guest may read in a survey, by a key made of ids (not positions), so that moving a question
 * keeps its translations (O15.20). `visit` sees each non-empty text and answers the text to keep.
 */
type Visit = (key: string, text: string) => string;

const mapText = (key: string, text: string, visit: Visit) => (text.trim() === '' ? text : visit(key, text));

function surveyTexts(survey: Survey, visit: Visit): Survey {
  const t = (key: string, text: string) => mapText(key, text, visit);
  return {
    ...survey,
    name: t('survey.name', survey.name),
    labels: survey.labels.map((l) => ({ ...l, text: t(`labels.${l.ref}`, l.text) })),
    sections: survey.sections.map((s) => ({
      ...s,
      name: t(`sections.${s.id}.name`, s.name),
      ...(s.title === undefined ? {} : { title: t(`sections.${s.id}.title`, s.title) }),
      ...(s.subtitle === undefined ? {} : { subtitle: t(`sections.${s.id}.subtitle`, s.subtitle) }),
    })),
    indicators: survey.indicators.map((i) => ({
      ...i,
      name: t(`indicators.${i.id}.name`, i.name),
      topics: i.topics.map((topic) => ({
        ...topic,
        name: t(`indicators.${i.id}.topics.${topic.id}`, topic.name),
      })),
    })),
    ratingImages: survey.ratingImages.map((r) => ({ ...r, label: t(`ratingImages.${r.value}`, r.label) })),
    staffSelector: {
      ...survey.staffSelector,
      tags: survey.staffSelector.tags.map((tag) => ({ ...tag, text: t(`staff.tags.${tag.id}`, tag.text) })),
      filters: survey.staffSelector.filters.map((f) => ({
        ...f,
        label: t(`staff.filters.${f.id}`, f.label),
      })),
    },
    ...(survey.dataCapture.marketingPermissionText === undefined
      ? {}
      : {
          dataCapture: {
            ...survey.dataCapture,
            marketingPermissionText: t(
              'dataCapture.marketingPermission',
              survey.dataCapture.marketingPermissionText,
            ),
          },
        }),
    // O15.20: a survey's own demographic fields, by field and option id (decision 0261).
    ...(survey.demographics === undefined
      ? {}
      : {
          demographics: {
            fields: survey.demographics.fields.map((field) => ({
              ...field,
              label: t(`demographics.${field.id}.label`, field.label),
              options: field.options.map((option) => ({
                ...option,
                value: t(`demographics.${field.id}.options.${option.id}`, option.value),
              })),
            })),
          },
        }),
    vouchers: survey.vouchers.map((v) => ({
      ...v,
      name: t(`vouchers.${v.id}.name`, v.name),
      description: t(`vouchers.${v.id}.description`, v.description),
    })),
  };
}

function questionTexts(question: Question, visit: Visit): Question {
  const q = `questions.${question.id}`;
  const t = (key: string, text: string) => mapText(`${q}.${key}`, text, visit);
  const menuInsight = question.menuInsight;
  return {
    ...question,
    text: t('text', question.text),
    otherQuestionsAnswers: question.otherQuestionsAnswers.map((a) => ({
      ...a,
      text: t(`answers.${a.id}`, a.text),
    })),
    aspectRatings: question.aspectRatings.map((ar) => ({
      ...ar,
      title: t(`aspectRatings.${ar.aspectRatingId}.title`, ar.title),
      reasons: ar.reasons.map((r) => ({
        ...r,
        text: t(`aspectRatings.${ar.aspectRatingId}.reasons.${r.id}`, r.text),
      })),
    })),
    menuInsight:
      menuInsight === null
        ? null
        : {
            ...menuInsight,
            subQuestions: menuInsight.subQuestions.map((s) => ({
              ...s,
              label: t(`menuInsight.sub.${s.id}`, s.label),
            })),
            reasonSections: menuInsight.reasonSections.map((rs) => ({
              ...rs,
              title: t(`menuInsight.reasons.${rs.aspectRatingId}.title`, rs.title),
              reasons: rs.reasons.map((r) => ({
                ...r,
                text: t(`menuInsight.reasons.${rs.aspectRatingId}.${r.id}`, r.text),
              })),
            })),
          },
    services:
      question.services === null
        ? null
        : question.services.map((s) => ({
            ...s,
            name: t(`services.${s.id}.name`, s.name),
            subQuestions: s.subQuestions.map((sub) => ({
              ...sub,
              label: t(`services.${s.id}.${sub.id}.label`, sub.label),
              choices: sub.choices.map((c) => ({
                ...c,
                text: t(`services.${s.id}.${sub.id}.${c.id}`, c.text),
              })),
            })),
          })),
  };
}

function mapTexts(doc: Pick<SurveyDocument, 'survey' | 'questions'>, visit: Visit) {
  return {
    survey: surveyTexts(doc.survey, visit),
    questions: doc.questions.map((q) => questionTexts(q, visit)),
  };
}

/** O15.20 Every guest-facing text of the document in its own language, keyed by ids, in document order. */
export function textEntries(
  doc: Pick<SurveyDocument, 'survey' | 'questions'>,
): { key: string; text: string }[] {
  const entries: { key: string; text: string }[] = [];
  mapTexts(doc, (key, text) => {
    entries.push({ key, text });
    return text;
  });
  return entries;
}

/** O15.22 The keys a language has no text for (blank counts as none); none for the survey's own language. */
export function missingTexts(doc: SurveyDocument, lang: Language): string[] {
  if (lang === doc.survey.templateLocale) return [];
  const given = doc.translations[lang] ?? {};
  return textEntries(doc)
    .filter(({ key }) => (given[key] ?? '').trim() === '')
    .map(({ key }) => key);
}

/**
 * O15.23 The survey and questions a guest reads in `lang`: every text in that language, and the survey's
 * language set to it. Null when the document is not offered in `lang` or lacks any of its texts: a guest
 * never meets a fallback text mid-survey.
 */
export function localizedSurvey(
  doc: SurveyDocument,
  lang: Language,
): { survey: Survey; questions: Question[] } | null {
  if (!doc.languages.includes(lang)) return null;
  if (lang === doc.survey.templateLocale) return { survey: doc.survey, questions: doc.questions };
  if (missingTexts(doc, lang).length > 0) return null;
  const given = doc.translations[lang] ?? {};
  const localized = mapTexts(doc, (key, text) => given[key] ?? text);
  return { survey: { ...localized.survey, templateLocale: lang }, questions: localized.questions };
}

/**
 * O15.23 What a guest (or a suggestion drafted for one) is served: the survey in `language` when the
 * company offers that language and the document has every text of it, else in its own language — never
 * a mix.
 */
export function servedInLanguage(
  doc: SurveyDocument,
  language: Language | null,
  companyLanguages: readonly Language[],
): { survey: Survey; questions: Question[] } {
  const own = { survey: doc.survey, questions: doc.questions };
  if (language === null || language === doc.survey.templateLocale || !companyLanguages.includes(language)) {
    return own;
  }
  return localizedSurvey(doc, language) ?? own;
}
