import { Badge, Button, Group, Paper, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedIn } from '../../platform/session';
import { ConfirmAction } from '../../ui/confirm-action';
import { failureText } from '../../ui/failure-text';
import { Page } from '../../ui/page';
import { QueryView } from '../../ui/query-view';
import { OperatorDialog } from './operator-dialog';
import { type Operator, operatorsApi } from './operators-api';

/** The company's operators (the owner's, O1.3): invite, change role and branches, resend, remove. */
export function OperatorsScreen() {
  const { t } = useTranslation();
  const operators = useQuery({ queryKey: ['operators'], queryFn: operatorsApi.list });
  const [editing, setEditing] = useState<Operator | 'new' | null>(null);
  return (
    <Page
      title={t('operators.title')}
      actions={<Button onClick={() => setEditing('new')}>{t('operators.invite')}</Button>}
    >
      <QueryView query={operators}>
        {({ items }) => (
          <Paper className="console-card" p="md">
            <Table.ScrollContainer minWidth={720}>
              <Table verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('operators.name')}</Table.Th>
                    <Table.Th>{t('operators.email')}</Table.Th>
                    <Table.Th>{t('operators.role')}</Table.Th>
                    <Table.Th>{t('operators.branches')}</Table.Th>
                    <Table.Th>{t('common.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((operator) => (
                    <OperatorRow key={operator.id} operator={operator} onEdit={() => setEditing(operator)} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
      </QueryView>
      {editing && (
        <OperatorDialog operator={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Page>
  );
}

function OperatorRow({ operator, onEdit }: { operator: Operator; onEdit(): void }) {
  const { t } = useTranslation();
  const me = useSignedIn();
  const queryClient = useQueryClient();
  const done = (message: string) => async () => {
    notifications.show({ color: 'green', message });
    await queryClient.invalidateQueries({ queryKey: ['operators'] });
  };
  const remove = useMutation({
    mutationFn: () => operatorsApi.remove(operator.id),
    onSuccess: done(t('operators.removed', { name: operator.name })),
  });
  const resend = useMutation({
    mutationFn: () => operatorsApi.resend(operator.id),
    onSuccess: done(t('operators.resent', { email: operator.email })),
  });
  const failure = remove.error ?? resend.error;
  const branchNames =
    operator.role === 'owner'
      ? t('operators.allBranches')
      : operator.branchIds
          .map((id) => me.branches.find((branch) => branch.id === id)?.name ?? `#${id}`)
          .join(', ');
  const self = operator.id === me.operator.id;

  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="xs">
          <Text fw={600}>{operator.name}</Text>
          {operator.status === 'invited' && (
            <Badge variant="outline" color="orange.9">
              {t('operators.invitedBadge')}
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>{operator.email}</Table.Td>
      <Table.Td>{t(`roles.${operator.role}`)}</Table.Td>
      <Table.Td>{branchNames}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            onClick={onEdit}
            aria-label={t('operators.editOf', { name: operator.name })}
          >
            {t('common.edit')}
          </Button>
          {operator.status === 'invited' && (
            <Button
              size="xs"
              variant="default"
              loading={resend.isPending}
              onClick={() => resend.mutate()}
              aria-label={t('operators.resendOf', { name: operator.name })}
            >
              {t('operators.resend')}
            </Button>
          )}
          {!self && (
            <ConfirmAction
              size="xs"
              variant="default"
              color="red.8"
              label={t('operators.removeOf', { name: operator.name })}
              title={t('operators.removeTitle', { name: operator.name })}
              text={t('operators.removeText')}
              confirm={t('operators.remove')}
              danger
              loading={remove.isPending}
              onConfirm={() => remove.mutate()}
            >
              {t('operators.remove')}
            </ConfirmAction>
          )}
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
