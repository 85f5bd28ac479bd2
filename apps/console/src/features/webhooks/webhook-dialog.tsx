import { Alert, Button, Checkbox, Code, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WEBHOOK_EVENTS, type WebhookEvent } from '@venue-voice/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldFaults } from '../../platform/failures';
import { CopyTextButton } from '../../ui/copy-text-button';
import { failureText } from '../../ui/failure-text';
import { applyFieldFaults, faultText } from '../../ui/field-faults';
import { webhooksApi } from './webhooks-api';

/**
 * Adds a webhook: its URL and events; then shows the signing secret, the one time it can be read
 * (the server keeps it to sign, and never answers it again).
 */
export function WebhookDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm({
    initialValues: { url: '', events: [...WEBHOOK_EVENTS] as string[] },
    validate: {
      url: (value) => (value.trim() ? null : t('form.required')),
      events: (value) => (value.length > 0 ? null : t('webhooks.eventsRequired')),
    },
  });
  const create = useMutation({
    mutationFn: (values: typeof form.values) =>
      webhooksApi.create({ url: values.url.trim(), events: values.events as WebhookEvent[] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['webhooks'] }),
    onError: (error) => {
      const rest = applyFieldFaults(error, Object.keys(form.values), form.setFieldError, t);
      setProblem(
        rest[0] ? faultText(rest[0], t) : fieldFaults(error).length > 0 ? null : failureText(error, t),
      );
    },
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('webhooks.addTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {create.data ? (
        <Stack gap="md">
          <Alert color="yellow" title={t('webhooks.secretTitle')}>
            {t('webhooks.secretOnce')}
          </Alert>
          <Code block aria-label={t('webhooks.secret')}>
            {create.data.secret}
          </Code>
          <Group justify="space-between">
            <CopyTextButton value={create.data.secret} label={t('webhooks.copySecret')} />
            <Button onClick={onClose}>{t('webhooks.done')}</Button>
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
              label={t('webhooks.url')}
              description={t('webhooks.urlHint')}
              placeholder="https://"
              type="url"
              required
              data-autofocus
              {...form.getInputProps('url')}
            />
            <Checkbox.Group label={t('webhooks.events')} required {...form.getInputProps('events')}>
              <Stack gap="xs" mt="xs">
                {WEBHOOK_EVENTS.map((event) => (
                  <Checkbox
                    key={event}
                    value={event}
                    label={t(`webhooks.eventNames.${event.replace('.', '_')}`)}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
            <Text size="sm" c="dimmed">
              {t('webhooks.signingHint')}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t('webhooks.add')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
