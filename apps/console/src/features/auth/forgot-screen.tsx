import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { isEmail } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { retryAfterSeconds } from '../../platform/failures';
import { failureText } from '../../ui/failure-text';
import { authApi } from './auth-api';
import { PublicFrame } from './public-frame';

/** Asks for a reset link; the answer never says whether the e-mail has an account. */
export function ForgotScreen() {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { email: '' },
    validate: {
      email: (value) => (!value.trim() ? t('form.required') : isEmail(value.trim()) ? null : t('form.email')),
    },
  });
  const request = useMutation({ mutationFn: (email: string) => authApi.requestReset(email.trim()) });

  return (
    <PublicFrame title={t('auth.forgotTitle')}>
      {request.isSuccess ? (
        <Stack gap="md">
          <Alert color="green" role="status">
            {t('auth.resetSent', { email: request.variables })}
          </Alert>
          <Anchor component={Link} to="/sign-in">
            {t('auth.backToSignIn')}
          </Anchor>
        </Stack>
      ) : (
        <form noValidate onSubmit={form.onSubmit(({ email }) => request.mutate(email))}>
          <Stack gap="md">
            <Text>{t('auth.forgotText')}</Text>
            {request.error && (
              <Alert color="red" role="alert">
                {retryAfterSeconds(request.error) !== null
                  ? t('auth.tooManyTries', {
                      minutes: Math.ceil((retryAfterSeconds(request.error) ?? 60) / 60),
                    })
                  : failureText(request.error, t)}
              </Alert>
            )}
            <TextInput
              label={t('auth.email')}
              type="email"
              autoComplete="email"
              required
              {...form.getInputProps('email')}
            />
            <Button type="submit" loading={request.isPending} fullWidth size="md">
              {t('auth.sendLink')}
            </Button>
            <Anchor component={Link} to="/sign-in" ta="center">
              {t('auth.backToSignIn')}
            </Anchor>
          </Stack>
        </form>
      )}
    </PublicFrame>
  );
}
