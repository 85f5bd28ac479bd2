import {
  Alert,
  Anchor,
  Button,
  Fieldset,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type BranchSettingsInput,
  canChangeBranch,
  checkBranchSettings,
  DEFAULT_SYNC_SCHEDULE,
} from '@venue-voice/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ME_KEY, scopeOf, useSignedIn } from '../../platform/session';
import { failureText } from '../../ui/failure-text';
import { applyFieldFaults, checkErrors, faultText } from '../../ui/field-faults';
import { Page } from '../../ui/page';
import { QueryView } from '../../ui/query-view';
import { type Branch, branchesApi, timeZones } from './branches-api';
import { PasscodePanel } from './passcode-panel';

export function BranchScreen() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const branch = useQuery({ queryKey: ['branches', id], queryFn: () => branchesApi.get(id) });
  return (
    <Page title={branch.data?.name ?? t('branches.editTitle')}>
      <Anchor component={Link} to="/branches">
        {t('branches.back')}
      </Anchor>
      <QueryView query={branch}>{(data) => <BranchForm branch={data} />}</QueryView>
    </Page>
  );
}

const optionalNumber = (value: number | string) => (value === '' ? null : Number(value));

interface BranchValues {
  name: string;
  address: string;
  latitude: number | string;
  longitude: number | string;
  timeZone: string;
  enableStaffPinCodes: boolean;
  tableEntry: boolean;
  when: string;
  spread: number | string;
}

/** The form as the PATCH it sends; without its own schedule the branch follows the company's (null). */
const changeOf = (values: BranchValues, ownSchedule: boolean): BranchSettingsInput => ({
  name: values.name.trim(),
  address: values.address.trim() || null,
  latitude: optionalNumber(values.latitude),
  longitude: optionalNumber(values.longitude),
  timeZone: values.timeZone,
  enableStaffPinCodes: values.enableStaffPinCodes,
  tableEntry: values.tableEntry,
  syncSchedule: ownSchedule ? { when: values.when.trim(), spread: Number(values.spread) } : null,
});

function BranchForm({ branch }: { branch: Branch }) {
  const { t } = useTranslation();
  const me = useSignedIn();
  const queryClient = useQueryClient();
  const editable = canChangeBranch(scopeOf(me), branch.id);
  const [problem, setProblem] = useState<string | null>(null);
  // Off: the tablets follow the company's schedule (the branch's is null).
  const [ownSchedule, setOwnSchedule] = useState(branch.syncSchedule !== null);
  const schedule = branch.syncSchedule ?? DEFAULT_SYNC_SCHEDULE;
  const form = useForm<BranchValues>({
    // Uncontrolled: typing re-renders no other field (the time zone list is long).
    mode: 'uncontrolled',
    initialValues: {
      name: branch.name,
      address: branch.address ?? '',
      latitude: branch.latitude ?? '',
      longitude: branch.longitude ?? '',
      timeZone: branch.timeZone,
      enableStaffPinCodes: branch.enableStaffPinCodes,
      tableEntry: branch.tableEntry,
      when: schedule.when,
      spread: schedule.spread,
    },
    // O3.5–O3.8, the server's own check of the same change.
    validate: (values) =>
      checkErrors(
        checkBranchSettings(changeOf(values, ownSchedule), {
          mode: 'update',
          otherNames: me.branches.filter((other) => other.id !== branch.id).map((other) => other.name),
          saved: { latitude: branch.latitude, longitude: branch.longitude },
          companySurveyIds: [],
          now: new Date(),
        }),
        t,
      ),
  });
  const save = useMutation({
    mutationFn: (values: BranchValues) => branchesApi.save(branch.id, changeOf(values, ownSchedule)),
    onSuccess: async () => {
      setProblem(null);
      notifications.show({ color: 'green', message: t('branches.saved') });
      await queryClient.invalidateQueries({ queryKey: ['branches'] });
      await queryClient.invalidateQueries({ queryKey: ME_KEY });
    },
    onError: (error) => {
      const rest = applyFieldFaults(
        error,
        Object.keys(form.getValues()),
        (field, message) => form.setFieldError(field, message),
        t,
      );
      setProblem(rest[0] ? faultText(rest[0], t) : failureText(error, t));
    },
  });

  return (
    <Stack gap="lg">
      <Paper className="console-card" p="xl">
        <form noValidate onSubmit={form.onSubmit((values) => save.mutate(values))}>
          <Fieldset variant="unstyled" disabled={!editable}>
            <Stack gap="lg">
              {!editable && <Text c="dimmed">{t('branches.readOnly')}</Text>}
              {problem && (
                <Alert color="red" role="alert">
                  {problem}
                </Alert>
              )}
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('branches.name')}
                  required
                  key={form.key('name')}
                  {...form.getInputProps('name')}
                />
                <TextInput
                  label={t('branches.address')}
                  key={form.key('address')}
                  {...form.getInputProps('address')}
                />
                <NumberInput
                  label={t('branches.latitude')}
                  description={t('branches.positionHint')}
                  decimalScale={6}
                  key={form.key('latitude')}
                  {...form.getInputProps('latitude')}
                />
                <NumberInput
                  label={t('branches.longitude')}
                  decimalScale={6}
                  key={form.key('longitude')}
                  {...form.getInputProps('longitude')}
                />
                <Select
                  label={t('branches.timeZone')}
                  data={timeZones()}
                  searchable
                  allowDeselect={false}
                  key={form.key('timeZone')}
                  {...form.getInputProps('timeZone')}
                />
              </SimpleGrid>
              <Switch
                label={t('branches.staffPins')}
                description={t('branches.staffPinsHint')}
                key={form.key('enableStaffPinCodes')}
                {...form.getInputProps('enableStaffPinCodes', { type: 'checkbox' })}
              />
              <Switch
                label={t('branches.tableEntry')}
                description={t('branches.tableEntryHint')}
                key={form.key('tableEntry')}
                {...form.getInputProps('tableEntry', { type: 'checkbox' })}
              />
              <Title order={2} size="h3">
                {t('branches.syncTitle')}
              </Title>
              <Switch
                label={t('branches.ownSchedule')}
                description={t('branches.ownScheduleHint', { when: DEFAULT_SYNC_SCHEDULE.when })}
                checked={ownSchedule}
                onChange={(event) => setOwnSchedule(event.currentTarget.checked)}
              />
              {ownSchedule && (
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label={t('branches.syncWhen')}
                    description={t('branches.syncWhenHint')}
                    key={form.key('when')}
                    {...form.getInputProps('when')}
                  />
                  <NumberInput
                    label={t('branches.syncSpread')}
                    description={t('branches.syncSpreadHint')}
                    min={0}
                    allowDecimal={false}
                    key={form.key('spread')}
                    {...form.getInputProps('spread')}
                  />
                </SimpleGrid>
              )}
              {editable && (
                <Group>
                  <Button type="submit" loading={save.isPending}>
                    {t('common.save')}
                  </Button>
                </Group>
              )}
            </Stack>
          </Fieldset>
        </form>
      </Paper>
      {editable && <PasscodePanel branchId={branch.id} />}
    </Stack>
  );
}
