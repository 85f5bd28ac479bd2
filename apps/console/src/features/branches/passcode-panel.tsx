import { Alert, Button, Code, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../ui/confirm-action';
import { failureText } from '../../ui/failure-text';
import { branchesApi } from './branches-api';

/**
 * A new device passcode for the branch: shown once, here, and never again (the server keeps it sealed);
 * tablets already registered keep working, new ones need the new passcode.
 */
export function PasscodePanel({ branchId }: { branchId: number }) {
  const { t } = useTranslation();
  const rotate = useMutation({ mutationFn: () => branchesApi.rotatePasscode(branchId) });
  return (
    <Paper className="console-card" p="xl">
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('passcode.title')}
        </Title>
        <Text>{t('passcode.text')}</Text>
        {rotate.data && (
          <Alert color="navy" title={t('passcode.newTitle')} role="status">
            <Stack gap="xs">
              <Group gap="sm">
                <Code fz="xl" fw={600} data-testid="new-passcode">
                  {rotate.data.passcode}
                </Code>
                <CopyButton value={rotate.data.passcode}>
                  {({ copied, copy }) => (
                    <Button variant="default" size="xs" onClick={copy}>
                      {copied ? t('common.copied') : t('common.copy')}
                    </Button>
                  )}
                </CopyButton>
              </Group>
              <Text size="sm">{t('passcode.once')}</Text>
            </Stack>
          </Alert>
        )}
        {rotate.error && (
          <Alert color="red" role="alert">
            {failureText(rotate.error, t)}
          </Alert>
        )}
        <Group>
          <ConfirmAction
            variant="default"
            loading={rotate.isPending}
            title={t('passcode.confirmTitle')}
            text={t('passcode.confirmText')}
            confirm={t('passcode.rotate')}
            onConfirm={() => rotate.mutate()}
          >
            {t('passcode.rotate')}
          </ConfirmAction>
        </Group>
      </Stack>
    </Paper>
  );
}
