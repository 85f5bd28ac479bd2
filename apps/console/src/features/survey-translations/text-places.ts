import type { SurveyDocument } from '@venue-voice/domain';
import type { TFunction } from 'i18next';

/** A console text by its catalogue key (below `surveyTranslations.`) and values. */
export interface PlaceText {
  key: string;
  params?: Record<string, string | number>;
}

/** Where a survey text sits: the part of the survey it belongs to (a group of rows) and the field in it. */
export interface TextPlace {
  /** Stable id of the group (`question:12`); rows of one group are shown under one heading. */
  group: string;
  groupText: PlaceText;
  field: PlaceText;
}

const RATINGS: Record<string, string> = { '1': 'bad', '2': 'neutral', '3': 'good' };
const ratingOf = (value: string | undefined) => RATINGS[value ?? ''] ?? value ?? '';

/** The 1-based position of the item whose id is `id`, or the id itself when it is not in the list. */
const positionIn = (ids: readonly (string | number)[], id: string | undefined): string | number => {
  const index = ids.findIndex((candidate) => String(candidate) === id);
  return index >= 0 ? index + 1 : (id ?? '');
};

const text = (key: string, params?: PlaceText['params']): PlaceText => (params ? { key, params } : { key });

/**
 * Reads `textEntries` keys (O15.20) the way an operator thinks of a survey: "Question 3 › Answer 2",
 * "Section: Ratings › Title". Names and positions come from the document, so a label follows the survey
 * as it is now; a key it cannot read is shown as it is.
 */
export function placeFinder(doc: Pick<SurveyDocument, 'survey' | 'questions'>): (key: string) => TextPlace {
  const sections = new Map(doc.survey.sections.map((s) => [s.id, s.name || s.id]));
  const indicators = new Map(doc.survey.indicators.map((i) => [String(i.id), i.name || String(i.id)]));
  const vouchers = new Map(doc.survey.vouchers.map((v) => [String(v.id), v.name || String(v.id)]));
  const questions = new Map(doc.questions.map((q, index) => [String(q.id), { q, n: index + 1 }]));
  const demographics = new Map(
    (doc.survey.demographics?.fields ?? []).map((f) => [
      String(f.id),
      { field: f, name: f.label || String(f.id) },
    ]),
  );

  return (key) => {
    const [head, id, ...rest] = key.split('.');
    const raw: TextPlace = {
      group: 'other',
      groupText: text('group.other'),
      field: text('field.raw', { key }),
    };
    switch (head) {
      case 'survey':
        return { group: 'survey', groupText: text('group.survey'), field: text('field.surveyName') };
      case 'labels':
        return {
          group: 'survey',
          groupText: text('group.survey'),
          field: text('field.label', { id: id ?? '' }),
        };
      case 'sections': {
        const field = rest[0];
        if (!id || (field !== 'name' && field !== 'title' && field !== 'subtitle')) return raw;
        return {
          group: `section:${id}`,
          groupText: text('group.section', { name: sections.get(id) ?? id }),
          field: text(`field.${field}`),
        };
      }
      case 'indicators': {
        if (!id) return raw;
        const group = {
          group: `indicator:${id}`,
          groupText: text('group.indicator', { name: indicators.get(id) ?? id }),
        };
        if (rest[0] === 'name') return { ...group, field: text('field.name') };
        if (rest[0] === 'topics') return { ...group, field: text('field.topic', { id: rest[1] ?? '' }) };
        return raw;
      }
      case 'ratingImages':
        return {
          group: 'ratingImages',
          groupText: text('group.ratingImages'),
          field: text('field.ratingImage', { value: id ?? '' }),
        };
      case 'staff': {
        const group = { group: 'staff', groupText: text('group.staff') };
        if (id === 'tags') return { ...group, field: text('field.staffTag', { id: rest[0] ?? '' }) };
        if (id === 'filters') return { ...group, field: text('field.staffFilter', { id: rest[0] ?? '' }) };
        return raw;
      }
      case 'vouchers': {
        const field = rest[0];
        if (!id || (field !== 'name' && field !== 'description')) return raw;
        return {
          group: `voucher:${id}`,
          groupText: text('group.voucher', { name: vouchers.get(id) ?? id }),
          field: text(`field.${field}`),
        };
      }
      case 'dataCapture':
        return id === 'marketingPermission'
          ? { group: 'survey', groupText: text('group.survey'), field: text('field.marketingPermission') }
          : raw;
      case 'demographics': {
        // demographics.<id>.label, demographics.<id>.options.<optionId> (decision 0261).
        if (!id || (rest[0] !== 'label' && rest[0] !== 'options')) return raw;
        const found = demographics.get(id);
        const group = {
          group: `demographic:${id}`,
          groupText: text('group.demographic', { name: found?.name ?? id }),
        };
        if (rest[0] === 'label') return { ...group, field: text('field.demographicLabel') };
        const n = positionIn(found?.field.options.map((o) => o.id) ?? [], rest[1]);
        return { ...group, field: text('field.demographicOption', { n }) };
      }
      case 'questions': {
        const found = id ? questions.get(id) : undefined;
        if (!id || !found) return raw;
        const field = questionField(found.q, rest);
        return field
          ? { group: `question:${id}`, groupText: text('group.question', { n: found.n }), field }
          : raw;
      }
      default:
        return raw;
    }
  };
}

