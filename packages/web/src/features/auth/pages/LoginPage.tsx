import { useState } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { auth as authApi, isMfaChallenge, message, signInBodySchema, type MessageKey, type MfaChallenge, type SignInResult } from '@vigil/contract';
import { ApiError, call } from '../../../lib/api-client';
import { currentLang } from '../../../lib/i18n';
import { useAuth } from '../../../lib/auth';
import { serverFieldErrors, zodValidate } from '../../../lib/forms';
import { homePathFor } from '../../../lib/home';
import { landOnBusiestOffice } from '../../../lib/office';
import { AuthCard, IP_UNAVAILABLE } from '../components/AuthCard';
import { MfaStep } from '../components/MfaStep';
import { SsoSignIn } from '../components/SsoSignIn';

/** The single sign-on refusals the API sends the browser back with (`?sso=<key>`; api features/sso/sso.routes.ts SSO_LOGIN_ERRORS). */
const SSO_LOGIN_ERRORS: readonly MessageKey[] = ['ssoFailed', 'ssoNoAccount', 'ssoNotAvailable', 'ssoIssuerUnreachable'];

/** The asked-for page when it is one of ours, else the user's home (/dashboard for those who read alerts, /patients otherwise). */
function safeRedirect(target: string | null, roleId: number | undefined): string {
  return target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/auth') ? target : homePathFor(roleId);
}

/**
 * /auth/login: username or e-mail and password; patients, caregivers and ECP users are refused by the
 * server. Below, "Sign in with your organization" (single sign-on; `?org=<number>` is an organization's link).
 */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const { session, signedIn } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  const form = useForm({
    initialValues: { username: '', password: '', ip: IP_UNAVAILABLE },
    validate: zodValidate(signInBodySchema),
  });
  const redirect = params.get('redirect');
  const orgParam = params.get('org');
  const ssoOrganization = orgParam && /^\d{1,9}$/.test(orgParam) ? Number(orgParam) : null;
  const ssoParam = params.get('sso');
  const ssoRefusal = SSO_LOGIN_ERRORS.find((key) => key === ssoParam) ?? null;
  if (session) { return <Navigate to={safeRedirect(redirect, session.user.roleId)} replace />; }

  const land = async (result: SignInResult) => {
    signedIn(result);
    await landOnBusiestOffice(result.user);
    void navigate(safeRedirect(redirect, result.user.roleId), { replace: true });
  };

  if (challenge) {
    return (
      <AuthCard title={t('login.title')} subtitle={t('login.subtitle')} backToLogin>
        <MfaStep challenge={challenge} onSignedIn={(result) => void land(result)} />
      </AuthCard>
    );
  }

  const submit = form.onSubmit(async (values) => {
    setError(null);
    setBusy(true);
    try {
      const result = await call(authApi.signInV3, { body: values });
      if (isMfaChallenge(result)) { setChallenge(result); } else { await land(result); }
    } catch (err) {
      form.setErrors(serverFieldErrors(err));
      setError(err instanceof ApiError ? err.message : t('networkError'));
    } finally {
      setBusy(false);
    }
  });

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      {error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="login-error">
          {error}
        </Alert>
      )}
      {!error && ssoRefusal && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="sso-refusal">
          {message(ssoRefusal, currentLang())}
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
      <SsoSignIn organizationId={ssoOrganization} />
    </AuthCard>
  );
}
