import { useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { changeMyPasswordBodySchema, message } from '@vigil/contract';
import { PageHeader } from '../../../components/PageHeader';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors, zodValidate } from '../../../lib/forms';
import { currentLang } from '../../../lib/i18n';
import { useChangeMyPassword } from '../api/profile';

interface Values {
  currentPassword: string;
  newPassword: string;
  repeatPassword: string;
}

const checkBody = zodValidate(changeMyPasswordBodySchema);

/** /profile/password: current password, the new one twice; the user's other sessions are signed out. */
export default function ResetPasswordPage() {
  const { t } = useTranslation('profile');
  const change = useChangeMyPassword();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { currentPassword: '', newPassword: '', repeatPassword: '' },
    validate: (values) => {
      const errors = checkBody({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      if (!values.repeatPassword) { errors.repeatPassword = message('required', currentLang()); }
      else if (values.repeatPassword !== values.newPassword) { errors.repeatPassword = t('password.mismatch'); }
      return errors;
    },
  });

  const submit = form.onSubmit(async ({ currentPassword, newPassword }) => {
    setError(null);
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      form.reset();
    } catch (err) {
      form.setErrors(serverFieldErrors(err));
      setError(err instanceof ApiError ? err.message : t('networkError'));
    }
  });

  return (
    <>
      <PageHeader title={t('password.title')} description={t('password.description')} />
      <Paper withBorder radius="md" p="lg" maw={520}>
        <Stack gap="md">
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
            {t('password.sessionsNote')}
          </Alert>
          {change.isSuccess && (
            <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status" data-testid="password-changed">
              {t('password.done')}
            </Alert>
          )}
          {error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {error}
            </Alert>
          )}
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <PasswordInput label={t('password.current')} autoComplete="current-password" {...form.getInputProps('currentPassword')} />
              <PasswordInput
                label={t('password.new')}
                description={t('password.rule')}
                autoComplete="new-password"
                {...form.getInputProps('newPassword')}
              />
              <PasswordInput label={t('password.repeat')} autoComplete="new-password" {...form.getInputProps('repeatPassword')} />
              <Group justify="space-between">
                <Anchor component={Link} to="/profile" size="sm">
                  {t('password.backToProfile')}
                </Anchor>
                <Button type="submit" loading={change.isPending}>
                  {t('password.submit')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Stack>
      </Paper>
    </>
  );
}
