import { useState } from 'react';
import { Alert, Anchor, Box, Button, Center, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { auth as authApi, signInBodySchema } from '@vigil/contract';
import { ApiError, call } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { serverFieldErrors, zodValidate } from '../../../lib/forms';
import { LanguageSwitch } from '../../../app/layout/LanguageSwitch';
import { Logo } from '../../../app/layout/Logo';

/** The spec's text when the public-IP lookup is not available (section 8); the server records the connection address. */
const IP_UNAVAILABLE = 'IPv6: N/A IP: N/A';

function safeRedirect(target: string | null): string {
  return target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/auth') ? target : '/patients';
}

/** /auth/login: username or e-mail and password; patients, caregivers and ECP users are refused by the server. */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const { session, signedIn } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { username: '', password: '', ip: IP_UNAVAILABLE },
    validate: zodValidate(signInBodySchema),
  });
  const target = safeRedirect(params.get('redirect'));
  if (session) return <Navigate to={target} replace />;

  const submit = form.onSubmit(async (values) => {
    setError(null);
    setBusy(true);
    try {
      const result = await call(authApi.signInV3, { body: values });
      signedIn(result);
      void navigate(target, { replace: true });
    } catch (err) {
      form.setErrors(serverFieldErrors(err));
      setError(err instanceof ApiError ? err.message : t('networkError'));
    } finally {
      setBusy(false);
    }
  });

  return (
    <Box mih="100vh" bg="gray.0">
      <Group justify="flex-end" p="md">
        <LanguageSwitch />
      </Group>
      <Center mih="80vh" px="md">
        <Paper component="main" withBorder shadow="sm" p="xl" radius="lg" w="100%" maw={420}>
          <Stack gap="lg">
            <Stack gap={4} align="center">
              <Logo size={40} />
              <Title order={1} fz="h2" ta="center">
                {t('login.title')}
              </Title>
              <Text c="dimmed" size="sm" ta="center">
                {t('login.subtitle')}
              </Text>
            </Stack>
            {error && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="login-error">
                {error}
              </Alert>
            )}
            <form onSubmit={submit} noValidate>
              <Stack gap="md">
                <TextInput label={t('login.username')} autoComplete="username" autoFocus {...form.getInputProps('username')} />
                <PasswordInput label={t('login.password')} autoComplete="current-password" {...form.getInputProps('password')} />
                <Button type="submit" loading={busy} fullWidth size="md">
                  {t('login.submit')}
                </Button>
              </Stack>
            </form>
            <Anchor component={Link} to="/auth/forgetpassword" size="sm" ta="center">
              {t('login.forgot')}
            </Anchor>
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
