import { Badge, Button, Group, Paper, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AlertRule, canChangeAlertRule } from '@venue-voice/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scopeOf, useSignedIn } from '../../platform/session';
import { ConfirmAction } from '../../ui/confirm-action';
import { failureText } from '../../ui/failure-text';
import { Page } from '../../ui/page';
import { QueryView } from '../../ui/query-view';
import { type AlertRules, alertsApi } from './alerts-api';
import { RuleDialog } from './rule-dialog';

/**
 * Alert rules (issue 30 item 1): who is mailed when a guest complains, scores an indicator low, is an
 * NPS detractor or writes one of the venue's words. Everyone sees the rules of the company and of their
 * branches; an owner changes all of them, a manager those of their branches (O1.6).
 */
export function AlertsScreen() {
  const { t } = useTranslation();
  const me = useSignedIn();
  const rules = useQuery({ queryKey: ['alert-rules'], queryFn: alertsApi.list });
  const [editing, setEditing] = useState<AlertRule | 'new' | null>(null);
  const scope = scopeOf(me);
  const mayAdd = canChangeAlertRule(scope, null) || me.branches.some((b) => canChangeAlertRule(scope, b.id));
  return (
    <Page
      title={t('alerts.title')}
      actions={mayAdd ? <Button onClick={() => setEditing('new')}>{t('alerts.add')}</Button> : undefined}
    >
      <Text>{t('alerts.intro')}</Text>
      <QueryView query={rules}>
        {(data) => (
          <>
            <Paper className="console-card" p="md">
              {data.rules.length === 0 ? (
                <Text>{t('alerts.none')}</Text>
              ) : (
                <Table.ScrollContainer minWidth={760}>
                  <Table verticalSpacing="sm">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('alerts.name')}</Table.Th>
                        <Table.Th>{t('alerts.when')}</Table.Th>
                        <Table.Th>{t('alerts.branch')}</Table.Th>
                        <Table.Th>{t('alerts.recipients')}</Table.Th>
                        <Table.Th>{t('common.actions')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.rules.map((rule) => (
                        <RuleRow key={rule.id} rule={rule} data={data} onEdit={() => setEditing(rule)} />
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Paper>
            {editing && (
              <RuleDialog
                rule={editing === 'new' ? null : editing}
                choices={data}
                onClose={() => setEditing(null)}
              />
            )}
          </>
        )}
      </QueryView>
    </Page>
  );
}

/** What sets the rule off, in words: its kind and what the kind names. */
function useCondition() {
  const { t } = useTranslation();
  return (rule: AlertRule, data: AlertRules) => {
    if (rule.kind === 'indicator') {
      const name = data.indicators.find((i) => i.id === rule.indicatorId)?.name ?? `#${rule.indicatorId}`;
      return t('alerts.conditions.indicator', { name, score: rule.maxScore });
    }
    if (rule.kind === 'words') return t('alerts.conditions.words', { words: rule.words.join(', ') });
    return t(`alerts.conditions.${rule.kind}`);
  };
}

function RuleRow({ rule, data, onEdit }: { rule: AlertRule; data: AlertRules; onEdit(): void }) {
  const { t } = useTranslation();
  const me = useSignedIn();
  const condition = useCondition();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => alertsApi.remove(rule.id),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: t('alerts.deleted', { name: rule.name }) });
      await queryClient.invalidateQueries({ queryKey: ['alert-rules'] });
    },
  });
  const branch =
    rule.branchId === null
      ? t('alerts.allBranches')
      : (me.branches.find((b) => b.id === rule.branchId)?.name ?? `#${rule.branchId}`);
  const recipients = rule.recipientIds
    .map((id) => data.recipients.find((o) => o.id === id)?.name ?? `#${id}`)
    .join(', ');
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="xs">
          <Text fw={600}>{rule.name}</Text>
          {!rule.active && (
            <Badge variant="outline" color="gray.8">
              {t('alerts.off')}
            </Badge>
          )}
          {rule.opensCase && (
            <Badge variant="light" color="blue.9">
              {t('alerts.opensCaseBadge')}
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>{condition(rule, data)}</Table.Td>
      <Table.Td>{branch}</Table.Td>
      <Table.Td>{recipients}</Table.Td>
      <Table.Td>
        {rule.canChange ? (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              variant="default"
              onClick={onEdit}
              aria-label={t('alerts.editOf', { name: rule.name })}
            >
              {t('common.edit')}
            </Button>
            <ConfirmAction
              size="xs"
              variant="default"
              color="red.8"
              label={t('alerts.deleteOf', { name: rule.name })}
              title={t('alerts.deleteTitle', { name: rule.name })}
              text={t('alerts.deleteText')}
              confirm={t('common.delete')}
              danger
              loading={remove.isPending}
              onConfirm={() => remove.mutate()}
            >
              {t('common.delete')}
            </ConfirmAction>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('alerts.readOnly')}
          </Text>
        )}
        {remove.error && (
          <Text c="red.8" size="sm" role="alert" mt="xs">
            {failureText(remove.error, t)}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
