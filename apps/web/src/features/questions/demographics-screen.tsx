import { type DemographicsSection, DemographicType, demographicValueMax } from '@venue-voice/domain';
import { type FormEvent, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/select-field';
import { TextArea } from '../../ui/text-area';
import { FittedTitle } from './fitted-title';
import type { RunProgress } from './progress';
import { ScreenTop } from './screen-top';
import type { RunAction, SurveyRun } from './survey-run';

const postcode = (field: DemographicsSection['fields'][number]) => field.type === DemographicType.POSTCODE;

export interface DemographicsScreenProps {
  run: SurveyRun;
  fields: DemographicsSection['fields'];
  dispatch(action: RunAction): void;
  /** Back to the last question screen. */
  onPrevious?: () => void;
  progress: RunProgress | null;
}

/**
 * The venue's demographic fields after the questions (G3 demographics config): a dropdown of the
 * options or a text field each (a postcode at most 10 characters, G5.24). Continue waits for required fields; Skip is offered when none is
 * required, and leaves everything out.
 */
export function DemographicsScreen({ run, fields, dispatch, onPrevious, progress }: DemographicsScreenProps) {
  const { t } = useTranslation('questions');
  const titleId = useId();
  const hintId = useId();
  const progressId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const ready = fields.every((field) => !field.required || (run.demographics[field.id] ?? '').trim() !== '');
  const optional = fields.every((field) => !field.required);

  useEffect(() => {
    title.current?.focus();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) dispatch({ type: 'finishDemographics' });
  };

  return (
    <div className="step">
      <div className="step__card">
        <ScreenTop onPrevious={onPrevious} progress={progress} progressId={progressId} />
        <FittedTitle
          ref={title}
          id={titleId}
          describedBy={progress ? progressId : undefined}
          text={t('demographics.title')}
        />
        <p className="quiz__subtitle">{t('demographics.subtitle')}</p>
        <form className="quiz__form" aria-labelledby={titleId} onSubmit={submit} noValidate>
          {fields.map((field) => {
            const value = run.demographics[field.id] ?? '';
            const hint = field.required ? t('required') : undefined;
            const onChange = (next: string) =>
              dispatch({ type: 'demographic', fieldId: field.id, value: next });
            return field.fieldType === 'select' ? (
              <SelectField
                key={field.id}
                label={field.label}
                hint={hint}
                // The payload carries the option's text (demographics: id and value).
                choices={field.options.map((option) => ({ value: option.value, label: option.value }))}
                value={value}
                emptyLabel={t('chooseAnswer')}
                onChange={onChange}
              />
            ) : (
              <TextArea
                key={field.id}
                label={field.label}
                hint={hint}
                singleLine
                // G5.24: a postcode field holds a postcode (10 characters, with the hint at the limit).
                maxLength={demographicValueMax(field)}
                limitHint={
                  postcode(field) ? t('postcodeLimit', { max: demographicValueMax(field) }) : undefined
                }
                autoComplete={postcode(field) ? 'postal-code' : undefined}
                value={value}
                onChange={onChange}
              />
            );
          })}
          {!ready && (
            <p id={hintId} className="quiz__hint">
              {t('requiredMissing')}
            </p>
          )}
          <div className="quiz__actions">
            {optional && (
              <Button variant="secondary" onClick={() => dispatch({ type: 'skipDemographics' })}>
                {t('skip')}
              </Button>
            )}
            <Button type="submit" disabled={!ready} aria-describedby={ready ? undefined : hintId}>
              {t('next')}
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}
