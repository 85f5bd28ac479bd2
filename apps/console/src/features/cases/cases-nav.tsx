import { Badge, Group } from '@mantine/core';
import type { CaseCounts } from '@venue-voice/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../platform/i18n';
import { useCaseCounts } from './use-case-counts';

/** What the navigation's Cases item adds to its link: its accessible name and the counts beside it. */
export interface CasesNavExtras {
  'aria-label'?: string;
  rightSection?: ReactNode;
}

/**
 * The Cases item's counts (decision 0267): the open ones in a navy badge, and when some are overdue a
 * red one that says so in words (colour is never the only sign). The link's name says both ("Cases,
 * 3 open, 1 overdue"): the badges alone would read "Cases 3". Nothing when none wait, or while the
 * count is unknown (a failed count hides the badge rather than the item).
 */
export function useCasesNav(): CasesNavExtras {
  const { t } = useTranslation();
  const counts: CaseCounts | undefined = useCaseCounts().data;
  if (!counts || counts.unresolved === 0) return {};
  const overdue = counts.overdue > 0 ? t('nav.overdueCount', { count: counts.overdue }) : null;
  return {
    // The item's name first (the visible label starts the spoken one), then its counts.
    'aria-label': [t('nav.cases'), t('nav.openCount', { count: counts.unresolved }), overdue]
      .filter(Boolean)
      .join(', '),
    rightSection: (
      <Group gap={4} wrap="nowrap" aria-hidden>
        <Badge color="navy.7" variant="filled" size="md">
          {new Intl.NumberFormat(currentLocale()).format(counts.unresolved)}
        </Badge>
        {overdue && (
          <Badge color="red.9" variant="filled" size="md">
            {overdue}
          </Badge>
        )}
      </Group>
    ),
  };
}
