import '../questions.css';
import {
  canSaveService,
  type ExperienceService,
  isServiceAnswered,
  type ServiceAnswers,
  type ServicesAction,
  type ServicesState,
  servicesReducer,
} from '@venue-voice/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { ChoiceGroup } from '../../../ui/choice-group';
import { Modal } from '../../../ui/modal';
import { RatingInput } from '../../../ui/rating-input';
import { TextArea } from '../../../ui/text-area';
import { ANSWER_TEXT_MAX } from '../limits';

/** A sub-question as the modal shows it: a 1–5 rating, a text box, or choices. */
export type ServiceSubQuestionView = ExperienceService['subQuestions'][number] & {
  label: string;
  kind: 'rating' | 'text' | 'choices';
  choices?: { value: string; label: string }[];
};

/** A service of the overall-experience list ("Food", "Drinks", …) and its sub-questions. */
export interface ServiceView extends ExperienceService {
  name: string;
  subQuestions: ServiceSubQuestionView[];
}

export interface ServicesQuestionProps {
  legend: string;
  services: readonly ServiceView[];
  /** Saved answers by service id. */
  answers: ServicesState['answers'];
  onAnswers(answers: ServicesState['answers']): void;
}

const RATING_VALUES = [1, 2, 3, 4, 5];

/**
 * The overall-experience list of services (G2): each opens a modal of its sub-questions. Save is
 * disabled while a required sub-question has no answer or an empty list (G4.59); closing with answers
 * asks Close or Cancel, and Close clears what was typed since opening (G4.58). The rules are the
 * domain's services reducer; this draws it.
 */
export function ServicesQuestion({ legend, services, answers, onAnswers }: ServicesQuestionProps) {
  const { t } = useTranslation('questions');
  const { t: tCore } = useTranslation();
  const [state, setState] = useState<ServicesState>({ answers, modal: null });
  const act = (action: ServicesAction) => {
    const next = servicesReducer(services, state, action);
    setState(next);
    if (next.answers !== state.answers) onAnswers(next.answers);
  };
  const open = services.find((service) => service.id === state.modal?.serviceId);
  const draft: ServiceAnswers = state.modal?.draft ?? {};
  const answeredCount = (id: string) =>
    Object.values(state.answers[id] ?? {}).filter(isServiceAnswered).length;

  return (
    <fieldset className="services">
      <legend className="field__label">{legend}</legend>
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
                {answeredCount(service.id) > 0 ? t('services.answered') : t('services.notAnswered')}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {open && state.modal && (
        <Modal
          open
          title={open.name}
          closeLabel={t('modal.close')}
          onRequestClose={() => act({ type: 'close' })}
          confirmation={
            state.modal.confirmingClose
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

interface SubQuestionProps {
  sub: ServiceSubQuestionView;
  value: unknown;
  hint?: string;
  onChange(value: unknown): void;
}

function SubQuestion({ sub, value, hint, onChange }: SubQuestionProps) {
  const { t } = useTranslation('questions');
  if (sub.kind === 'rating') {
    return (
      <RatingInput
        legend={sub.label}
        hint={hint}
        look="emoji"
        options={RATING_VALUES.map((v) => ({ value: v, label: t('rating.outOf', { value: v, max: 5 }) }))}
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
        choices={sub.choices ?? []}
        value={Array.isArray(value) ? value.map(String) : []}
        onChange={onChange}
      />
    );
  }
  return (
    <TextArea
      label={sub.label}
      hint={hint}
      maxLength={ANSWER_TEXT_MAX}
      value={typeof value === 'string' ? value : ''}
      onChange={onChange}
    />
  );
}
