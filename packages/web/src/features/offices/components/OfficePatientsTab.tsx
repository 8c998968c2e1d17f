import { useState } from 'react';
import { Group, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OfficePatientListItem } from '@vigil/contract';
import { SearchInput } from '../../../components/SearchInput';
import { ServerTable, type Column, type PageState } from '../../../components/ServerTable';
import { UserStatusBadge } from '../../../components/UserStatusBadge';
import { useOfficePatients } from '../../../lib/shared-reads';

/** The office's patients (hospital/getrelatedpatientsforhospitalv4), paged, searched and filtered by status. */
export function OfficePatientsTab({ officeId }: { officeId: number }) {
  const { t } = useTranslation('offices');
  const { t: tc } = useTranslation();
  const [state, setState] = useState<PageState>({ page: 1, pageSize: 10, sort: 'lastName' });
  const [status, setStatus] = useState<string | null>(null);
  const q = useOfficePatients(officeId, { ...state, status: status === null ? undefined : Number(status) });

  const columns: Column<OfficePatientListItem>[] = [
    {
      header: t('columns.name'),
      sortKey: 'lastName',
      render: (p) => (
        <Stack gap={0}>
          <Text size="sm">{`${p.lastName}, ${p.firstName}`}</Text>
          {p.patientIdentifier && (
            <Text size="xs" c="dimmed" lineClamp={1} title={p.patientIdentifier}>
              {t('columns.identifier')}: {p.patientIdentifier}
            </Text>
          )}
        </Stack>
      ),
    },
    { header: t('columns.birthdate'), sortKey: 'birthdate', render: (p) => p.birthdate ?? '' },
    {
      header: t('columns.team'),
      render: (p) => p.medicalTeam.map((m) => `${m.firstName} ${m.lastName}`).join(', '),
    },
    { header: t('columns.status'), sortKey: 'status', render: (p) => <UserStatusBadge status={p.status} /> },
  ];

  return (
    <Stack gap="sm">
      <Group gap="sm">
        <SearchInput value={state.search} onChange={(search) => setState({ ...state, page: 1, search })} label={t('patients.search')} />
        <Select
          w={170}
          aria-label={t('columns.status')}
          placeholder={t('filters.allStatuses')}
          clearable
          data={[0, 1, 2, 3].map((s) => ({ value: String(s), label: tc(`status.${s}`) }))}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setState({ ...state, page: 1 });
          }}
        />
      </Group>
      <ServerTable
        caption={t('details.patients')}
        columns={columns}
        rows={q.data?.items}
        total={q.data?.total}
        state={state}
        onChange={setState}
        rowKey={(p) => p.id}
        loading={q.isFetching}
        error={q.error}
        onRetry={() => void q.refetch()}
        emptyText={t('patients.empty')}
      />
    </Stack>
  );
}
