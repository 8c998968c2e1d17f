import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { sso } from '@vigil/contract';
import { ApiError, call } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { homePathFor } from '../../../lib/home';
import { landOnBusiestOffice } from '../../../lib/office';
import { AuthCard } from '../components/AuthCard';

/**
 * /sso/complete: where the API sends the browser after the provider signed the user in. Opens the
 * Vigil session (POST sso/complete, bound to this browser by its flow cookie) and lands the user in
 * their office with their role, like a password sign-in.
 */
export default function SsoCompletePage() {
  const { t } = useTranslation('auth');
  const { signedIn } = useAuth();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) { return; }
    started.current = true; // the completion is one-time: never twice (React's strict mode runs effects twice)
    void (async () => {
      try {
        const result = await call(sso.completeSso);
        signedIn(result);
        await landOnBusiestOffice(result.user);
        void navigate(homePathFor(result.user.roleId), { replace: true });
      } catch (err) {
        setError(err instanceof ApiError ? err.message : t('networkError'));
      }
    })();
  }, [navigate, signedIn, t]);

  return (
    <AuthCard title={t('sso.completeTitle')}>
      {error ? (
        <Stack gap="sm">
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">{error}</Alert>
          <Anchor component={Link} to="/auth/login" size="sm" ta="center">{t('backToLogin')}</Anchor>
        </Stack>
      ) : (
        <Stack align="center" gap="sm" role="status">
          <Loader size="sm" />
          <Text size="sm">{t('sso.completing')}</Text>
        </Stack>
      )}
    </AuthCard>
  );
}
