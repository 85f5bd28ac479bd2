import {
  canFinishDish,
  type DishAction,
  type MenuInsightConfig,
  type MenuInsightState,
  offeredReasons,
  visibleSubQuestions,
} from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { ChoiceGroup } from '../../../ui/choice-group';
import { Modal } from '../../../ui/modal';
import { TextArea } from '../../../ui/text-area';
import { DISH_RATINGS } from './dish-row';

/** The comment's limit in the answer payload (extra.menuInsight comment: 2000 characters). */
const DISH_COMMENT_MAX = 2000;

export interface DishDialogProps {
  config: MenuInsightConfig;
  state: MenuInsightState;
  name: string;
  act(action: DishAction): void;
}

/**
 * A dish's dialog (G2): its rating, the sub-questions its rating shows (reasons, a 4-row comment,
 * G4.45–G4.46), Done once the dish is rated (G4.44, G4.47) and Clear (G4.43); closing with unsaved
 * sub-answers asks first (G4.48). A rating changed here applies at once (G4.49).
 */
export function DishDialog({ config, state, name, act }: DishDialogProps) {
  const { t } = useTranslation('questions');
  const { t: tCore } = useTranslation();
  const dialog = state.dialog;
  if (!dialog) return null;
  const rating = state.responses[dialog.ref]?.aspectRatingId ?? null;
  const reasons = offeredReasons(config, rating);
  return (
    <Modal
      open
      title={name}
      closeLabel={t('modal.close')}
      onRequestClose={() => act({ type: 'close' })}
      confirmation={
        dialog.confirmingClose
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
        <>
          <Button variant="secondary" onClick={() => act({ type: 'clear' })}>
            {t('modal.clear')}
          </Button>
          <Button disabled={!canFinishDish(state)} onClick={() => act({ type: 'done' })}>
            {t('modal.done')}
          </Button>
        </>
      }
    >
      <ChoiceGroup
        legend={t('menu.yourRating')}
        choices={DISH_RATINGS.map((r) => ({ value: String(r.value), label: t(`menu.rating.${r.key}`) }))}
        value={rating === null ? [] : [String(rating)]}
        onChange={([value]) => {
          const chosen = DISH_RATINGS.find((r) => String(r.value) === value);
          if (chosen) act({ type: 'rate', ref: dialog.ref, rating: chosen.value });
        }}
      />
      {visibleSubQuestions(config, rating).map((sub) =>
        sub.type === 'reasons' ? (
          reasons.length > 0 && (
            <ChoiceGroup
              key={sub.id}
              legend={sub.label}
              multiple
              choices={reasons.map((reason) => ({ value: String(reason.id), label: reason.text }))}
              value={dialog.draft.reasons.map(String)}
              onChange={(values) => {
                const before = new Set(dialog.draft.reasons.map(String));
                const changed =
                  values.find((v) => !before.has(v)) ?? [...before].find((v) => !values.includes(v));
                if (changed !== undefined) act({ type: 'toggleReason', reasonId: Number(changed) });
              }}
            />
          )
        ) : (
          <TextArea
            key={sub.id}
            label={sub.label}
            // G4.47: "required" is a marker only; Done needs just the rating.
            hint={sub.required ? t('required') : undefined}
            maxLength={DISH_COMMENT_MAX}
            value={dialog.draft.comment}
            onChange={(comment) => act({ type: 'setComment', comment })}
          />
        ),
      )}
    </Modal>
  );
}
