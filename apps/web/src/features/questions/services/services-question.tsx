import '../questions.css';
import {
  canSaveService,
  type ExperienceServiceConfig,
  isServiceAnswered,
  RATING_MAX,
  RATING_MIN,
  type ServiceAnswers,
  type ServiceModal,
  type ServicesAction,
  STAR_SIZE,
  type Survey,
  servicesReducer,
} from '@venue-voice/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { ChoiceGroup } from '../../../ui/choice-group';
import { Modal } from '../../../ui/modal';
import { RatingInput } from '../../../ui/rating-input';
import { TextArea } from '../../../ui/text-area';
import { SERVICE_TEXT_MAX } from '../limits';
import type { QuestionProps } from '../question-props';
import { ratingLook, ratingOptions } from '../rating-look';
import { type SavedServices, savedServices, servicesAnswer } from './services-answer';

export interface ServicesQuestionProps {
  survey: Survey;
  legend: string;
  services: readonly ExperienceServiceConfig[];
  /** Saved answers by service id: the run holds them, this list only shows them. */
  answers: SavedServices;
  onAnswers(answers: SavedServices): void;
  disabled?: boolean;
  hint?: string;
}

/**
 * The overall-experience list of services (G2): each opens a modal of its sub-questions. Save is
 * disabled while a required sub-question has no answer or an empty list (G4.59); closing with answers
 * asks Close or Cancel, and Close clears what was typed since opening (G4.58). The rules are the
 * domain's services reducer; this draws it. The saved answers are the caller's, the open modal is ours.
 */
export function ServicesQuestion(props: ServicesQuestionProps) {
  const { survey, legend, services, answers, onAnswers, disabled, hint } = props;
  const { t } = useTranslation('questions');
  const { t: tCore } = useTranslation();
  const hintId = useId();
  const [modal, setModal] = useState<ServiceModal | null>(null);
  const act = (action: ServicesAction) => {
    const next = servicesReducer(services, { answers, modal }, action);
    setModal(next.modal);
    if (next.answers !== answers) onAnswers(next.answers);
  };
  const open = services.find((service) => service.id === modal?.serviceId);
  const draft: ServiceAnswers = modal?.draft ?? {};
  const answered = (id: string) => Object.values(answers[id] ?? {}).some(isServiceAnswered);

  return (
    <fieldset className="services" disabled={disabled} aria-describedby={hint ? hintId : undefined}>
      <legend className="field__label">{legend}</legend>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <ul className="services__list">
        {services.map((service) => (
          <li key={service.id}>
            <button
              type="button"
              className="services__item"
              onClick={() => act({ type: 'open', serviceId: service.id })}
            >
              <span className="services__name">{service.name}</span>
              <span className="services__state">
                {answered(service.id) ? t('services.answered') : t('services.notAnswered')}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {open && modal && (
        <Modal
          open
          title={open.name}
          closeLabel={t('modal.close')}
          onRequestClose={() => act({ type: 'close' })}
          confirmation={
            modal.confirmingClose
              ? {
                  message: tCore('team.closeUnsaved'),
                  confirmLabel: t('modal.close'),
                  cancelLabel: t('modal.cancel'),
                  onConfirm: () => act({ type: 'confirmClose' }),
                  onCancel: () => act({ type: 'cancelClose' }),
                }
              : null
          }
          footer={
            <Button disabled={!canSaveService(open, draft)} onClick={() => act({ type: 'save' })}>
              {t('modal.save')}
            </Button>
          }
        >
          {open.subQuestions.map((sub) => (
            <SubQuestion
              key={sub.id}
              survey={survey}
              sub={sub}
              value={draft[sub.id]}
              hint={sub.required ? t('required') : undefined}
              onChange={(value) => act({ type: 'answer', subQuestionId: sub.id, value })}
            />
          ))}
        </Modal>
      )}
    </fieldset>
  );
}

/** A question whose venue configured a services list (decision 0176): its answer is `extra.services`. */
export function ServicesField({ survey, question, answer, onAnswer, disabled, hint }: QuestionProps) {
  const services = question.services;
  if (!services) return null;
  return (
    <div className="question">
      <ServicesQuestion
        survey={survey}
        legend={question.text}
        services={services}
        answers={savedServices(answer)}
        onAnswers={(saved) => onAnswer(servicesAnswer(services, saved))}
        disabled={disabled}
        hint={hint}
      />
    </div>
  );
}

interface SubQuestionProps {
  survey: Survey;
  sub: ExperienceServiceConfig['subQuestions'][number];
  value: unknown;
  hint?: string;
  onChange(value: unknown): void;
}

function SubQuestion({ survey, sub, value, hint, onChange }: SubQuestionProps) {
  const { t } = useTranslation('questions');
  if (sub.kind === 'rating') {
    return (
      <RatingInput
        legend={sub.label}
        hint={hint}
        look={ratingLook(survey)}
        options={ratingOptions(survey, RATING_MIN, RATING_MAX, t)}
        size={ratingLook(survey) === 'stars' ? STAR_SIZE : undefined}
        value={typeof value === 'number' ? value : null}
        onChange={onChange}
      />
    );
  }
  if (sub.kind === 'choices') {
    return (
      <ChoiceGroup
        legend={sub.label}
        hint={hint}
        multiple
        choices={sub.choices.map((choice) => ({ value: String(choice.id), label: choice.text }))}
        value={Array.isArray(value) ? value.map(String) : []}
        onChange={onChange}
      />
    );
  }
  return (
    <TextArea
      label={sub.label}
      hint={hint}
      maxLength={SERVICE_TEXT_MAX}
      value={typeof value === 'string' ? value : ''}
      onChange={onChange}
    />
  );
}
