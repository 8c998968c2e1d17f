import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import type { MedicalTeam } from '@vigil/contract';
import { ServerTable, type Column, type PageState } from '../../../components/ServerTable';
import { useCalendar } from '../../../lib/calendar';
import { TeamMembersCell } from './TeamMembersCell';

/** The office's medical teams: patient, members by role, member count, created date. */
export function TeamsTable(props: {
  rows: MedicalTeam[] | undefined;
  total: number | undefined;
  state: PageState;
  onChange: (s: PageState) => void;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  onOpen: (row: MedicalTeam) => void;
  emptyAction?: ReactNode;
}) {
  const { t } = useTranslation('medicalTeams');
  const dates = useCalendar();
  const columns: Column<MedicalTeam>[] = [
    {
      header: t('list.patient'),
      sortKey: 'patientName',
      render: (r) => (
        <Text size="sm" fw={500}>
          {r.patient.lastName}, {r.patient.firstName}
        </Text>
      ),
    },
    { header: t('list.members'), render: (r) => <TeamMembersCell members={r.members} /> },
    { header: t('list.size'), render: (r) => r.members.length },
    { header: t('list.created'), sortKey: 'createdAt', render: (r) => dates.date(r.createdAt) },
  ];
  return (
    <ServerTable
      caption={t('list.caption')}
      columns={columns}
      rows={props.rows}
      total={props.total}
      state={props.state}
      onChange={props.onChange}
      rowKey={(r) => r.id}
      loading={props.loading}
      error={props.error}
      onRetry={props.onRetry}
      onRowClick={props.onOpen}
      emptyText={t('list.empty')}
      emptyAction={props.emptyAction}
    />
  );
}
