import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { SummaryItem } from './summary-items';

/** An item's heading: what was rated or asked; "Thanks to Sam" or "About the team" for the staff answer. */
function labelOf(item: SummaryItem, t: TFunction<'sharing'>): string {
  if (item.type === 'staff')
    return item.label ? t('summary.thanked', { name: item.label }) : t('summary.staff');
  return item.label ?? '';
}

// A label that already ends a sentence ("Was this your first visit?") takes no colon after it: "?:" doubles.
const ENDS_SENTENCE = /[.!?:…]$/u;

/** One item as a line of plain text: "Food: 4 out of 5", "Was this your first visit? Yes, “…”". */
function lineOf(item: SummaryItem, t: TFunction<'sharing'>): string {
  const label = labelOf(item, t);
  const asked = ENDS_SENTENCE.test(label) ? 'Asked' : '';
  if (item.score)
    return t(`summary.scoreLine${asked}`, { label, value: item.score.value, max: item.score.max });
  if (!item.text) return label;
  if (item.answer)
    return t(`summary.answerLine${asked}`, { label, answer: t(`summary.${item.answer}`), text: item.text });
  return t(`summary.textLine${asked}`, { label, text: item.text });
}

/** The summary as lines of plain text, for sharing when the guest wrote no review text. */
export function summaryText(items: readonly SummaryItem[], t: TFunction<'sharing'>): string {
  return items.map((item) => lineOf(item, t)).join('\n');
}

/** The sharing summary (G2): each item's heading with its score and, unless compact, the guest's words. */
export function SummaryView({ items }: { items: readonly SummaryItem[] }) {
  const { t } = useTranslation('sharing');
  if (items.length === 0) return <p>{t('summary.empty')}</p>;
  return (
    <ul className="sharing__summary">
      {items.map((item, index) => (
        // Items have no id of their own; the list is fixed for the screen's life.
        // biome-ignore lint/suspicious/noArrayIndexKey: a static list, never reordered.
        <li key={index} className={`sharing__item sharing__item--${item.type}`}>
          {(item.type !== 'comments' || item.label) && (
            <span className="sharing__label">{labelOf(item, t)}</span>
          )}
          {item.answer && <span className="sharing__answer">{t(`summary.${item.answer}`)}</span>}
          {item.score && (
            <span className="sharing__score">
              {t('summary.score', { value: item.score.value, max: item.score.max })}
            </span>
          )}
          {item.text && <q className="sharing__quote">{item.text}</q>}
        </li>
      ))}
    </ul>
  );
}