type DocQuestion = SurveyDocument['questions'][number];

/** The field of a question's text key, after `questions.<id>.`. */
function questionField(q: DocQuestion, path: string[]): PlaceText | null {
  const [part, a, b, c] = path;
  switch (part) {
    case 'text':
      return text('field.questionText');
    case 'answers':
      return text('field.answer', {
        n: positionIn(
          q.otherQuestionsAnswers.map((x) => x.id),
          a,
        ),
      });
    case 'aspectRatings': {
      const rating = ratingOf(a);
      if (b === 'title') return text('field.aspectTitle', { rating });
      const reasons = q.aspectRatings.find((x) => String(x.aspectRatingId) === a)?.reasons ?? [];
      return text('field.aspectReason', {
        rating,
        n: positionIn(
          reasons.map((x) => x.id),
          c,
        ),
      });
    }
    case 'menuInsight': {
      if (a === 'sub') return text('field.dishSubQuestion', { id: b ?? '' });
      if (a !== 'reasons') return null;
      const rating = ratingOf(b);
      if (c === 'title') return text('field.dishReasonsTitle', { rating });
      const section = q.menuInsight?.reasonSections.find((x) => String(x.aspectRatingId) === b);
      return text('field.dishReason', { rating, n: positionIn(section?.reasons.map((x) => x.id) ?? [], c) });
    }
    case 'services': {
      const service = q.services?.find((s) => s.id === a);
      const name = service?.name || (a ?? '');
      if (b === 'name') return text('field.serviceName', { service: name });
      const sub = service?.subQuestions.find((s) => s.id === b);
      if (c === 'label')
        return text('field.serviceQuestion', {
          service: name,
          n: positionIn(service?.subQuestions.map((s) => s.id) ?? [], b),
        });
      return text('field.serviceChoice', {
        service: name,
        n: positionIn(service?.subQuestions.map((s) => s.id) ?? [], b),
        choice: positionIn(sub?.choices.map((x) => x.id) ?? [], c),
      });
    }
    default:
      return null;
  }
}

/** A place's text in the console's language (a rating named by its word: bad, neutral, good). */
export function placeLabel(t: TFunction, place: PlaceText): string {
  const params: Record<string, string | number> = { ...place.params };
  const rating = params.rating;
  if (typeof rating === 'string' && rating !== '')
    params.rating = t(`surveyTranslations.rating.${rating}`, { defaultValue: rating });
  return t(`surveyTranslations.${place.key}`, params);
}
