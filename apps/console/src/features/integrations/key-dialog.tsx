import { Alert, Button, Checkbox, Code, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checkIntegrationKey, INTEGRATION_SCOPES } from '@venue-voice/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldFaults } from '../../platform/failures';
import { CopyTextButton } from '../../ui/copy-text-button';
import { failureText } from '../../ui/failure-text';
import { applyFieldFaults, faultText } from '../../ui/field-faults';
import { integrationsApi, scopeText } from './integrations-api';

/**
 * Makes a key (O11.1–O11.2 checked here first, as the server does), then shows it this once with a copy
 * button: only its hash is stored, so nobody can show it again.
 */
export function KeyDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm({
    initialValues: { name: '', scopes: [] as string[] },
    validate: (values) => {
      const checked = checkIntegrationKey(values);
      if (!('faults' in checked)) return {};
      return Object.fromEntries(Object.entries(checked.faults).map(([field, key]) => [field, t(key)]));
    },
  });
  const create = useMutation({
    mutationFn: (values: typeof form.values) => integrationsApi.create(values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['integration-keys'] }),
    onError: (error) => {
      const rest = applyFieldFaults(error, Object.keys(form.values), form.setFieldError, t);
      setProblem(
        rest[0] ? faultText(rest[0], t) : fieldFaults(error).length > 0 ? null : failureText(error, t),
      );
    },
  });
  const made = create.data;

  return (
    <Modal
      opened
      onClose={onClose}
      title={made ? t('integrations.createdTitle') : t('integrations.createTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      size="lg"
    >
      {made ? (
        <Stack gap="md">
          <Alert color="orange" title={t('integrations.onceTitle')} role="status">
            {t('integrations.once')}
          </Alert>
          <Group gap="sm" wrap="nowrap" align="center">
            <Code fz="sm" aria-label={t('integrations.theKey')} style={{ wordBreak: 'break-all' }}>
              {made.key}
            </Code>
            <CopyTextButton value={made.key} label={t('common.copy')} size="xs" />
          </Group>
          <Text size="sm">{t('integrations.useIt')}</Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('integrations.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={form.onSubmit((values) => {
            setProblem(null);
            create.mutate(values);
          })}
        >
          <Stack gap="md">
            {problem && (
              <Alert color="red" role="alert">
                {problem}
              </Alert>
            )}
            <TextInput
              label={t('integrations.name')}
              description={t('integrations.nameHint')}
              required
              data-autofocus
              {...form.getInputProps('name')}
            />
            <Checkbox.Group label={t('integrations.scopes')} required {...form.getInputProps('scopes')}>
              <Stack gap="xs" mt="xs">
                {INTEGRATION_SCOPES.map((scope) => (
                  <Checkbox key={scope} value={scope} label={t(scopeText(scope))} description={scope} />
                ))}
              </Stack>
            </Checkbox.Group>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t('integrations.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
