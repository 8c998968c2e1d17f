import { useState } from 'react';
import { Alert, Button, Group, NumberInput, Paper, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { mfaPolicies, type MfaPolicy } from '@vigil/contract';
import { PageHeader } from '../../../components/PageHeader';
import { ApiError } from '../../../lib/api-client';
import { useMfaPolicy, useResetUserFactors, useSetMfaPolicy, useUserFactors } from '../api/mfa';

/**
 * /organization/security: the organization admin's MFA policy (optional, administrators,
 * everyone) and the reset of a user's lost factors (docs/security.md "Multi-factor authentication").
 */
export default function OrganizationSecurityPage() {
  const { t } = useTranslation('mfa');
  const policy = useMfaPolicy();
  const setPolicy = useSetMfaPolicy();
  const [choice, setChoice] = useState<MfaPolicy | null>(null);
  const [saved, setSaved] = useState(false);
  const [userId, setUserId] = useState<number | null>(null);
  const [lookup, setLookup] = useState<number | null>(null);
  const factors = useUserFactors(lookup);
  const reset = useResetUserFactors();
  const [confirmReset, setConfirmReset] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const current = choice ?? policy.data?.policy ?? 'optional';

  return (
    <>
      <PageHeader title={t('org.title')} description={t('org.description')} />
      <Stack gap="lg">
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <Radio.Group label={t('org.policy')} value={current} onChange={(v) => { setChoice(v as MfaPolicy); setSaved(false); }}>
              <Stack gap="xs" mt="xs">
                {mfaPolicies.map((p) => (
                  <Radio key={p} value={p} label={t(`org.policies.${p}`)} />
                ))}
              </Stack>
            </Radio.Group>
            {saved && (
              <Alert color="teal" role="status">
                {t('org.saved')}
              </Alert>
            )}
            <Group>
              <Button onClick={() => void setPolicy.mutateAsync(current).then(() => setSaved(true))} loading={setPolicy.isPending} disabled={!policy.data}>
                {t('org.save')}
              </Button>
            </Group>
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <Text fw={600}>{t('org.resetTitle')}</Text>
            <Text size="sm">{t('org.resetText')}</Text>
            <Group align="flex-end">
              <NumberInput label={t('org.userId')} value={userId ?? ''} onChange={(v) => setUserId(typeof v === 'number' ? v : null)} min={1} allowDecimal={false} />
              <Button variant="default" onClick={() => { setMessage(null); setLookup(userId); }} disabled={userId === null}>
                {t('org.lookUp')}
              </Button>
            </Group>
            {factors.error && <Alert color="red" role="alert">{factors.error.message}</Alert>}
            {factors.data && <Text size="sm">{t('org.userHas', { count: factors.data.length })}</Text>}
            {factors.data && factors.data.length > 0 && !confirmReset && (
              <Button color="red" variant="light" onClick={() => setConfirmReset(true)}>
                {t('org.reset')}
              </Button>
            )}
            {confirmReset && lookup !== null && (
              <Group>
                <Text size="sm">{t('org.resetConfirm')}</Text>
                <Button variant="default" onClick={() => setConfirmReset(false)}>
                  {t('cancel')}
                </Button>
                <Button
                  color="red"
                  loading={reset.isPending}
                  onClick={() =>
                    void reset
                      .mutateAsync(lookup)
                      .then((r) => setMessage(t('org.resetDone', { count: r.removed })))
                      .catch((err: unknown) => setMessage(err instanceof ApiError ? err.message : t('failed')))
                      .finally(() => setConfirmReset(false))
                  }
                >
                  {t('org.reset')}
                </Button>
              </Group>
            )}
            {message && <Alert role="status">{message}</Alert>}
          </Stack>
        </Paper>
      </Stack>
    </>
  );
}
