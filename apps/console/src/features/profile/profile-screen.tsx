import {
  Alert,
  Button,
  Group,
  Paper,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Language } from '@venue-voice/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../platform/api';
import { isSignedOut } from '../../platform/failures';
import { setLanguage } from '../../platform/i18n';
import { languageOf, ME_KEY, useSignedIn } from '../../platform/session';
import { ConfirmAction } from '../../ui/confirm-action';
import { failureText } from '../../ui/failure-text';
import { applyFieldFaults, faultText } from '../../ui/field-faults';
import { languageOptions } from '../../ui/language-picker';
import { NewPasswordFields, newPasswordRules } from '../../ui/new-password';
import { Page } from '../../ui/page';
import { DigestSection } from './digest-form';

/** The operator's own name, language, password and digest e-mail, and signing out on every device. */
export function ProfileScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('profile.title')}>
      <DetailsForm />
      <PasswordForm />
      <DigestSection />
      <SignOutEverywhere />
    </Page>
  );
}

function DetailsForm() {
  const { t } = useTranslation();
  const me = useSignedIn();
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { name: me.operator.name, language: languageOf(me) as string },
    validate: { name: (value) => (value.trim() ? null : t('form.required')) },
  });
  const save = useMutation({
    mutationFn: (values: typeof form.values) =>
      api.patch('/me', { name: values.name.trim(), language: values.language }),
    onSuccess: async (_, values) => {
      const language = Language.find((code) => code === values.language);
      if (language) await setLanguage(language);
      notifications.show({ color: 'green', message: t('profile.saved') });
      await queryClient.invalidateQueries({ queryKey: ME_KEY });
    },
    onError: (error) => applyFieldFaults(error, ['name', 'language'], form.setFieldError, t),
  });
  return (
    <Paper className="console-card" p="xl" component="section" aria-labelledby="profile-details">
      <form noValidate onSubmit={form.onSubmit((values) => save.mutate(values))}>
        <Stack gap="md" maw={420}>
          <Title order={2} size="h3" id="profile-details">
            {t('profile.details')}
          </Title>
          <TextInput label={t('profile.email')} value={me.operator.email} readOnly />
          <TextInput label={t('profile.name')} required {...form.getInputProps('name')} />
          <Select
            label={t('profile.language')}
            data={languageOptions}
            allowDeselect={false}
            {...form.getInputProps('language')}
          />
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
    </Paper>
  );
}

function PasswordForm() {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm({
    initialValues: { currentPassword: '', password: '', repeat: '' },
    validate: {
      currentPassword: (value) => (value ? null : t('form.required')),
      ...newPasswordRules(t),
    },
  });
  const save = useMutation({
    mutationFn: (values: typeof form.values) =>
      api.patch('/me', { password: values.password, currentPassword: values.currentPassword }),
    onSuccess: () => {
      setProblem(null);
      form.reset();
      notifications.show({ color: 'green', message: t('profile.passwordSaved') });
    },
    onError: (error) => {
      const rest = applyFieldFaults(error, ['currentPassword', 'password'], form.setFieldError, t);
      setProblem(rest[0] ? faultText(rest[0], t) : isSignedOut(error) ? null : failureText(error, t));
    },
  });
  return (
    <Paper className="console-card" p="xl" component="section" aria-labelledby="profile-password">
      <form noValidate onSubmit={form.onSubmit((values) => save.mutate(values))}>
        <Stack gap="md" maw={420}>
          <Title order={2} size="h3" id="profile-password">
            {t('profile.password')}
          </Title>
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <PasswordInput
            label={t('profile.currentPassword')}
            autoComplete="current-password"
            required
            visibilityToggleButtonProps={{ 'aria-label': t('auth.showPassword') }}
            {...form.getInputProps('currentPassword')}
          />
          <NewPasswordFields inputProps={form.getInputProps} />
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t('profile.changePassword')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function SignOutEverywhere() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const end = useMutation({
    mutationFn: () => api.delete('/sessions'),
    onSuccess: async () => {
      queryClient.clear();
      await navigate('/sign-in', { replace: true });
    },
  });
  return (
    <Paper className="console-card" p="xl" component="section" aria-labelledby="profile-sessions">
      <Stack gap="md" maw={560}>
        <Title order={2} size="h3" id="profile-sessions">
          {t('profile.sessions')}
        </Title>
        <Text>{t('profile.sessionsText')}</Text>
        {end.error && (
          <Alert color="red" role="alert">
            {failureText(end.error, t)}
          </Alert>
        )}
        <Group>
          <ConfirmAction
            variant="default"
            color="red.8"
            loading={end.isPending}
            title={t('profile.signOutEverywhere')}
            text={t('profile.signOutEverywhereText')}
            confirm={t('profile.signOutEverywhere')}
            danger
            onConfirm={() => end.mutate()}
          >
            {t('profile.signOutEverywhere')}
          </ConfirmAction>
        </Group>
      </Stack>
    </Paper>
  );
}
