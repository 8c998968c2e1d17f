import { useState } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { changePasswordWithTokenBodySchema, isMfaChallenge, message, type MfaChallenge } from '@vigil/contract';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { serverFieldErrors, zodValidate } from '../../../lib/forms';
import { currentLang } from '../../../lib/i18n';
import { AuthCard, IP_UNAVAILABLE } from '../components/AuthCard';
import { MfaStep } from '../components/MfaStep';
import { useChangePasswordWithToken, useSignInWithToken } from '../api/auth';

/** What /auth/successfully may show: the server's reason when the automatic sign-in was refused. */
export interface PasswordChangedState {
  notice?: string;
}

interface Values {
  newPassword: string;
  repeatPassword: string;
}

/**
 * /api/user/validatetoken#token=...: the page of the e-mailed link (password reset or account
 * validation). The token is in the fragment, which the browser never sends to a server or a
 * proxy (docs/security.md "Tokens stay out of addresses"); `?token=` of links e-mailed before is
 * still read. Sets the new password, then signs in with the one-time token the server answers and
 * goes to /auth/successfully; when the token sign-in is refused (patients), it goes there anyway
 * and shows the server's message.
 */
export default function ValidateTokenPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const { hash } = useLocation();
  const token = (new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? params.get('token'))?.trim() ?? '';
  const navigate = useNavigate();
  const { signedIn } = useAuth();
  const change = useChangePasswordWithToken();
  const tokenSignIn = useSignInWithToken();
  const [error, setError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);

  const checkBody = zodValidate(changePasswordWithTokenBodySchema);
  const form = useForm<Values>({
    initialValues: { newPassword: '', repeatPassword: '' },
    validate: (values) => {
      const errors = checkBody({ token: token || 'x', newPassword: values.newPassword });
      if (!values.repeatPassword) { errors.repeatPassword = message('required', currentLang()); }
      else if (values.repeatPassword !== values.newPassword) { errors.repeatPassword = t('newPassword.mismatch'); }
      return errors;
    },
  });

  if (challenge) {
    // The token stands for the password only: a user with a second factor (or who must enrol one) takes that step here.
    return (
      <AuthCard title={t('newPassword.title')} backToLogin>
        <MfaStep
          challenge={challenge}
          onSignedIn={(result) => {
            signedIn(result);
            void navigate('/auth/successfully', { replace: true });
          }}
        />
      </AuthCard>
    );
  }

  if (!token) {
    return (
      <AuthCard title={t('newPassword.title')} backToLogin>
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {t('newPassword.missingToken')}
        </Alert>
        <Anchor component={Link} to="/auth/forgetpassword" size="sm" ta="center">
          {t('newPassword.requestAgain')}
        </Anchor>
      </AuthCard>
    );
  }

  const submit = form.onSubmit(async ({ newPassword }) => {
    setError(null);
    let signInToken: string;
    try {
      ({ signInToken } = await change.mutateAsync({ token, newPassword }));
    } catch (err) {
      form.setErrors(serverFieldErrors(err));
      setError(err instanceof ApiError ? err.message : t('networkError'));
      return;
    }
    try {
      const result = await tokenSignIn.mutateAsync({ token: signInToken, ip: IP_UNAVAILABLE });
      if (isMfaChallenge(result)) {
        setChallenge(result);
        return;
      }
      signedIn(result);
      void navigate('/auth/successfully', { replace: true });
    } catch (err) {
      // The password is changed; only the automatic sign-in was refused (e.g. a patient).
      const state: PasswordChangedState = { notice: err instanceof ApiError ? err.message : t('networkError') };
      void navigate('/auth/successfully', { replace: true, state });
    }
  });

  return (
    <AuthCard title={t('newPassword.title')} subtitle={t('newPassword.subtitle')} backToLogin>
      {error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          <Stack gap={4}>
            <Text size="sm">{error}</Text>
            <Anchor component={Link} to="/auth/forgetpassword" size="sm">
              {t('newPassword.requestAgain')}
            </Anchor>
          </Stack>
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label={t('newPassword.new')}
            description={t('newPassword.rule')}
            autoComplete="new-password"
            autoFocus
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput label={t('newPassword.repeat')} autoComplete="new-password" {...form.getInputProps('repeatPassword')} />
          <Button type="submit" loading={change.isPending || tokenSignIn.isPending} fullWidth size="md">
            {t('newPassword.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
