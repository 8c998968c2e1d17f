import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Center, Group, Loader, Paper, ScrollArea, Select, Table, Text, TextInput } from '@mantine/core';
import { IconCheck, IconSearch, IconUnlink, IconUserPlus, IconWand } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { EcpLog } from '@vigil/contract';
import { confirmAction } from '../../../components/confirm';
import { EmptyState } from '../../../components/EmptyState';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { notify } from '../../../lib/notify';
import { useAllOfficeStaff, useOfficePatientOptions } from '../../../lib/shared-reads';
import { useAutomaticMapping, useCreateFromLog, useEcpLogs, useSetEcpMapping } from '../api/ecp';

const statusColor: Record<EcpLog['status'], string> = { new: 'gray', review: 'orange', mapped: 'green' };

/** The reasons the API gives (features/ecp/ecp.service.ts), as locale keys; a review reason names its candidate count. */
const reasonKeys: Record<string, string> = {
  'medical record number': 'reasons.mrn',
  'e-mail': 'reasons.email',
  'name and birth date': 'reasons.nameBirthdate',
  name: 'reasons.name',
  confirmed: 'reasons.confirmed',
  created: 'reasons.created',
  unmapped: 'reasons.unmapped',
  'no match': 'reasons.noMatch',
};
const candidates = /^(\d+) candidates match by (identifier|name): choose one$/;

/**
 * ECP records beside Vigil records for one office (residents or users): automatic mapping with its
 * reason, confirm a choice, unmap (asked first), create a Vigil record from the log.
 */
export function EcpRecordsTable({ office, kind }: { office: number; kind: 'resident' | 'user' }) {
  const { t } = useTranslation('ecp');
  const canManage = useCan('ecp.manage');
  const logs = useEcpLogs(office, kind);
  const patients = useOfficePatientOptions(kind === 'resident' ? office : null);
  const staff = useAllOfficeStaff(kind === 'user' ? office : null, { select: (list) => list.map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}` })) });
  const automatic = useAutomaticMapping(kind);
  const setMapping = useSetEcpMapping();
  const create = useCreateFromLog(kind);
  const [choice, setChoice] = useState<Record<number, string | null>>({});
  const [search, setSearch] = useState('');
  const options = ((kind === 'resident' ? patients.data : staff.data) ?? []).map((p) => ({ value: String(p.id), label: p.name }));
  const failed = (err: unknown) => notify({ color: 'red', message: err instanceof ApiError ? err.message : t('errors.generic') });
  const reasonText = (reason: string | null) => {
    if (!reason) return '—';
    const tie = candidates.exec(reason);
    if (tie) return t(tie[2] === 'identifier' ? 'reasons.tieIdentifier' : 'reasons.tieName', { count: Number(tie[1]) });
    return reasonKeys[reason] ? t(reasonKeys[reason]) : reason;
  };
  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (logs.data ?? []).filter((l) => !q || `${l.firstName} ${l.lastName} ${l.vigilUserName ?? ''}`.toLowerCase().includes(q));
  }, [logs.data, search]);

  return (
    <Paper withBorder>
      <Group p="sm" justify="space-between" wrap="wrap">
        <TextInput aria-label={t('search')} placeholder={t('search')} leftSection={<IconSearch size={16} aria-hidden />} value={search} onChange={(e) => setSearch(e.currentTarget.value)} w={240} />
        {canManage && (
          <Button
            leftSection={<IconWand size={18} aria-hidden />}
            loading={automatic.isPending}
            disabled={office <= 0}
            data-testid="ecp-automatic"
            onClick={() =>
              automatic.mutate(office, {
                onSuccess: (r) => notify({ color: 'green', message: t('automatic.done', { mapped: r.mapped, review: r.review, unmatched: r.unmatched }) }),
                onError: failed,
              })
            }
          >
            {t('automatic.action')}
          </Button>
        )}
      </Group>
      {logs.isLoading ? (
        <Center p="xl">
          <Loader />
        </Center>
      ) : logs.isError ? (
        <Alert color="red" m="md">
          {logs.error.message}
        </Alert>
      ) : rows.length === 0 ? (
        <EmptyState text={t(kind === 'resident' ? 'empty.residents' : 'empty.users')} />
      ) : (
        <ScrollArea>
          <Table striped data-testid={`ecp-${kind}-table`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.ecpRecord')}</Table.Th>
                <Table.Th>{t(kind === 'resident' ? 'columns.birthdate' : 'columns.email')}</Table.Th>
                <Table.Th>{t('columns.status')}</Table.Th>
                <Table.Th>{t('columns.reason')}</Table.Th>
                <Table.Th>{t('columns.vigilRecord')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>
                    {l.firstName} {l.lastName}
                    <Text size="xs" c="dimmed">
                      {l.ecpId}
                    </Text>
                  </Table.Td>
                  <Table.Td>{(kind === 'resident' ? l.birthdate : l.email) ?? '—'}</Table.Td>
                  <Table.Td>
                    <Badge color={statusColor[l.status]} variant="light" c="dark.8" tt="none" styles={{ root: { minWidth: 'max-content' } }}>
                      {t(`status.${l.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{reasonText(l.reason)}</Table.Td>
                  <Table.Td>{l.vigilUserName ?? '—'}</Table.Td>
                  <Table.Td>
                    {canManage && l.status === 'mapped' && (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        leftSection={<IconUnlink size={16} aria-hidden />}
                        onClick={() =>
                          confirmAction({
                            title: t('unmap.title'),
                            text: t('unmap.text', { name: `${l.firstName} ${l.lastName}` }),
                            confirmLabel: t('unmap.action'),
                            danger: true,
                            onConfirm: () => setMapping.mutate({ id: l.id, vigilUserId: null }, { onError: failed }),
                          })
                        }
                      >
                        {t('unmap.action')}
                      </Button>
                    )}
                    {canManage && l.status !== 'mapped' && (
                      <Group gap="xs" wrap="nowrap">
                        <Select
                          size="xs"
                          w={200}
                          searchable
                          aria-label={t('confirm.choose')}
                          placeholder={t('confirm.choose')}
                          data={options}
                          value={choice[l.id] ?? null}
                          onChange={(v) => setChoice((c) => ({ ...c, [l.id]: v }))}
                        />
                        <Button
                          size="xs"
                          variant="light"
                          leftSection={<IconCheck size={16} aria-hidden />}
                          disabled={!choice[l.id]}
                          onClick={() => setMapping.mutate({ id: l.id, vigilUserId: Number(choice[l.id]) }, { onError: failed })}
                        >
                          {t('confirm.action')}
                        </Button>
                        <Button size="xs" variant="default" leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => create.mutate(l.id, { onError: failed })}>
                          {t('create')}
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Paper>
  );
}
