import { Badge, Button, Code, Modal, Stack, Table, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoment } from '../../ui/dates';
import { failureText } from '../../ui/failure-text';
import { QueryView } from '../../ui/query-view';
import { type Webhook, type WebhookDelivery, webhooksApi } from './webhooks-api';

const STATE_COLOURS = { pending: 'orange.9', delivered: 'green.9', failed: 'red.8' } as const;

/** One webhook's delivery log, newest first, a page at a time: each event, its state and its last attempt. */
export function DeliveryLog({ webhook, onClose }: { webhook: Webhook; onClose(): void }) {
  const { t } = useTranslation();
  const log = useInfiniteQuery({
    queryKey: ['webhooks', webhook.id, 'deliveries'],
    queryFn: ({ pageParam }) => webhooksApi.deliveries(webhook.id, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={t('webhooks.logTitle', { url: webhook.url })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <QueryView query={log}>
        {(data) => {
          const items = data.pages.flatMap((page) => page.items);
          if (items.length === 0) return <Text>{t('webhooks.logEmpty')}</Text>;
          return (
            <Stack gap="md">
              <Table.ScrollContainer minWidth={900}>
                <Table verticalSpacing="xs" striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('webhooks.col.time')}</Table.Th>
                      <Table.Th>{t('webhooks.col.event')}</Table.Th>
                      <Table.Th>{t('webhooks.col.state')}</Table.Th>
                      <Table.Th>{t('webhooks.col.attempts')}</Table.Th>
                      <Table.Th>{t('webhooks.col.status')}</Table.Th>
                      <Table.Th>{t('webhooks.col.duration')}</Table.Th>
                      <Table.Th>{t('webhooks.col.error')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {items.map((delivery) => (
                      <DeliveryRow key={delivery.id} delivery={delivery} />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              {log.hasNextPage && (
                <Button
                  variant="default"
                  w="fit-content"
                  loading={log.isFetchingNextPage}
                  onClick={() => void log.fetchNextPage()}
                >
                  {t('webhooks.more')}
                </Button>
              )}
              {log.isFetchNextPageError && (
                <Text c="red.8" role="alert">
                  {failureText(log.error, t)}
                </Text>
              )}
            </Stack>
          );
        }}
      </QueryView>
    </Modal>
  );
}

function DeliveryRow({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation();
  const last = delivery.attempts.at(-1);
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMoment(delivery.createdAt)}</Table.Td>
      <Table.Td>
        <Text size="sm">{delivery.eventType}</Text>
        <Code>{delivery.messageId}</Code>
      </Table.Td>
      <Table.Td>
        <Badge variant="outline" color={STATE_COLOURS[delivery.state]}>
          {t(`webhooks.states.${delivery.state}`)}
        </Badge>
        {delivery.nextAttemptAt && (
          <Text size="xs" c="dimmed">
            {t('webhooks.nextAttempt', { at: formatMoment(delivery.nextAttemptAt) })}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{delivery.attempts.length}</Table.Td>
      <Table.Td>{last ? (last.statusCode ?? t('webhooks.noAnswer')) : '—'}</Table.Td>
      <Table.Td>{last ? t('webhooks.ms', { ms: last.durationMs }) : '—'}</Table.Td>
      <Table.Td>{last?.error ? <Text size="sm">{last.error}</Text> : '—'}</Table.Td>
    </Table.Tr>
  );
}
