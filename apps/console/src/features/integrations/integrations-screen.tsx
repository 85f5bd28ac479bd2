import { Badge, Button, Group, Paper, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../ui/confirm-action';
import { formatMoment } from '../../ui/dates';
import { failureText } from '../../ui/failure-text';
import { Page } from '../../ui/page';
import { QueryView } from '../../ui/query-view';
import { type IntegrationKey, integrationsApi, scopeText } from './integrations-api';
import { KeyDialog } from './key-dialog';

/** The company's integration keys (the owner's, O1.3): make one (shown once), see its use, revoke it. */
export function IntegrationsScreen() {
  const { t } = useTranslation();
  const keys = useQuery({ queryKey: ['integration-keys'], queryFn: integrationsApi.list });
  const [creating, setCreating] = useState(false);
  return (
    <Page
      title={t('integrations.title')}
      actions={<Button onClick={() => setCreating(true)}>{t('integrations.newKey')}</Button>}
    >
      <Text>{t('integrations.intro')}</Text>
      <QueryView query={keys}>
        {({ items }) => (
          <Paper className="console-card" p="md">
            {items.length === 0 ? (
              <Text>{t('integrations.empty')}</Text>
            ) : (
              <Table.ScrollContainer minWidth={760}>
                <Table verticalSpacing="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('integrations.name')}</Table.Th>
                      <Table.Th>{t('integrations.prefix')}</Table.Th>
                      <Table.Th>{t('integrations.scopes')}</Table.Th>
                      <Table.Th>{t('integrations.lastUsed')}</Table.Th>
                      <Table.Th>{t('common.actions')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {items.map((key) => (
                      <KeyRow key={key.id} item={key} />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Paper>
        )}
      </QueryView>
      {creating && <KeyDialog onClose={() => setCreating(false)} />}
    </Page>
  );
}

function KeyRow({ item }: { item: IntegrationKey }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: () => integrationsApi.revoke(item.id),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: t('integrations.revokedNote', { name: item.name }) });
      await queryClient.invalidateQueries({ queryKey: ['integration-keys'] });
    },
  });
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="xs">
          <Text fw={600}>{item.name}</Text>
          {item.revokedAt && (
            <Badge variant="outline" color="red.9">
              {t('integrations.revokedBadge')}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {item.createdBy
            ? t('integrations.createdBy', { when: formatMoment(item.createdAt), name: item.createdBy })
            : t('integrations.createdAt', { when: formatMoment(item.createdAt) })}
        </Text>
      </Table.Td>
      <Table.Td>
        <code>{item.prefix}…</code>
      </Table.Td>
      <Table.Td>{item.scopes.map((scope) => t(scopeText(scope))).join(', ')}</Table.Td>
      <Table.Td>{formatMoment(item.lastUsedAt) ?? t('integrations.never')}</Table.Td>
      <Table.Td>
        {item.revokedAt ? (
          <Text size="sm">{t('integrations.revokedAt', { when: formatMoment(item.revokedAt) })}</Text>
        ) : (
          <ConfirmAction
            size="xs"
            variant="default"
            color="red.8"
            label={t('integrations.revokeOf', { name: item.name })}
            title={t('integrations.revokeTitle', { name: item.name })}
            text={t('integrations.revokeText')}
            confirm={t('integrations.revoke')}
            danger
            loading={revoke.isPending}
            onConfirm={() => revoke.mutate()}
          >
            {t('integrations.revoke')}
          </ConfirmAction>
        )}
        {revoke.error && (
          <Text c="red.8" size="sm" role="alert" mt="xs">
            {failureText(revoke.error, t)}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
