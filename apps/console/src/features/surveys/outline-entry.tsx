import { Badge, NavLink, Text, VisuallyHidden } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Part } from './editor-faults';

/** One entry of the editor's outline: a part or a question, with its count of faults. */
export const Entry = memo(function Entry({
  part,
  label,
  active,
  faults,
  onSelect,
}: {
  part: Part;
  label: string;
  active: boolean;
  faults: number;
  onSelect(part: Part): void;
}) {
  const { t } = useTranslation();
  return (
    <NavLink
      component="button"
      type="button"
      label={
        <Text size="sm" lineClamp={1}>
          {label}
        </Text>
      }
      active={active}
      aria-current={active ? 'true' : undefined}
      onClick={() => onSelect(part)}
      rightSection={
        faults > 0 ? (
          <>
            <Badge color="red.9" size="sm" circle aria-hidden>
              {faults}
            </Badge>
            <VisuallyHidden>{t('surveyEditor.outline.faults', { count: faults })}</VisuallyHidden>
          </>
        ) : null
      }
    />
  );
});
