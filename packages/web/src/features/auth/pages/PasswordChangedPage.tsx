import { Alert, Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../../../lib/auth';
import { AuthCard } from '../components/AuthCard';
import type { PasswordChangedState } from './ValidateTokenPage';

/** Where a signed-in user lands (the router's HOME_PATH; not imported to keep the route table out of this chunk). */
const APP_HOME = '/patients';

/** /auth/successfully: the password was changed; on to the app when signed in, else to the login. */
export default function PasswordChangedPage() {
  const { t } = useTranslation('auth');
  const { session } = useAuth();
  const notice = (useLocation().state as PasswordChangedState | null)?.notice;

  return (
    <AuthCard
      title={t('changed.title')}
      icon={
        <ThemeIcon size={48} radius="xl" variant="light" color="teal" aria-hidden>
          <IconCircleCheck size={30} />
        </ThemeIcon>
      }
    >
      <Stack gap="sm" role="status">
        <Text ta="center">{t('changed.text')}</Text>
        {notice && (
          <Alert color="yellow" icon={<IconInfoCircle size={18} />} data-testid="token-signin-notice">
            {notice}
          </Alert>
        )}
      </Stack>
      {session ? (
        <Button component={Link} to={APP_HOME} size="md" fullWidth>
          {t('changed.toApp')}
        </Button>
      ) : (
        <Button component={Link} to="/auth/login" size="md" fullWidth>
          {t('changed.toLogin')}
        </Button>
      )}
    </AuthCard>
  );
}
