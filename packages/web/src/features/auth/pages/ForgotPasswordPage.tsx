import { useState } from 'react';
import { Alert, Button, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { sendValidationLinkBodySchema } from '@vigil/contract';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors, zodValidate } from '../../../lib/forms';
import { AuthCard } from '../components/AuthCard';
import { useSendResetLink } from '../api/auth';

/**
 * /auth/forgetpassword: asks for the e-mail and sends a reset link. The confirmation is the same
 * whether or not the address is known, so the page does not tell who has an account.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const send = useSendResetLink();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ initialValues: { email: '' }, validate: zodValidate(sendValidationLinkBodySchema) });

  const submit = form.onSubmit(async ({ email }) => {
    setError(null);
    try {
      await send.mutateAsync(email.trim());
      setSentTo(email.trim());
    } catch (err) {
      form.setErrors(serverFieldErrors(err));
      setError(err instanceof ApiError ? err.message : t('networkError'));
    }
  });

  if (sentTo) {
    return (
      <AuthCard
        title={t('forgot.sentTitle')}
        icon={
          <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
            <IconMailCheck size={28} />
          </ThemeIcon>
        }
        backToLogin
      >
        <Stack gap="sm" role="status">
          <Text ta="center">{t('forgot.sentText', { email: sentTo })}</Text>
          <Text size="sm" c="dimmed" ta="center">
            {t('forgot.sentHint')}
          </Text>
        </Stack>
        <Button variant="default" onClick={() => setSentTo(null)}>
          {t('forgot.again')}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('forgot.title')} subtitle={t('forgot.subtitle')} backToLogin>
      {error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {error}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label={t('forgot.email')} type="email" autoComplete="email" autoFocus {...form.getInputProps('email')} />
          <Button type="submit" loading={send.isPending} fullWidth size="md">
            {t('forgot.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
