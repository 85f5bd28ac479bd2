import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isSignedOut, retryAfterSeconds } from '../../platform/failures';
import { ME_KEY } from '../../platform/session';
import { failureText } from '../../ui/failure-text';
import { useCountdown } from '../../ui/use-countdown';
import { authApi } from './auth-api';
import { PublicFrame } from './public-frame';
import { safeNext } from './safe-next';

/** Sign in with e-mail and password; one message for a wrong e-mail or password, the wait after 5 failures. */
export function SignInScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const wait = useCountdown();
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) => (value.trim() ? null : t('form.required')),
      password: (value) => (value ? null : t('form.required')),
    },
  });
  const signIn = useMutation({
    mutationFn: (values: { email: string; password: string }) =>
      authApi.signIn(values.email.trim(), values.password),
    onSuccess: async () => {
      // The session's operator is read afresh by the shell (a cached "nobody" would send them back here).
      queryClient.removeQueries({ queryKey: ME_KEY });
      await navigate(safeNext(params.get('next')), { replace: true });
    },
    onError: (error) => {
      const seconds = retryAfterSeconds(error);
      if (seconds !== null) wait.start(seconds);
      form.setFieldValue('password', '');
    },
  });
  const problem = signIn.error
    ? isSignedOut(signIn.error)
      ? t('auth.wrongCredentials')
      : retryAfterSeconds(signIn.error) !== null
        ? t('auth.tooManyTries', { minutes: Math.max(1, Math.ceil(wait.left / 60)) })
        : failureText(signIn.error, t)
    : null;

  return (
    <PublicFrame title={t('auth.signInTitle')}>
      <form noValidate onSubmit={form.onSubmit((values) => signIn.mutate(values))}>
        <Stack gap="md">
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <TextInput
            label={t('auth.email')}
            type="email"
            autoComplete="username"
            required
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t('auth.password')}
            autoComplete="current-password"
            required
            visibilityToggleButtonProps={{ 'aria-label': t('auth.showPassword') }}
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={signIn.isPending} disabled={wait.left > 0} fullWidth size="md">
            {wait.left > 0 ? t('auth.waitSeconds', { count: wait.left }) : t('auth.signIn')}
          </Button>
          <Anchor component={Link} to="/forgot" ta="center">
            {t('auth.forgotLink')}
          </Anchor>
        </Stack>
      </form>
    </PublicFrame>
  );
}
