import { useMemo, useState } from 'react';
import { Alert, Anchor, Badge, Button, Center, CopyButton, Group, Loader, Modal, Paper, ScrollArea, Select, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { IconLink, IconPlugConnected, IconSearch, IconUnlink } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import type { TerraMapping } from '@vigil/contract';
import { confirmAction } from '../../../components/confirm';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { useCalendar } from '../../../lib/calendar';
import { notify } from '../../../lib/notify';
import { useSelectedOffice } from '../../../lib/office';
import { useOfficesInScope } from '../../../lib/offices-in-scope';
import { useOfficePatientOptions } from '../../../lib/shared-reads';
import { useAuthorizeTerra, useDisconnectTerra, useEcpUsersForTerra, useSetEcpUser, useSetFdaCleared, useSetSendingToEcp, useTerraMappings } from '../api/terra';

const statusColor: Record<TerraMapping['status'], string> = { pending: 'yellow', connected: 'green', disconnected: 'gray', error: 'red' };

/**
 * /terraPatientIntegration (portal-spec.md section 2; docs/integrations.md "Terra"): connect a
 * patient to Terra (the widget link and its QR code to hand to the patient), each connection's
 * status (provider, last data, last event), forwarding to the ECP and its ECP user, the FDA-cleared
 * mark (admins), and disconnecting (asked first).
 */
export default function TerraPatientIntegrationPage() {
  const { t } = useTranslation('terra');
  const dates = useCalendar();
  const canManage = useCan('terra.manage');
  const canClear = useCan('terra.fdaClearance');
  const selected = useSelectedOffice();
  const { offices, isLoading: officesLoading } = useOfficesInScope();
  const [picked, setPicked] = useState<number | null>(null);
  const office = picked ?? (selected > 0 ? selected : (offices[0]?.id ?? 0));
  const mappings = useTerraMappings(office);
  const patients = useOfficePatientOptions(office);
  const ecpUsers = useEcpUsersForTerra(canManage);
  const [patientToConnect, setPatientToConnect] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [link, setLink] = useState<{ url: string; name: string } | null>(null);
  const authorize = useAuthorizeTerra();
  const sending = useSetSendingToEcp();
  const ecpUser = useSetEcpUser();
  const fda = useSetFdaCleared();
  const disconnect = useDisconnectTerra();

  const failed = (err: unknown) => notify({ color: 'red', message: err instanceof ApiError ? err.message : t('errors.generic') });

  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (mappings.data ?? []).filter((m) => !q || `${m.patientFirstName} ${m.patientLastName}`.toLowerCase().includes(q));
  }, [mappings.data, search]);

  const connect = () => {
    const id = Number(patientToConnect);
    const name = patients.data?.find((p) => p.id === id)?.name ?? '';
    authorize.mutate(id, { onSuccess: (data) => setLink({ url: data.url, name }), onError: failed });
  };

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
        <Select
          label={t('office')}
          data={offices.map((o) => ({ value: String(o.id), label: o.hospitalName }))}
          value={office > 0 ? String(office) : null}
          onChange={(v) => setPicked(v ? Number(v) : null)}
          disabled={officesLoading}
          allowDeselect={false}
          w={260}
        />
        <TextInput label={t('search')} leftSection={<IconSearch size={16} aria-hidden />} value={search} onChange={(e) => setSearch(e.currentTarget.value)} w={240} />
      </Group>
      {canManage && (
        <Paper withBorder p="md" mb="md">
          <Group align="flex-end" wrap="wrap">
            <Select
              label={t('connect.patient')}
              placeholder={t('connect.choose')}
              searchable
              data={(patients.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
              value={patientToConnect}
              onChange={setPatientToConnect}
              w={300}
              data-testid="terra-patient"
            />
            <Button leftSection={<IconPlugConnected size={18} aria-hidden />} disabled={!patientToConnect} loading={authorize.isPending} onClick={connect} data-testid="terra-connect">
              {t('connect.action')}
            </Button>
          </Group>
        </Paper>
      )}
      <Paper withBorder>
        {mappings.isLoading ? (
          <Center p="xl">
            <Loader />
          </Center>
        ) : mappings.isError ? (
          <Alert color="red" m="md">
            {mappings.error.message}
          </Alert>
        ) : rows.length === 0 ? (
          <EmptyState text={t('empty')} />
        ) : (
          <ScrollArea>
            <Table striped highlightOnHover data-testid="terra-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('columns.patient')}</Table.Th>
                  <Table.Th>{t('columns.status')}</Table.Th>
                  <Table.Th>{t('columns.provider')}</Table.Th>
                  <Table.Th>{t('columns.lastData')}</Table.Th>
                  <Table.Th>{t('columns.lastEvent')}</Table.Th>
                  <Table.Th>{t('columns.fdaCleared')}</Table.Th>
                  <Table.Th>{t('columns.sendToEcp')}</Table.Th>
                  <Table.Th>{t('columns.ecpUser')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((m) => (
                  <Table.Tr key={m.patientId}>
                    <Table.Td>
                      {m.patientFirstName} {m.patientLastName}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={statusColor[m.status]} variant="light" tt="none" styles={{ root: { minWidth: 'max-content' } }}>
                        {t(`status.${m.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{m.provider ?? '—'}</Table.Td>
                    <Table.Td>{m.lastDataAt ? dates.dateTime(m.lastDataAt) : '—'}</Table.Td>
                    <Table.Td>{m.lastEventAt ? `${m.lastEventType ?? ''} · ${dates.dateTime(m.lastEventAt)}` : '—'}</Table.Td>
                    <Table.Td>
                      <Switch
                        aria-label={t('columns.fdaCleared')}
                        checked={m.fdaCleared}
                        disabled={!canClear}
                        onChange={(e) => fda.mutate({ patientId: m.patientId, cleared: e.currentTarget.checked }, { onError: failed })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        aria-label={t('columns.sendToEcp')}
                        checked={m.enableSendingDataToECP}
                        disabled={!canManage}
                        onChange={(e) => sending.mutate({ patientId: m.patientId, enabled: e.currentTarget.checked }, { onError: failed })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Select
                        aria-label={t('columns.ecpUser')}
                        size="xs"
                        w={180}
                        disabled={!canManage}
                        placeholder={t('noEcpUser')}
                        data={(ecpUsers.data ?? []).map((u) => ({ value: String(u.id), label: u.userName }))}
                        value={m.ecpUserInpersonateId ? String(m.ecpUserInpersonateId) : null}
                        onChange={(v) => v && ecpUser.mutate({ patientId: m.patientId, ecpUserId: Number(v) }, { onError: failed })}
                      />
                    </Table.Td>
                    <Table.Td>
                      {canManage && m.status !== 'disconnected' && (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          leftSection={<IconUnlink size={16} aria-hidden />}
                          onClick={() =>
                            confirmAction({
                              title: t('disconnect.title'),
                              text: t('disconnect.text', { name: `${m.patientFirstName} ${m.patientLastName}` }),
                              confirmLabel: t('disconnect.action'),
                              danger: true,
                              onConfirm: () => disconnect.mutate(m.patientId, { onError: failed }),
                            })
                          }
                        >
                          {t('disconnect.action')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
      </Paper>
      <Modal opened={link !== null} onClose={() => setLink(null)} title={t('link.title', { name: link?.name ?? '' })} centered>
        {link && (
          <Stack align="center">
            <Text size="sm">{t('link.text')}</Text>
            <QRCodeSVG value={link.url} size={220} role="img" aria-label={t('link.qr')} data-testid="terra-qr" />
            <Anchor href={link.url} target="_blank" rel="noreferrer" style={{ wordBreak: 'break-all' }} data-testid="terra-link">
              {link.url}
            </Anchor>
            <CopyButton value={link.url}>
              {({ copied, copy }) => (
                <Button variant="default" leftSection={<IconLink size={16} aria-hidden />} onClick={copy}>
                  {copied ? t('link.copied') : t('link.copy')}
                </Button>
              )}
            </CopyButton>
          </Stack>
        )}
      </Modal>
    </>
  );
}
