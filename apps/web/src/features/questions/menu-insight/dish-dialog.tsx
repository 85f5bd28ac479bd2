import {
  canFinishDish,
  type DishAction,
  type MenuInsightConfig,
  type MenuInsightState,
  type OfferedReasonSection,
  offeredReasonSections,
  visibleSubQuestions,
} from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { ChoiceGroup } from '../../../ui/choice-group';
import { TextArea } from '../../../ui/text-area';
import { FollowUpModal, toggledValue } from '../follow-up-modal';
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
 * A dish's dialog (G2): its rating, the sub-questions its rating shows (reasons under their sections'
 * titles, a 4-row comment, G4.45–G4.46), Done once the dish is rated (G4.44, G4.47) and Clear (G4.43); closing with unsaved
 * sub-answers asks first (G4.48). A rating changed here applies at once (G4.49).
 */
export function DishDialog({ config, state, name, act }: DishDialogProps) {
  const { t } = useTranslation('questions');
  const dialog = state.dialog;
  if (!dialog) return null;
  const rating = state.responses[dialog.ref]?.aspectRatingId ?? null;
  const sections = offeredReasonSections(config, rating);
  return (
    <FollowUpModal
      title={name}
      confirmingClose={dialog.confirmingClose}
      canFinish={canFinishDish(state)}
      act={act}
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
          sections.length > 0 && (
            <ReasonSections
              key={sub.id}
              label={sub.label}
              sections={sections}
              ticked={dialog.draft.reasons}
              onToggle={(reasonId) => act({ type: 'toggleReason', reasonId })}
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
    </FollowUpModal>
  );
}

interface ReasonSectionsProps {
  label: string;
  sections: readonly OfferedReasonSection[];
  ticked: readonly number[];
  onToggle(reasonId: number): void;
}

/**
 * The reasons sub-question: its label over one group of check boxes per reason section, each named by
 * the section's title ("What was wrong?"), so the guest reads what the venue asks about those reasons.
 */
function ReasonSections({ label, sections, ticked, onToggle }: ReasonSectionsProps) {
  return (
    <fieldset className="question--group dish__reasons">
      <legend className="field__label">{label}</legend>
      {sections.map((section) => {
        const checked = section.reasons
          .filter((reason) => ticked.includes(reason.id))
          .map((reason) => String(reason.id));
        return (
          <ChoiceGroup
            key={section.title}
            legend={section.title}
            multiple
            choices={section.reasons.map((reason) => ({ value: String(reason.id), label: reason.text }))}
            value={checked}
            onChange={(values) => {
              const changed = toggledValue(checked, values);
              if (changed !== undefined) onToggle(Number(changed));
            }}
          />
        );
      })}
    </fieldset>
  );
}
