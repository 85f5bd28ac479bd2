import {
  type AspectRating,
  type DishAction,
  dishHasFollowUp,
  MenuInsightMode,
  type MenuInsightState,
  menuInsightReducer,
  receiptDishes,
} from '@venue-voice/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuQuery } from '../../../platform/api';
import { useGuestSession } from '../../../shared/session/session-store';
import type { QuestionProps } from '../question-props';
import { CategoryBrowser } from './category-browser';
import { DishDialog } from './dish-dialog';
import { DishList, type DishListProps } from './dish-list';
import { DishRow } from './dish-row';
import { answerOf, type Dish, menuScope, responsesOf } from './dish-state';
import { MenuSearch } from './menu-search';
import { useMenuProducts } from './use-menu';
import '../questions.css';

/**
 * A menu-insight question (G2, G4.40–G4.49): the dishes of the guest's receipt, a menu search and
 * the menu by category; each dish is rated bad, neutral or good, and with follow-ups a dialog asks
 * for reasons and a comment. The rules are the domain's dish reducer; the answer in the run is its
 * responses (`extra.menuInsight`).
 */
export function MenuInsightQuestion({ question, answer, onAnswer, disabled, hint }: QuestionProps) {
  const { t } = useTranslation('questions');
  const config = question.menuInsight;
  const transaction = useGuestSession((session) => session.transaction);
  const [state, setState] = useState<MenuInsightState>(() => ({
    responses: responsesOf(answer),
    dialog: null,
  }));
  // Names of the dishes met so far, for the list of ratings and the dialog's title.
  const [names, setNames] = useState<Record<string, string>>({});
  if (!config) return null;

  const followUps = dishHasFollowUp(config);
  const receipt = receiptDishes(config, transaction);
  const known = { ...Object.fromEntries(receipt.map((dish) => [dish.ref, dish.name])), ...names };
  const act = (action: DishAction) => {
    const next = menuInsightReducer(config, state, action);
    setState(next);
    if (next.responses !== state.responses) onAnswer(answerOf(next.responses));
  };
  const remember = (dish: Dish) => {
    if (known[dish.ref] !== dish.name) setNames((current) => ({ ...current, [dish.ref]: dish.name }));
  };
  const list = {
    responses: state.responses,
    disabled: disabled || state.dialog !== null,
    onRate: (dish: Dish, rating: AspectRating) => {
      remember(dish);
      act({ type: 'rate', ref: dish.ref, rating });
    },
    onDetails: followUps
      ? (dish: Dish) => {
          remember(dish);
          act({ type: 'open', ref: dish.ref });
        }
      : undefined,
  };
  const scope = menuScope(config);
  // Dishes rated from the search or a category stay in view with their ratings.
  const rated = Object.keys(state.responses)
    .filter((ref) => !receipt.some((dish) => dish.ref === ref))
    .map((ref) => ({ ref, name: known[ref] ?? ref }));

  const rows = (dishes: Dish[]) =>
    dishes.map((dish) => (
      <DishRow
        key={dish.ref}
        dish={dish}
        response={state.responses[dish.ref]}
        disabled={list.disabled}
        onRate={(rating) => list.onRate(dish, rating)}
        onDetails={list.onDetails ? () => list.onDetails?.(dish) : undefined}
      />
    ));

  return (
    <fieldset className="menu" disabled={disabled}>
      <legend className="field__label">{question.text}</legend>
      {hint && <p className="field__hint">{hint}</p>}
      {receipt.length > 0 && (
        <>
          <h2 className="menu__heading">{t('menu.receipt')}</h2>
          <ul className="menu__list menu__list--static">{rows(receipt)}</ul>
        </>
      )}
      {rated.length > 0 && (
        <>
          <h2 className="menu__heading">{t('menu.yourRatings')}</h2>
          <ul className="menu__list menu__list--static">{rows(rated)}</ul>
        </>
      )}
      <MenuSearch scope={scope} {...list} />
      {config.mode === MenuInsightMode.TYPE ? (
        <CategoryBrowser scope={scope} {...list} />
      ) : (
        <GroupDishes scope={scope} {...list} />
      )}
      {state.dialog && (
        <DishDialog
          config={config}
          state={state}
          name={known[state.dialog.ref] ?? state.dialog.ref}
          act={act}
        />
      )}
    </fieldset>
  );
}

/** A question about one family or major group lists that group's dishes, 25 a page (G9.1). */
function GroupDishes({ scope, ...list }: Omit<DishListProps, 'pages' | 'label'> & { scope: MenuQuery }) {
  const { t } = useTranslation('questions');
  const pages = useMenuProducts(scope, true);
  return (
    <>
      <h2 className="menu__heading">{t('menu.browse')}</h2>
      <DishList pages={pages} label={t('menu.browse')} {...list} />
    </>
  );
}
