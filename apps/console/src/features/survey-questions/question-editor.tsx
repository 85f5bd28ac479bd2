import { Alert, Checkbox, Group, NativeSelect, Stack, Textarea } from '@mantine/core';
import {
  type EditorFault,
  IndicatorKind,
  newMenuInsight,
  type Question,
  QuestionType,
  type SurveyDocument,
} from '@venue-voice/domain';
import { memo, useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AspectRatingsFields } from './aspect-ratings-fields';
import { DisplayFields } from './display-fields';
import { DrilldownFields, drilldownFieldNames } from './drilldown-fields';
import { EligibilityFields, PRODUCT_TYPES } from './eligibility-fields';
import { questionFaults, sameFaults } from './faults';
import { NumberField } from './fields';
import { FollowUpFields } from './follow-up-fields';
import { MenuInsightFields } from './menu-insight-fields';
import { questionOptions } from './options';
import type { PartProps } from './section-props';
import { newService, ServicesFields } from './services-fields';

export interface QuestionEditorProps {
  document: SurveyDocument;
  /** The question's position in document.questions. */
  index: number;
  /** The faults whose path starts with `questions.<index>` (paths are the document's). */
  faults: EditorFault[];
  /** Keep it stable (a callback of the index) so that editing one question leaves the others' editors be. */
  onChange: (question: Question) => void;
}

const isDrilldown = (type: number) => type === QuestionType.DRILLDOWN || type === QuestionType.DRILLDOWN_PLUS;

/** A question's display is its own widget unless it is a menu insight or a services list. */
const hasDisplay = (q: Question) => q.questionType !== QuestionType.MENU_INSIGHT && q.services === null;

/** The fields a change of type brings along: menu insight gets its configuration, other types lose it. */
function typeChange(question: Question, questionType: Question['questionType']): Partial<Question> {
  if (questionType === QuestionType.MENU_INSIGHT)
    return {
      questionType,
      menuInsight: question.menuInsight ?? newMenuInsight(),
    };
  return { questionType, menuInsight: null };
}

/** The question's fields the editor shows now, to list the faults of any other field on their own. */
function shownFields(question: Question, document: SurveyDocument): Set<string> {
  const shown = [
    'text',
    'sectionId',
    'questionType',
    'required',
    'allowNotApplicable',
    'weight',
    'topLevelRating',
    'triggerComplaint',
    'services',
    'followUpQuestions',
    'followUpTriggers',
    'linkedQuestion',
    'dateRangeFrom',
    'dateRangeTo',
    'txAskQuestion',
    'contextFilters',
  ];
  if (hasDisplay(question)) {
    shown.push('otherQuestionsFormat', 'commentMode', 'ynFollowupY', 'ynFollowupN', 'multiSelect');
    shown.push('otherQuestionsAnswers', 'numberStars');
  }
  if (question.questionType === QuestionType.MENU_INSIGHT) shown.push('menuInsight', 'aspectRatings');
  if (PRODUCT_TYPES.includes(question.questionType))
    shown.push('menuType', 'menuFamilyGroupRef', 'menuMajorGroupRef', 'menuItemObjectNumbers');
  if (isDrilldown(question.questionType)) {
    shown.push(...drilldownFieldNames(question, document.survey.indicators), 'numberStars');
  }
  return new Set(shown);
}

