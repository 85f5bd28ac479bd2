import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { failureStatus } from '../../platform/failures';
import { ME_KEY } from '../../platform/session';
import { failureText } from '../../ui/failure-text';
import { NewPasswordFields, newPasswordRules } from '../../ui/new-password';
import { QueryView } from '../../ui/query-view';
import { authApi, type LinkInfo } from './auth-api';
import { PublicFrame } from './public-frame';

/** A one-time link from an e-mail: accept an invitation or reset a password, then the console opens. */
export function LinkScreen() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const link = useQuery({ queryKey: ['link', token], queryFn: () => authApi.link(token), retry: false });
  const gone = link.isError && failureStatus(link.error) === 404;
  const title = link.data?.purpose === 'reset' ? t('auth.resetTitle') : t('auth.inviteTitle');

  return (
    <PublicFrame title={gone ? t('auth.linkGoneTitle') : title}>
      {gone ? (
        <Stack gap="md">
          <Text>{t('auth.linkGone')}</Text>
          <Anchor component={Link} to="/forgot">
            {t('auth.forgotLink')}
          </Anchor>
          <Anchor component={Link} to="/sign-in">
            {t('auth.backToSignIn')}
          </Anchor>
        </Stack>
      ) : (
        <QueryView query={link}>{(info) => <SetPasswordForm token={token} info={info} />}</QueryView>
      )}
    </PublicFrame>
  );
}

function SetPasswordForm({ token, info }: { token: string; info: LinkInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const invite = info.purpose === 'invite';
  const form = useForm({
    initialValues: { name: info.name, password: '', repeat: '' },
    validate: {
      name: (value) => (invite && !value.trim() ? t('form.required') : null),
      ...newPasswordRules(t),
    },
  });
  const save = useMutation({
    mutationFn: (values: { name: string; password: string }) =>
      authApi.setPassword(
        token,
        invite ? { password: values.password, name: values.name.trim() } : { password: values.password },
      ),
    onSuccess: async () => {
      // The session's operator is read afresh by the shell (a cached "nobody" would send them back here).
      queryClient.removeQueries({ queryKey: ME_KEY });
      await navigate('/', { replace: true });
    },
  });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => save.mutate(values))}>
      <Stack gap="md">
        <Text>
          {invite
            ? t('auth.inviteText', { company: info.companyName, email: info.email })
            : t('auth.resetText', { email: info.email })}
        </Text>
        {save.error && (
          <Alert color="red" role="alert">
            {failureStatus(save.error) === 404 ? t('auth.linkGone') : failureText(save.error, t)}
          </Alert>
        )}
        {invite && (
          <TextInput label={t('auth.name')} autoComplete="name" required {...form.getInputProps('name')} />
        )}
        <NewPasswordFields inputProps={form.getInputProps} />
        <Button type="submit" loading={save.isPending} fullWidth size="md">
          {invite ? t('auth.acceptInvite') : t('auth.savePassword')}
        </Button>
      </Stack>
    </form>
  );
}
