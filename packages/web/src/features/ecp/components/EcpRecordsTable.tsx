import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAllOfficeStaff, useOfficePatientOptions } from '../../../lib/shared-reads';
import { useAutomaticMapping, useCreateFromLog, useEcpLogs, useSetEcpMapping } from '../api/ecp';
import { EcpMappingTable } from './EcpMappingTable';

/**
 * ECP records beside Vigil records for one office (residents or users): automatic mapping with its
 * reason, confirm a choice, unmap (asked first), create a Vigil record from the log (the shared
 * EcpMappingTable).
 */
export function EcpRecordsTable({ office, kind }: { office: number; kind: 'resident' | 'user' }) {
  const { t } = useTranslation('ecp');
  const logs = useEcpLogs(office, kind);
  const patients = useOfficePatientOptions(kind === 'resident' ? office : null);
  const staff = useAllOfficeStaff(kind === 'user' ? office : null, { select: (list) => list.map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}` })) });
  const automatic = useAutomaticMapping(kind);
  const setMapping = useSetEcpMapping();
  const create = useCreateFromLog(kind);
  const options = ((kind === 'resident' ? patients.data : staff.data) ?? []).map((p) => ({ value: String(p.id), label: p.name }));

  return (
    <EcpMappingTable
      rows={logs}
      searchText={(l) => `${l.firstName} ${l.lastName} ${l.vigilUserName ?? ''}`}
      automatic={{ run: () => automatic.mutateAsync(office), pending: automatic.isPending, disabled: office <= 0, testId: 'ecp-automatic' }}
      tableTestId={`ecp-${kind}-table`}
      emptyText={t(kind === 'resident' ? 'empty.residents' : 'empty.users')}
      headers={{ record: t('columns.ecpRecord'), detail: t(kind === 'resident' ? 'columns.birthdate' : 'columns.email'), match: t('columns.vigilRecord') }}
      record={(l) => ({ label: `${l.firstName} ${l.lastName}`, sub: l.ecpId })}
      detail={(l) => (kind === 'resident' ? l.birthdate : l.email) ?? '—'}
      match={(l) => l.vigilUserName}
      unmapText={(l) => t('unmap.text', { name: `${l.firstName} ${l.lastName}` })}
      renderPicker={(_l, value, onChange) => (
        <Select size="xs" w={200} searchable aria-label={t('confirm.choose')} placeholder={t('confirm.choose')} data={options} value={value} onChange={onChange} />
      )}
      setMapping={(l, vigilUserId) => setMapping.mutateAsync({ id: l.id, vigilUserId })}
      create={(l) => create.mutateAsync(l.id)}
    />
  );
}
