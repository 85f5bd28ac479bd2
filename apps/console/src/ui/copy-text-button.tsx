import { Button, CopyButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A button that copies `value` and says so ("Copied") until the copy's feedback ends. */
export function CopyTextButton({ value, label, size }: { value: string; label: string; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button variant="default" size={size} onClick={copy}>
          {copied ? t('common.copied') : label}
        </Button>
      )}
    </CopyButton>
  );
}
