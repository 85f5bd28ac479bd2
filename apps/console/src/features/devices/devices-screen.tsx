import { Alert, Box, Group, Paper, Select, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { canChangeBranch } from '@venue-voice/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scopeOf, useSignedIn } from '../../platform/session';
import { ConfirmAction } from '../../ui/confirm-action';
import { formatMoment } from '../../ui/dates';
import { failureText } from '../../ui/failure-text';
import { Page } from '../../ui/page';
import { QueryView } from '../../ui/query-view';
import { actionsFor, type Device, type DeviceAction, devicesApi } from './devices-api';

// A dot beside the state's word in the page's text colour: colour is not the only sign, and the text reads.
const STATE_COLOURS = {
  active: 'var(--mantine-color-green-7)',
  disabled: 'var(--mantine-color-red-7)',
  released: 'var(--mantine-color-gray-6)',
} as const;

/** Every tablet the operator may see: state, last contact, held responses; disable, enable or release. */
export function DevicesScreen() {
  const { t } = useTranslation();
  const me = useSignedIn();
  const [branch, setBranch] = useState<string>('all');
  const branchId = branch === 'all' ? null : Number(branch);
  const devices = useQuery({ queryKey: ['devices', branchId], queryFn: () => devicesApi.list(branchId) });

  return (
    <Page title={t('devices.title')}>
      <Group>
        <Select
          label={t('devices.branchFilter')}
          data={[
            { value: 'all', label: t('devices.allBranches') },
            ...me.branches.map((item) => ({ value: String(item.id), label: item.name })),
          ]}
          value={branch}
          allowDeselect={false}
          onChange={(value) => setBranch(value ?? 'all')}
          w={240}
        />
      </Group>
      <Text c="dimmed">{t('devices.intro')}</Text>
      <QueryView query={devices}>
        {({ items }) =>
          items.length === 0 ? (
            <Text>{t('devices.none')}</Text>
          ) : (
            <Paper className="console-card" p="md">
              <Table.ScrollContainer minWidth={900}>
                <Table verticalSpacing="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('devices.device')}</Table.Th>
                      <Table.Th>{t('devices.branch')}</Table.Th>
                      <Table.Th>{t('devices.state')}</Table.Th>
                      <Table.Th>{t('devices.lastSeen')}</Table.Th>
                      <Table.Th>{t('devices.lastSync')}</Table.Th>
                      <Table.Th>{t('devices.lastUpload')}</Table.Th>
                      <Table.Th>{t('devices.held')}</Table.Th>
                      <Table.Th>{t('common.actions')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {items.map((device) => (
                      <DeviceRow
                        key={device.id}
                        device={device}
                        editable={canChangeBranch(scopeOf(me), device.branchId)}
                      />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          )
        }
      </QueryView>
    </Page>
  );
}

function DeviceRow({ device, editable }: { device: Device; editable: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const act = useMutation({
    mutationFn: (action: DeviceAction) => devicesApi.act(device.id, action),
    onSuccess: async (_, action) => {
      notifications.show({ color: 'green', message: t(`devices.done.${action}`) });
      await queryClient.invalidateQueries({ queryKey: ['devices'] });
    },
  });
  const never = t('devices.never');
  const name = t('devices.name', { id: device.deviceId.slice(0, 8) });
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={600}>{name}</Text>
        <Text size="sm" c="dimmed">
          {t('devices.registered', { when: formatMoment(device.registeredAt) })}
        </Text>
      </Table.Td>
      <Table.Td>{device.branchName}</Table.Td>
      <Table.Td>
        <Group gap={8} wrap="nowrap">
          <Box
            w={10}
            h={10}
            bg={STATE_COLOURS[device.state]}
            style={{ borderRadius: '50%', flexShrink: 0 }}
          />
          <Text fw={600} size="sm">
            {t(`devices.states.${device.state}`)}
          </Text>
        </Group>
      </Table.Td>
      <Table.Td>{formatMoment(device.lastSeenAt) ?? never}</Table.Td>
      <Table.Td>{formatMoment(device.lastSyncAt) ?? never}</Table.Td>
      <Table.Td>{formatMoment(device.lastUploadAt) ?? never}</Table.Td>
      <Table.Td>{device.heldResponses ?? '—'}</Table.Td>
      <Table.Td>
        {editable && (
          <Group gap="xs" wrap="nowrap">
            {actionsFor(device.state).map((action) => (
              <ConfirmAction
                key={action}
                size="xs"
                variant="default"
                color={action === 'enable' ? undefined : 'red.8'}
                label={t(`devices.actionOf.${action}`, { name })}
                loading={act.isPending && act.variables === action}
                title={t(`devices.confirm.${action}.title`, { name })}
                text={t(`devices.confirm.${action}.text`, { count: device.heldResponses ?? 0 })}
                confirm={t(`devices.actions.${action}`)}
                danger={action !== 'enable'}
                onConfirm={() => act.mutate(action)}
              >
                {t(`devices.actions.${action}`)}
              </ConfirmAction>
            ))}
          </Group>
        )}
        {act.error && (
          <Alert color="red" role="alert" mt="xs" p="xs">
            {failureText(act.error, t)}
          </Alert>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
