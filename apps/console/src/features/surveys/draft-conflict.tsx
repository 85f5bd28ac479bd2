import { Alert, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../ui/confirm-action';

/**
 * A change refused because the draft changed elsewhere (409 10035, O15.53): says so, keeps the edits on
 * screen, and offers the two ways out. Each loses someone's work, so each asks first (docs/design.md).
 */
export function DraftConflict({
  busy,
  onReload,
  onOverwrite,
}: {
  busy: boolean;
  onReload(): void;
  onOverwrite(): void;
}) {
  const { t } = useTranslation();
  return (
    <Alert color="orange" role="alert" title={t('surveyEditor.conflict.title')}>
      <Text size="sm" mb="sm">
        {t('surveyEditor.conflict.text')}
      </Text>
      <Group gap="xs">
        <ConfirmAction
          variant="default"
          danger
          disabled={busy}
          title={t('surveyEditor.conflict.reloadTitle')}
          text={t('surveyEditor.conflict.reloadText')}
          confirm={t('surveyEditor.conflict.reload')}
          onConfirm={onReload}
        >
          {t('surveyEditor.conflict.reload')}
        </ConfirmAction>
        <ConfirmAction
          variant="default"
          danger
          disabled={busy}
          title={t('surveyEditor.conflict.overwriteTitle')}
          text={t('surveyEditor.conflict.overwriteText')}
          confirm={t('surveyEditor.conflict.overwrite')}
          onConfirm={onOverwrite}
        >
          {t('surveyEditor.conflict.overwrite')}
        </ConfirmAction>
      </Group>
    </Alert>
  );
}
