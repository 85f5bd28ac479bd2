import { Alert, Button, Group, Paper, Radio, Select, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DIGEST_FREQUENCIES, type DigestFrequency, type DigestSetting } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api';
import { currentLocale } from '../../platform/i18n';
import { failureText } from '../../ui/failure-text';
import { QueryView } from '../../ui/query-view';

const DIGEST_KEY = ['me', 'digest'];

const digestApi = {
  get: () => api.get<DigestSetting>('/me/digest'),
  save: (values: Omit<DigestSetting, 'timeZone'>) => api.put<DigestSetting>('/me/digest', values),
};

/** 1 Monday … 7 Sunday, named in the console's language (1 January 2024 was a Monday). */
const weekdayOptions = () => {
  const format = new Intl.DateTimeFormat(currentLocale(), { weekday: 'long', timeZone: 'UTC' });
  return [1, 2, 3, 4, 5, 6, 7].map((day) => ({
    value: String(day),
    label: format.format(new Date(Date.UTC(2024, 0, day))),
  }));
};

const hourOptions = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: `${String(hour).padStart(2, '0')}:00`,
}));

/** The operator's own digest e-mail: weekly on a day, daily, or off, at an hour of their first branch's zone. */
export function DigestSection() {
  const { t } = useTranslation();
  const setting = useQuery({ queryKey: DIGEST_KEY, queryFn: digestApi.get });
  return (
    <Paper className="console-card" p="xl" component="section" aria-labelledby="profile-digest">
      <Stack gap="md" maw={420}>
        <Title order={2} size="h3" id="profile-digest">
          {t('profile.digest.title')}
        </Title>
        <Text>{t('profile.digest.text')}</Text>
        <QueryView query={setting}>{(data) => <DigestForm setting={data} />}</QueryView>
      </Stack>
    </Paper>
  );
}

function DigestForm({ setting }: { setting: DigestSetting }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: {
      frequency: setting.frequency as string,
      weekday: String(setting.weekday),
      hour: String(setting.hour),
    },
  });
  const save = useMutation({
    mutationFn: (values: typeof form.values) =>
      digestApi.save({
        frequency: values.frequency as DigestFrequency,
        weekday: Number(values.weekday),
        hour: Number(values.hour),
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(DIGEST_KEY, saved);
      notifications.show({ color: 'green', message: t('profile.digest.saved') });
    },
  });
  const { frequency } = form.values;
  return (
    <form noValidate onSubmit={form.onSubmit((values) => save.mutate(values))}>
      <Stack gap="md">
        <Radio.Group label={t('profile.digest.frequency')} {...form.getInputProps('frequency')}>
          <Group mt="xs">
            {DIGEST_FREQUENCIES.map((value) => (
              <Radio key={value} value={value} label={t(`profile.digest.${value}`)} />
            ))}
          </Group>
        </Radio.Group>
        {frequency === 'weekly' && (
          <Select
            label={t('profile.digest.weekday')}
            data={weekdayOptions()}
            allowDeselect={false}
            {...form.getInputProps('weekday')}
          />
        )}
        {frequency !== 'off' && (
          <>
            <Select
              label={t('profile.digest.hour')}
              data={hourOptions}
              allowDeselect={false}
              {...form.getInputProps('hour')}
            />
            <Text size="sm" c="dimmed">
              {t('profile.digest.zone', { timeZone: setting.timeZone })}
            </Text>
          </>
        )}
        {save.error && !save.isPending && (
          <Alert color="red" role="alert">
            {failureText(save.error, t)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
