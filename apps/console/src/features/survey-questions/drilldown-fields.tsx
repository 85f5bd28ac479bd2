import { Checkbox, Fieldset, Group, NativeSelect, Stack } from '@mantine/core';
import {
  type Indicator,
  IndicatorKind,
  NEW_CSAT_THRESHOLD,
  NEW_NPS_THRESHOLD,
  type Question,
  ScoreDirection,
  type ScoreThreshold,
} from '@venue-voice/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberField } from './fields';
import { memoPart, type PartProps } from './section-props';

const NONE = '';

/** The thresholds fitting an indicator's kind: the others are cleared, the fitting one set if missing. */
function thresholdsFor(question: Question, indicator: Indicator | undefined): Partial<Question> {
  if (indicator?.kind === IndicatorKind.NPS)
    return { nps: question.nps ?? { ...NEW_NPS_THRESHOLD }, csat: null };
  if (indicator?.kind === IndicatorKind.CSAT)
    return { csat: question.csat ?? { ...NEW_CSAT_THRESHOLD }, nps: null };
  if (indicator) return { nps: null, csat: null };
  return {};
}

interface ThresholdProps {
  legend: string;
  scoreLabel: string;
  value: ScoreThreshold;
  max: number;
  error: string | undefined;
  onChange: (value: ScoreThreshold) => void;
}

/** An NPS or CSAT threshold: a score and whether the question is asked at or above it, or at or below. */
function Threshold({ legend, scoreLabel, value, max, error, onChange }: ThresholdProps) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={legend} variant="unstyled">
      <Group align="flex-start">
        <NativeSelect
          label={t('surveyEditor.question.direction')}
          value={value.direction === ScoreDirection.GREATER ? ScoreDirection.GREATER : ScoreDirection.LOWER}
          data={[
            { value: ScoreDirection.LOWER, label: t('surveyEditor.question.directions.l') },
            { value: ScoreDirection.GREATER, label: t('surveyEditor.question.directions.g') },
          ]}
          onChange={(event) => onChange({ ...value, direction: event.currentTarget.value })}
        />
        <NumberField
          label={scoreLabel}
          value={value.score}
          min={0}
          max={max}
          error={error}
          w={140}
          onChange={(score) => onChange({ ...value, score })}
        />
      </Group>
    </Fieldset>
  );
}

/** The stars of a rating drill-down that trigger it (1…numberStars), and the scale's size. */
function TriggerStars({ question, faults, update }: PartProps) {
  const { t } = useTranslation();
  const stars = Array.from({ length: question.numberStars }, (_, i) => i + 1);
  return (
    <>
      <NumberStars question={question} faults={faults} update={update} />
      <Checkbox.Group
        label={t('surveyEditor.question.triggerStars')}
        value={question.triggerStars.map(String)}
        error={faults.at('triggerStars')}
        onChange={(values) => update({ triggerStars: values.map(Number).sort((a, b) => a - b) })}
      >
        <Group mt="xs">
          {stars.map((star) => (
            <Checkbox key={star} value={String(star)} label={String(star)} />
          ))}
        </Group>
      </Checkbox.Group>
    </>
  );
}

/** The size of the question's rating scale (1–10 stars); trigger stars above it are dropped. */
export function NumberStars({ question, faults, update }: PartProps) {
  const { t } = useTranslation();
  return (
    <NumberField
      label={t('surveyEditor.question.numberStars')}
      value={question.numberStars}
      min={1}
      max={10}
      strict
      w={160}
      error={faults.at('numberStars')}
      onChange={(numberStars) =>
        update({ numberStars, triggerStars: question.triggerStars.filter((star) => star <= numberStars) })
      }
    />
  );
}

interface DrilldownProps extends PartProps {
  indicators: readonly Indicator[];
}

/**
 * A drill-down's indicator and threshold (G4.31–G4.34): the star values of a survey or review rating, or
 * an NPS (0–10) or CSAT (0–100%) score with its direction. With no indicator it is asked only as a
 * follow-up.
 */
function DrilldownView({ question, faults, update, indicators }: DrilldownProps) {
  const { t } = useTranslation();
  const indicator = indicators.find((i) => i.id === question.indicatorId);
  const data = useMemo(() => {
    const options = [
      { value: NONE, label: t('surveyEditor.question.noIndicator') },
      ...indicators.map((i) => ({
        value: String(i.id),
        label: `${i.name || `#${i.id}`} (${t(`surveyEditor.question.indicatorKinds.${i.kind}`)})`,
      })),
    ];
    return options;
  }, [indicators, t]);
  const unknown =
    question.indicatorId !== null && indicator === undefined
      ? [
          {
            value: String(question.indicatorId),
            label: t('surveyEditor.question.unknownIndicator', { id: question.indicatorId }),
          },
        ]
      : [];
  return (
    <Fieldset legend={t('surveyEditor.question.drilldown')}>
      <Stack gap="sm">
        <NativeSelect
          label={t('surveyEditor.question.indicator')}
          value={question.indicatorId === null ? NONE : String(question.indicatorId)}
          data={[...data, ...unknown]}
          error={faults.at('indicatorId')}
          onChange={(event) => {
            const value = event.currentTarget.value;
            const id = value === NONE ? null : Number(value);
            update({
              indicatorId: id,
              ...thresholdsFor(
                question,
                indicators.find((i) => i.id === id),
              ),
            });
          }}
        />
        {indicator?.kind === IndicatorKind.NPS && question.nps && (
          <Threshold
            legend={t('surveyEditor.question.npsThreshold')}
            scoreLabel={t('surveyEditor.question.npsScore')}
            value={question.nps}
            max={10}
            error={faults.at('nps')}
            onChange={(nps) => update({ nps })}
          />
        )}
        {indicator?.kind === IndicatorKind.CSAT && question.csat && (
          <Threshold
            legend={t('surveyEditor.question.csatThreshold')}
            scoreLabel={t('surveyEditor.question.csatScore')}
            value={question.csat}
            max={100}
            error={faults.at('csat')}
            onChange={(csat) => update({ csat })}
          />
        )}
        {(indicator?.kind === IndicatorKind.SURVEY_RATING ||
          indicator?.kind === IndicatorKind.REVIEW_RATING) && (
          <TriggerStars question={question} faults={faults} update={update} />
        )}
      </Stack>
    </Fieldset>
  );
}

export const DrilldownFields = memoPart(DrilldownView, [
  'indicatorId',
  'nps',
  'csat',
  'numberStars',
  'triggerStars',
]);

/** The fields a drill-down shows, by the kind of its indicator (for the "other faults" list). */
export function drilldownFieldNames(question: Question, indicators: readonly Indicator[]): string[] {
  const kind = indicators.find((i) => i.id === question.indicatorId)?.kind;
  if (kind === IndicatorKind.NPS) return ['indicatorId', 'nps'];
  if (kind === IndicatorKind.CSAT) return ['indicatorId', 'csat'];
  if (kind === undefined) return ['indicatorId'];
  return ['indicatorId', 'triggerStars'];
}
