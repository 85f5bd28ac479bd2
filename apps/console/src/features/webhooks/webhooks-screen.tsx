import { Badge, Button, Group, Paper, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../ui/confirm-action';
import { failureText } from '../../ui/failure-text';
import { Page } from '../../ui/page';
import { QueryView } from '../../ui/query-view';
import { DeliveryLog } from './delivery-log';
import { WebhookDialog } from './webhook-dialog';
import { type Webhook, webhooksApi } from './webhooks-api';

/** The company's webhooks (the owner's, O1.3): add, enable or disable, send a test, read the log, delete. */
export function WebhooksScreen() {
  const { t } = useTranslation();
  const webhooks = useQuery({ queryKey: ['webhooks'], queryFn: webhooksApi.list });
  const [adding, setAdding] = useState(false);
  const [reading, setReading] = useState<Webhook | null>(null);
  return (
    <Page
      title={t('webhooks.title')}
      actions={<Button onClick={() => setAdding(true)}>{t('webhooks.add')}</Button>}
    >
      <Text c="dimmed">{t('webhooks.intro')}</Text>
      <QueryView query={webhooks}>
        {({ items }) =>
          items.length === 0 ? (
            <Text>{t('webhooks.none')}</Text>
          ) : (
            <Paper className="console-card" p="md">
              <Table.ScrollContainer minWidth={820}>
                <Table verticalSpacing="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('webhooks.url')}</Table.Th>
                      <Table.Th>{t('webhooks.events')}</Table.Th>
                      <Table.Th>{t('webhooks.col.state')}</Table.Th>
                      <Table.Th>{t('webhooks.queue')}</Table.Th>
                      <Table.Th>{t('common.actions')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {items.map((webhook) => (
                      <WebhookRow key={webhook.id} webhook={webhook} onLog={() => setReading(webhook)} />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          )
        }
      </QueryView>
      {adding && <WebhookDialog onClose={() => setAdding(false)} />}
      {reading && <DeliveryLog webhook={reading} onClose={() => setReading(null)} />}
    </Page>
  );
}

function WebhookRow({ webhook, onLog }: { webhook: Webhook; onLog(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = (message: string) => async () => {
    notifications.show({ color: 'green', message });
    await queryClient.invalidateQueries({ queryKey: ['webhooks'] });
  };
  const toggle = useMutation({
    mutationFn: () => webhooksApi.update(webhook.id, { active: !webhook.active }),
    onSuccess: refresh(webhook.active ? t('webhooks.disabled') : t('webhooks.enabled')),
  });
  const test = useMutation({
    mutationFn: () => webhooksApi.test(webhook.id),
    onSuccess: refresh(t('webhooks.testQueued')),
  });
  const remove = useMutation({
    mutationFn: () => webhooksApi.remove(webhook.id),
    onSuccess: refresh(t('webhooks.deleted')),
  });
  const failure = toggle.error ?? test.error ?? remove.error;
  const named = { url: webhook.url };
  return (
    <Table.Tr>
      <Table.Td style={{ wordBreak: 'break-all' }}>{webhook.url}</Table.Td>
      <Table.Td>
        {webhook.events.map((event) => t(`webhooks.eventNames.${event.replace('.', '_')}`)).join(', ')}
      </Table.Td>
      <Table.Td>
        <Badge variant="outline" color={webhook.active ? 'green.9' : 'gray.7'}>
          {webhook.active ? t('webhooks.active') : t('webhooks.inactive')}
        </Badge>
      </Table.Td>
      <Table.Td>{t('webhooks.queueCounts', { pending: webhook.pending, failed: webhook.failed })}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="default" onClick={onLog} aria-label={t('webhooks.logOf', named)}>
            {t('webhooks.log')}
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={!webhook.active}
            loading={test.isPending}
            onClick={() => test.mutate()}
            aria-label={t('webhooks.testOf', named)}
          >
            {t('webhooks.test')}
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={toggle.isPending}
            onClick={() => toggle.mutate()}
            aria-label={t(webhook.active ? 'webhooks.disableOf' : 'webhooks.enableOf', named)}
          >
            {webhook.active ? t('webhooks.disable') : t('webhooks.enable')}
          </Button>
          <ConfirmAction
            size="xs"
            variant="default"
            color="red.8"
            label={t('webhooks.deleteOf', named)}
            title={t('webhooks.deleteTitle')}
            text={t('webhooks.deleteText', named)}
            confirm={t('common.delete')}
            danger
            loading={remove.isPending}
            onConfirm={() => remove.mutate()}
          >
            {t('common.delete')}
          </ConfirmAction>
        </Group>
        {failure && (
          <Text c="red.8" size="sm" role="alert" mt="xs">
            {failureText(failure, t)}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
