import { useState } from 'react';
import { Alert, Button, Divider, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconBuildingSkyscraper } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { sso } from '@vigil/contract';
import { ApiError, call } from '../../../lib/api-client';

/** Sends the browser to the organization's provider (GET sso/start redirects; docs/security.md "Single sign-on"). */
export function goToProvider(organizationId: number): void {
  window.location.assign(`/api/sso/start?org=${organizationId}`);
}

/**
 * "Sign in with your organization" on the login page: the user types their work e-mail, its
 * domain or the organization's number (GET sso/discover), then goes to the provider. With a
 * per-organization link (`/auth/login?org=<number>`) the organization is already known.
 */
export function SsoSignIn({ organizationId }: { organizationId: number | null }) {
  const { t } = useTranslation('auth');
  const [q, setQ] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    if (organizationId !== null) { goToProvider(organizationId); return; }
    if (!q.trim()) { setError(t('sso.required')); return; }
    setBusy(true);
    try {
      const found = await call(sso.discoverSso, { query: { q: q.trim() } });
      goToProvider(found.organizationId);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('networkError'));
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      <Divider label={t('sso.or')} labelPosition="center" />
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('sso.title')}>
        <Stack gap="sm">
          {error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="sso-error">
              {error}
            </Alert>
          )}
          {organizationId === null && (
            <TextInput label={t('sso.organization')} description={t('sso.organizationHelp')} autoComplete="email" value={q} onChange={(e) => setQ(e.currentTarget.value)} />
          )}
          <Button type="submit" variant="default" loading={busy} fullWidth leftSection={<IconBuildingSkyscraper size={18} />}>
            {t('sso.submit')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
