import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * Unsaved changes are not lost by a click elsewhere: leaving the editor (another screen, its Translations
 * or Preview, which read the saved draft) asks first, and closing the tab gets the browser's warning.
 */
export function LeaveGuard({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={t('surveyEditor.leave.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Text mb="lg">{t('surveyEditor.leave.text')}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => blocker.reset?.()}>
          {t('surveyEditor.leave.stay')}
        </Button>
        <Button color="red.8" onClick={() => blocker.proceed?.()}>
          {t('surveyEditor.leave.leave')}
        </Button>
      </Group>
    </Modal>
  );
}
