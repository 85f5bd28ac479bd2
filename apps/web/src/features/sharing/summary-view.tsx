import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { SummaryItem } from './summary-items';

/** An item's heading: what was rated or asked; "Thanks to Sam" or "About the team" for the staff answer. */
function labelOf(item: SummaryItem, t: TFunction<'sharing'>): string {
  if (item.type === 'staff')
    return item.label ? t('summary.thanked', { name: item.label }) : t('summary.staff');
  return item.label ?? '';
}

/** The summary as lines of plain text, for sharing when the guest wrote no review text. */
export function summaryText(items: readonly SummaryItem[], t: TFunction<'sharing'>): string {
  return items
    .map((item) => {
      const label = labelOf(item, t);
      if (item.score) return t('summary.scoreLine', { label, value: item.score.value, max: item.score.max });
      return item.text ? t('summary.textLine', { label, text: item.text }) : label;
    })
    .join('\n');
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
