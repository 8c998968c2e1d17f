import { useEffect, useState } from 'react';
import { Alert, Button, Code, CopyButton, Group, NumberInput, Paper, PasswordInput, SegmentedControl, Select, Stack, Switch, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Role, roleNames, ssoProvisionableRoles, type SaveSsoConfigBody, type SsoConfig } from '@vigil/contract';
import { PageHeader } from '../../../components/PageHeader';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { serverFieldErrors } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { useOrganizationOffices, useSaveSsoConfig, useSsoConfig } from '../api/sso';

interface Values {
  enabled: boolean;
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  claim: 'email' | 'sub';
  emailDomains: string[];
  jitEnabled: boolean;
  jitRoleId: string | null;
  jitOfficeId: string | null;
  required: boolean;
}

const empty: Values = { enabled: true, issuerUrl: '', clientId: '', clientSecret: '', claim: 'email', emailDomains: [], jitEnabled: false, jitRoleId: null, jitOfficeId: null, required: false };

function valuesOf(c: SsoConfig): Values {
  return {
    enabled: c.enabled,
    issuerUrl: c.issuerUrl,
    clientId: c.clientId,
    clientSecret: '',
    claim: c.claim,
    emailDomains: c.emailDomains,
    jitEnabled: c.jitEnabled,
    jitRoleId: c.jitRoleId === null ? null : String(c.jitRoleId),
    jitOfficeId: c.jitOfficeId === null ? null : String(c.jitOfficeId),
    required: c.required,
  };
}

/** A URL to register at the provider, with a copy button. */
function CopyLine({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation('sso');
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500}>{label}</Text>
      <Group gap="xs" wrap="nowrap">
        <Code style={{ wordBreak: 'break-all' }}>{value}</Code>
        <CopyButton value={value}>{({ copied, copy }) => <Button size="compact-xs" variant="light" onClick={copy}>{copied ? t('copied') : t('copy')}</Button>}</CopyButton>
      </Group>
    </Stack>
  );
}

/**
 * /security/sso (organization security settings; docs/security.md "Single sign-on"): the
 * organization's OpenID Connect provider: issuer, client id and secret (never shown again), the
 * claim that names the Vigil user, just-in-time provisioning with a non-admin role and an office,
 * and whether the organization's users must sign in through it. An organization admin edits their
 * own organization; a system admin picks one by number.
 */
export default function SsoSettingsPage() {
  const { t, i18n } = useTranslation('sso');
  const { session } = useAuth();
  const own = session?.user.organizationId ?? null;
  const [organizationId, setOrganizationId] = useState<number | null>(own);
  const config = useSsoConfig(organizationId);
  const officesOf = useOrganizationOffices(organizationId);
  const save = useSaveSsoConfig(organizationId ?? 0);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({ initialValues: empty });
  const lang = i18n.language.startsWith('en') ? 'en' : 'es';

  useEffect(() => {
    form.setValues(config.data ? valuesOf(config.data) : empty);
    form.resetDirty();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset the form when another organization's settings arrive
  }, [config.data, organizationId]);

  const submit = form.onSubmit(async (v) => {
    setError(null);
    const body: SaveSsoConfigBody = {
      enabled: v.enabled,
      issuerUrl: v.issuerUrl.trim(),
      clientId: v.clientId.trim(),
      ...(v.clientSecret ? { clientSecret: v.clientSecret } : {}),
      claim: v.claim,
      emailDomains: v.emailDomains,
      jitEnabled: v.jitEnabled,
      jitRoleId: v.jitEnabled && v.jitRoleId ? Number(v.jitRoleId) : null,
      jitOfficeId: v.jitEnabled && v.jitOfficeId ? Number(v.jitOfficeId) : null,
      required: v.required,
    };
    try {
      await save.mutateAsync(body);
      form.setFieldValue('clientSecret', '');
      notify({ color: 'green', message: t('saved') });
    } catch (err) {
      form.setErrors(serverFieldErrors(err));
      setError(err instanceof ApiError ? err.message : t('saveFailed'));
    }
  });

  const roleOptions = ssoProvisionableRoles.map((r) => ({ value: String(r), label: roleNames[r][lang] }));
  const officeOptions = (officesOf.data?.items ?? []).map((o) => ({ value: String(o.id), label: o.hospitalName }));

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <Stack gap="md" maw={720}>
        {session?.user.roleId === Role.SYSTEM_ADMIN && (
          <NumberInput label={t('organizationNumber')} min={1} value={organizationId ?? ''} onChange={(v) => setOrganizationId(typeof v === 'number' ? v : null)} />
        )}
        {organizationId !== null && (
          <Paper withBorder p="md" component="form" onSubmit={submit} noValidate aria-labelledby="sso-provider-title">
            <Stack gap="md">
              <Title order={2} size="h4" id="sso-provider-title">{t('provider')}</Title>
              {error && <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">{error}</Alert>}
              <Switch label={t('enabled')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
              <TextInput required label={t('issuerUrl')} description={t('issuerUrlHelp')} placeholder="https://login.microsoftonline.com/<tenant>/v2.0" {...form.getInputProps('issuerUrl')} />
              <TextInput required label={t('clientId')} {...form.getInputProps('clientId')} />
              <PasswordInput
                label={t('clientSecret')}
                description={config.data?.hasClientSecret ? t('clientSecretKept') : t('clientSecretHelp')}
                autoComplete="new-password"
                {...form.getInputProps('clientSecret')}
              />
              <Stack gap={4}>
                <Text size="sm" fw={500} id="sso-claim-label">{t('claim')}</Text>
                <SegmentedControl
                  aria-labelledby="sso-claim-label"
                  data={[{ value: 'email', label: t('claimEmail') }, { value: 'sub', label: t('claimSub') }]}
                  {...form.getInputProps('claim')}
                />
                <Text size="xs" c="dimmed">{t('claimHelp')}</Text>
              </Stack>
              <TagsInput label={t('emailDomains')} description={t('emailDomainsHelp')} placeholder="clinic.example.org" {...form.getInputProps('emailDomains')} />
              <Switch label={t('jitEnabled')} description={t('jitHelp')} {...form.getInputProps('jitEnabled', { type: 'checkbox' })} />
              {form.values.jitEnabled && (
                <Group grow align="flex-start">
                  <Select required label={t('jitRole')} data={roleOptions} {...form.getInputProps('jitRoleId')} />
                  <Select required label={t('jitOffice')} data={officeOptions} searchable {...form.getInputProps('jitOfficeId')} />
                </Group>
              )}
              <Switch label={t('required')} description={t('requiredHelp')} {...form.getInputProps('required', { type: 'checkbox' })} />
              {config.data && (
                <Stack gap="xs">
                  <Text size="sm">{t('registerAtProvider')}</Text>
                  <CopyLine label={t('redirectUri')} value={config.data.redirectUri} />
                  <CopyLine label={t('backchannelLogoutUri')} value={config.data.backchannelLogoutUri} />
                  <CopyLine label={t('signInLink')} value={`${window.location.origin}/auth/login?org=${organizationId}`} />
                </Stack>
              )}
              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending}>{t('save')}</Button>
              </Group>
            </Stack>
          </Paper>
        )}
      </Stack>
    </>
  );
}