function QuestionEditorView({ document, index, faults, onChange }: QuestionEditorProps) {
  const { t } = useTranslation();
  const question = document.questions[index];
  const { sections, indicators } = document.survey;
  const options = questionOptions(document.questions);
  const sectionData = useMemo(
    () => sections.map((s) => ({ value: s.id, label: s.name.trim() === '' ? s.id : s.name })),
    [sections],
  );
  const typeData = useMemo(
    () =>
      Object.values(QuestionType).map((type) => ({
        value: String(type),
        label: t(`surveyEditor.question.types.${type}`),
      })),
    [t],
  );
  // Faults by their content, so the parts keep them while the shell passes equal new lists.
  const faultsKey = JSON.stringify(faults);
  // biome-ignore lint/correctness/useExhaustiveDependencies: faultsKey stands for faults
  const found = useMemo(() => questionFaults(faults, index, t), [faultsKey, index, t]);
  // The question as last rendered: `update` stays the same function, so the parts can skip renders.
  const latest = useRef(question);
  useLayoutEffect(() => {
    latest.current = question;
  });
  const update = useCallback(
    (patch: Partial<Question>) => {
      if (latest.current) onChange({ ...latest.current, ...patch });
    },
    [onChange],
  );
  if (!question) return null;
  const rest = found.rest(shownFields(question, document));
  const unknownSection = sections.some((s) => s.id === question.sectionId)
    ? []
    : [
        {
          value: question.sectionId,
          label: t('surveyEditor.question.unknownSection', { id: question.sectionId }),
        },
      ];
  const indicator = indicators.find((i) => i.id === question.indicatorId);
  const ratingDrilldown =
    isDrilldown(question.questionType) &&
    (indicator?.kind === IndicatorKind.SURVEY_RATING || indicator?.kind === IndicatorKind.REVIEW_RATING);
  const part: PartProps = { question, faults: found, update };
  return (
    <Stack gap="md">
      {rest.length > 0 && (
        <Alert color="red" title={t('surveyEditor.question.otherFaults')}>
          <ul>
            {rest.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </Alert>
      )}
      <Textarea
        label={t('surveyEditor.question.text')}
        value={question.text}
        rows={2}
        error={found.at('text')}
        onChange={(event) => update({ text: event.currentTarget.value })}
      />
      <Group align="flex-start" wrap="wrap">
        <NativeSelect
          label={t('surveyEditor.question.type')}
          value={String(question.questionType)}
          data={typeData}
          error={found.at('questionType')}
          onChange={(event) =>
            update(typeChange(question, Number(event.currentTarget.value) as Question['questionType']))
          }
        />
        <NativeSelect
          label={t('surveyEditor.question.section')}
          value={question.sectionId}
          data={[...sectionData, ...unknownSection]}
          error={found.at('sectionId')}
          onChange={(event) => update({ sectionId: event.currentTarget.value })}
        />
        <NumberField
          label={t('surveyEditor.question.weight')}
          value={question.weight}
          w={140}
          error={found.at('weight')}
          onChange={(weight) => update({ weight: Math.round(weight) })}
        />
      </Group>
      <Group>
        <Checkbox
          label={t('surveyEditor.question.required')}
          checked={question.required}
          onChange={(event) => update({ required: event.currentTarget.checked })}
        />
        <Checkbox
          label={t('surveyEditor.question.allowNotApplicable')}
          checked={question.allowNotApplicable}
          onChange={(event) => update({ allowNotApplicable: event.currentTarget.checked })}
        />
        <Checkbox
          label={t('surveyEditor.question.topLevelRating')}
          checked={question.topLevelRating}
          onChange={(event) => update({ topLevelRating: event.currentTarget.checked })}
        />
        <Checkbox
          label={t('surveyEditor.question.triggerComplaint')}
          checked={question.triggerComplaint}
          onChange={(event) => update({ triggerComplaint: event.currentTarget.checked })}
        />
        <Checkbox
          label={t('surveyEditor.question.useServices')}
          checked={question.services !== null}
          onChange={(event) => update({ services: event.currentTarget.checked ? [newService([])] : null })}
        />
      </Group>
      {hasDisplay(question) && <DisplayFields {...part} starsHere={!ratingDrilldown} />}
      {isDrilldown(question.questionType) && <DrilldownFields {...part} indicators={indicators} />}
      <MenuInsightFields {...part} />
      {question.questionType === QuestionType.MENU_INSIGHT && <AspectRatingsFields {...part} />}
      <ServicesFields {...part} />
      <FollowUpFields {...part} questions={options} />
      <EligibilityFields {...part} />
    </Stack>
  );
}

/**
 * One question's fields, every type and format (issue 31 item 1), each fault of the question next to
 * its field. It renders again only when its question, the survey's sections or indicators, the list of
 * questions (ids and texts, for follow-ups), its faults or onChange change: with 200 questions a
 * keystroke in one leaves the others alone (issue 31 item 7).
 */
export const QuestionEditor = memo(
  QuestionEditorView,
  (a, b) =>
    a.index === b.index &&
    a.onChange === b.onChange &&
    a.document.questions[a.index] === b.document.questions[b.index] &&
    a.document.survey.sections === b.document.survey.sections &&
    a.document.survey.indicators === b.document.survey.indicators &&
    questionOptions(a.document.questions) === questionOptions(b.document.questions) &&
    sameFaults(a.faults, b.faults),
);
