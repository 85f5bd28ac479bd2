import {
  Anchor,
  Button,
  Code,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { canChangeCompany, checkBranchSettings } from '@venue-voice/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ME_KEY, scopeOf, useSignedIn } from '../../platform/session';
import { failureText } from '../../ui/failure-text';
import { applyFieldFaults, checkErrors, faultText } from '../../ui/field-faults';
import { Page } from '../../ui/page';
import { QueryView } from '../../ui/query-view';
import { branchesApi, timeZones } from './branches-api';

/** The branches the operator may see; the owner adds new ones (O1.3). */
export function BranchesScreen() {
  const { t } = useTranslation();
  const me = useSignedIn();
  const branches = useQuery({ queryKey: ['branches'], queryFn: branchesApi.list });
  const [adding, { open, close }] = useDisclosure(false);
  return (
    <Page
      title={t('branches.title')}
      actions={canChangeCompany(scopeOf(me)) && <Button onClick={open}>{t('branches.add')}</Button>}
    >
      <QueryView query={branches}>
        {({ items }) =>
          items.length === 0 ? (
            <Text>{t('branches.none')}</Text>
          ) : (
            <Paper className="console-card" p="md">
              <Table.ScrollContainer minWidth={560}>
                <Table verticalSpacing="sm" highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('branches.name')}</Table.Th>
                      <Table.Th>{t('branches.address')}</Table.Th>
                      <Table.Th>{t('branches.timeZone')}</Table.Th>
                      <Table.Th>{t('common.actions')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {items.map((branch) => (
                      <Table.Tr key={branch.id}>
                        <Table.Td>
                          <Anchor component={Link} to={`/branches/${branch.id}`} fw={600}>
                            {branch.name}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>{branch.address ?? '—'}</Table.Td>
                        <Table.Td>{branch.timeZone}</Table.Td>
                        <Table.Td>
                          <Anchor
                            component={Link}
                            to={`/branches/${branch.id}/staff`}
                            aria-label={t('branches.staffOf', { name: branch.name })}
                          >
                            {t('nav.staff')}
                          </Anchor>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          )
        }
      </QueryView>
      {adding && <AddBranch onClose={close} />}
    </Page>
  );
}

function AddBranch({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const me = useSignedIn();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm({
    // Uncontrolled: typing re-renders no other field (the time zone list is long).
    mode: 'uncontrolled',
    initialValues: { name: '', address: '', timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone },
    // O3.5–O3.7 as the server checks a new branch.
    validate: (values) =>
      checkErrors(
        checkBranchSettings(
          { name: values.name, address: values.address.trim() || null, timeZone: values.timeZone },
          {
            mode: 'create',
            otherNames: me.branches.map((branch) => branch.name),
            companySurveyIds: [],
            now: new Date(),
          },
        ),
        t,
      ),
  });
  const add = useMutation({
    mutationFn: (values: ReturnType<typeof form.getValues>) =>
      branchesApi.add({
        name: values.name.trim(),
        address: values.address.trim() || null,
        timeZone: values.timeZone,
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['branches'] });
      await queryClient.invalidateQueries({ queryKey: ME_KEY });
    },
    onError: (error) => {
      const rest = applyFieldFaults(error, Object.keys(form.getValues()), form.setFieldError, t);
      setProblem(rest[0] ? faultText(rest[0], t) : failureText(error, t));
    },
  });
  if (add.data) {
    const { branch, passcode } = add.data;
    return (
      <Modal
        opened
        onClose={onClose}
        title={t('branches.added')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack gap="md">
          <Text>{t('branches.addedPasscode')}</Text>
          <Code fz="xl" fw={600} w="fit-content">
            {passcode}
          </Code>
          <Group justify="flex-end">
            <Button onClick={() => void navigate(`/branches/${branch.id}`)}>{t('branches.open')}</Button>
          </Group>
        </Stack>
      </Modal>
    );
  }
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('branches.addTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form noValidate onSubmit={form.onSubmit((values) => add.mutate(values))}>
        <Stack gap="md">
          {problem && (
            <Text c="red.8" role="alert">
              {problem}
            </Text>
          )}
          <TextInput
            label={t('branches.name')}
            required
            data-autofocus
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <TextInput
            label={t('branches.address')}
            key={form.key('address')}
            {...form.getInputProps('address')}
          />
          <Select
            label={t('branches.timeZone')}
            data={timeZones()}
            searchable
            allowDeselect={false}
            key={form.key('timeZone')}
            {...form.getInputProps('timeZone')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending}>
              {t('branches.addConfirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
