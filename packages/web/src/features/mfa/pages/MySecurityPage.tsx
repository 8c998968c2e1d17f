import { useState } from 'react';
import { Alert, Badge, Button, Center, Code, Group, Image, Loader, Modal, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { startRegistration } from '@simplewebauthn/browser';
import type { MfaFactor, TotpEnrolment } from '@vigil/contract';
import { PageHeader } from '../../../components/PageHeader';
import { ApiError } from '../../../lib/api-client';
import { useConfirmTotp, useDeleteMyFactor, useFinishPasskey, useMyMfa, useRegenerateRecoveryCodes, useStartPasskey, useStartTotp } from '../api/mfa';
import { RecoveryCodesList } from '../components/RecoveryCodesList';

/** /profile/security: the caller's second factors (docs/security.md "Multi-factor authentication"): add TOTP or a passkey, remove one (confirmed), new recovery codes. */
export default function MySecurityPage() {
  const { t } = useTranslation('mfa');
  const status = useMyMfa();
  const startTotp = useStartTotp();
  const confirmTotp = useConfirmTotp();
  const startPasskey = useStartPasskey();
  const finishPasskey = useFinishPasskey();
  const remove = useDeleteMyFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [removing, setRemoving] = useState<MfaFactor | null>(null);
  const [confirmRegenerate, setConfirmRegenerate] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fail = (err: unknown) => setError(err instanceof ApiError ? err.message : t('failed'));

  const onStartTotp = async () => {
    setError(null);
    setCodes(null);
    try { setEnrolment(await startTotp.mutateAsync(undefined)); setCode(''); } catch (err) { fail(err); }
  };
  const onConfirmTotp = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!enrolment) { return; }
    setError(null);
    try {
      const done = await confirmTotp.mutateAsync({ factorId: enrolment.factorId, code });
      setEnrolment(null);
      setCodes(done.recoveryCodes);
    } catch (err) { fail(err); }
  };
  const onAddPasskey = async () => {
    setError(null);
    setCodes(null);
    try {
      const { factorId, options } = await startPasskey.mutateAsync({});
      const response = await startRegistration({ optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'] });
      const done = await finishPasskey.mutateAsync({ factorId, response: response as unknown as Record<string, unknown> });
      setCodes(done.recoveryCodes);
    } catch (err) { fail(err); }
  };
  const onRemove = async () => {
    if (!removing) { return; }
    try { await remove.mutateAsync(removing.id); } catch (err) { fail(err); }
    setRemoving(null);
  };
  const onRegenerate = async () => {
    setConfirmRegenerate(false);
    try { setCodes((await regenerate.mutateAsync({})).codes); } catch (err) { fail(err); }
  };

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      {status.isLoading && (
        <Center py="xl">
          <Loader aria-label={t('loading')} />
        </Center>
      )}
      {error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" mb="md" data-testid="mfa-error">
          {error}
        </Alert>
      )}
      {status.data && (
        <Stack gap="lg">
          {status.data.required && status.data.factors.length === 0 && (
            <Alert color="orange" role="status">
              {t('requiredNotice')}
            </Alert>
          )}
          <Paper withBorder radius="md" p="lg">
            <Stack gap="md">
              <Text fw={600}>{t('factors')}</Text>
              {status.data.factors.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('none')}
                </Text>
              ) : (
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('kind')}</Table.Th>
                      <Table.Th>{t('label')}</Table.Th>
                      <Table.Th>{t('lastUsed')}</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {status.data.factors.map((f) => (
                      <Table.Tr key={f.id} data-testid="mfa-factor">
                        <Table.Td>
                          <Badge variant="light">{t(`kinds.${f.kind}`)}</Badge>
                        </Table.Td>
                        <Table.Td>{f.label}</Table.Td>
                        <Table.Td>{f.lastUsedAt ? new Date(f.lastUsedAt).toLocaleString() : '—'}</Table.Td>
                        <Table.Td>
                          <Button size="xs" variant="subtle" color="red" onClick={() => setRemoving(f)}>
                            {t('remove')}
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
              <Text size="sm">{t('recoveryLeft', { count: status.data.recoveryCodesLeft })}</Text>
              <Group>
                <Button onClick={() => void onStartTotp()} loading={startTotp.isPending}>
                  {t('addTotp')}
                </Button>
                <Button variant="default" onClick={() => void onAddPasskey()} loading={startPasskey.isPending || finishPasskey.isPending}>
                  {t('addPasskey')}
                </Button>
                {status.data.factors.length > 0 && (
                  <Button variant="default" onClick={() => setConfirmRegenerate(true)}>
                    {t('regenerate')}
                  </Button>
                )}
              </Group>
            </Stack>
          </Paper>
          {enrolment && (
            <Paper withBorder radius="md" p="lg">
              <form onSubmit={(e) => void onConfirmTotp(e)} noValidate>
                <Stack gap="md">
                  <Text fw={600}>{t('enrol.title')}</Text>
                  <Text size="sm">{t('enrol.text')}</Text>
                  <Image src={enrolment.qrDataUrl} alt={t('enrol.qrAlt')} w={200} h={200} />
                  <Text size="xs" c="dimmed">
                    {t('enrol.secret')}: <Code data-testid="totp-secret">{enrolment.secret}</Code>
                  </Text>
                  <TextInput label={t('enrol.code')} value={code} onChange={(e) => setCode(e.currentTarget.value)} autoComplete="one-time-code" inputMode="numeric" autoFocus />
                  <Group>
                    <Button type="submit" loading={confirmTotp.isPending}>
                      {t('enrol.confirm')}
                    </Button>
                    <Button variant="default" onClick={() => setEnrolment(null)}>
                      {t('cancel')}
                    </Button>
                  </Group>
                </Stack>
              </form>
            </Paper>
          )}
          {codes && (
            <Paper withBorder radius="md" p="lg">
              <RecoveryCodesList codes={codes} />
            </Paper>
          )}
        </Stack>
      )}
      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title={t('removeTitle')}>
        <Stack>
          <Text size="sm">{t('removeText', { label: removing?.label ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)}>
              {t('cancel')}
            </Button>
            <Button color="red" onClick={() => void onRemove()} loading={remove.isPending}>
              {t('remove')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={confirmRegenerate} onClose={() => setConfirmRegenerate(false)} title={t('regenerate')}>
        <Stack>
          <Text size="sm">{t('regenerateText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmRegenerate(false)}>
              {t('cancel')}
            </Button>
            <Button onClick={() => void onRegenerate()}>{t('regenerate')}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
