import { Box, Group, Text } from '@mantine/core';
import type { DishShares } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';

const COLOURS = {
  good: 'var(--mantine-color-teal-7)',
  neutral: 'var(--mantine-color-gray-5)',
  bad: 'var(--mantine-color-red-7)',
};
const PARTS = ['good', 'neutral', 'bad'] as const;

/**
 * Good, neutral and bad shares as one stacked bar, with the numbers written beside it: the bar is
 * drawn for the eye and hidden from screen readers, which read the numbers (O5.9).
 */
export function RatingBar({
  shares,
  counts,
}: {
  shares: DishShares;
  counts: Record<(typeof PARTS)[number], number>;
}) {
  const { t } = useTranslation();
  if (shares.good === null) return <Text c="dimmed">{t('dishes.noRatings')}</Text>;
  return (
    <Group gap="sm" wrap="nowrap">
      <Box
        aria-hidden
        w={120}
        h={12}
        style={{ display: 'flex', borderRadius: 4, overflow: 'hidden', flexShrink: 0 }}
      >
        {PARTS.map((part) => (
          <Box key={part} h="100%" style={{ width: `${shares[part] ?? 0}%`, background: COLOURS[part] }} />
        ))}
      </Box>
      <Text size="sm">
        {PARTS.map((part) => t(`dishes.share.${part}`, { share: shares[part], count: counts[part] })).join(
          ' · ',
        )}
      </Text>
    </Group>
  );
}
