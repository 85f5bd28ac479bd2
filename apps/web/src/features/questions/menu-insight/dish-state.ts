import {
  type DishResponse,
  type MenuInsightConfig,
  MenuInsightMode,
  type QuestionAnswer,
  type ReceiptDish,
} from '@venue-voice/domain';
import type { MenuQuery } from '../../../platform/api';

/** A dish the guest can rate: its menu ref and name (the receipt's are the domain's `receiptDishes`, O15.46). */
export type Dish = ReceiptDish;

/** The question's dish responses from its answer (G3: `extra.menuInsight`), keyed by ref. */
export const responsesOf = (answer: QuestionAnswer | undefined): Record<string, DishResponse> =>
  Object.fromEntries((answer?.extra?.menuInsight ?? []).map((dish) => [dish.ref, dish]));

/** The answer of the dish responses; none rated is no answer. */
export function answerOf(responses: Readonly<Record<string, DishResponse>>): QuestionAnswer {
  const dishes = Object.values(responses);
  return dishes.length === 0 ? {} : { extra: { menuInsight: dishes } };
}

/** The part of the menu the question covers (G3 menu-insight mode: a type, a family or a major group). */
export function menuScope(
  config: MenuInsightConfig,
): Pick<MenuQuery, 'type' | 'familyGroupRef' | 'majorGroupRef'> {
  const type = config.menuType ?? undefined;
  if (config.mode === MenuInsightMode.FAMILY_GROUP && config.menuFamilyGroupRef) {
    return { type, familyGroupRef: config.menuFamilyGroupRef };
  }
  if (config.mode === MenuInsightMode.MAJOR_GROUP && config.menuMajorGroupRef) {
    return { type, majorGroupRef: config.menuMajorGroupRef };
  }
  return { type };
}
