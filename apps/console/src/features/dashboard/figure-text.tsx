import { Text } from '@mantine/core';
import { enoughResponses, figureChange } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../platform/i18n';

/** A figure's kind: NPS is whole (−100…100), CSAT and averages one decimal. */
export type FigureKind = 'nps' | 'mean' | 'count';

export function formatFigure(value: number, kind: FigureKind): string {
  const digits = kind === 'mean' ? 1 : 0;
  return new Intl.NumberFormat(currentLocale(), {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/**
 * A figure as words and number: "No answers" when there is none, and (O5.5) the number of answers beside
 * any figure from fewer than 5 of them, so a small sample is never read as a firm one.
 */
export function useFigureText() {
  const { t } = useTranslation();
  return (value: number | null, count: number, kind: FigureKind): string => {
    if (value === null || (kind !== 'count' && count === 0)) return t('dashboard.noAnswers');
    const text = formatFigure(value, kind);
    return kind === 'count' || enoughResponses(count)
      ? text
      : t('dashboard.lowSample', { value: text, count });
  };
}

/** "up 12", "down 0.3", "unchanged", or nothing when either period has no figure (O5.14). */
export function useChangeText() {
  const { t } = useTranslation();
  return (now: number | null, before: number | null, kind: FigureKind): string | null => {
    const change = figureChange(now, before);
    if (change === null) return null;
    if (change === 0) return t('dashboard.unchanged');
    const amount = formatFigure(Math.abs(change), kind);
    return change > 0 ? t('dashboard.up', { amount }) : t('dashboard.down', { amount });
  };
}

/** The period before's figure and the change, as one dimmed line ("Period before: 26 · up 12"). */
export function BeforeLine({
  now,
  before,
  beforeCount,
  kind,
}: {
  now: number | null;
  before: number | null;
  beforeCount: number;
  kind: FigureKind;
}) {
  const { t } = useTranslation();
  const figure = useFigureText();
  const change = useChangeText()(now, before, kind);
  return (
    <Text size="sm" c="dimmed">
      {t('dashboard.before', { value: figure(before, beforeCount, kind) })}
      {change && ` · ${change}`}
    </Text>
  );
}
