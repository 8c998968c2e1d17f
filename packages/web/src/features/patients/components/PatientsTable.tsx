import { ActionIcon, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { ServerTable, type Column, type PageState } from '../../../components/ServerTable';
import { UserStatusBadge } from '../../../components/UserStatusBadge';
import { useCalendar } from '../../../lib/calendar';
import { CareTeamCell } from './CareTeamCell';
import { PatientStatusMenu } from './PatientStatusMenu';
import { CareMinutesCell, LastReadingCell, OpenAlertsCell, ProgramsCell, ReadingDaysCell, type Triage } from './TriageCells';

/** One row of /patients, from either list endpoint. `team` is known for one office; `offices` for all. */
export interface PatientRow {
  id: number;
  firstName: string;
  lastName: string;
  birthdate: string | null;
  status: number;
  patientIdentifier: string;
  medicalRegistrationNumber: string;
  team?: { firstName: string; lastName: string; roleId: number }[];
  offices?: string[];
  /** The triage figures, known for one office's list (docs/patient-list.md). */
  triage?: Triage;
}

function Identifier({ row }: { row: PatientRow }) {
  const { t } = useTranslation('patients');
  if (!row.patientIdentifier && !row.medicalRegistrationNumber) { return <Text size="sm">—</Text>; }
  const cell = (label: string, value: string) => (
    <Tooltip label={`${label}: ${value}`} openDelay={400} withinPortal>
      <Text size="sm" maw={200} truncate="end">
        {value}
      </Text>
    </Tooltip>
  );
  return (
    <Stack gap={0}>
      {row.patientIdentifier && cell(t('fields.patientIdentifier'), row.patientIdentifier)}
      {row.medicalRegistrationNumber && row.medicalRegistrationNumber !== row.patientIdentifier && (
        <Text size="xs" c="dimmed" maw={200} truncate="end">
          {t('list.mrn')}: {row.medicalRegistrationNumber}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The patients list: name, birth date, identifier / record number, status, care team (or offices),
 * status menu; for one office also the triage columns (last reading, reading days of the device
 * period, care minutes this month, open alerts, programs), sortable on the server.
 */
export function PatientsTable(props: {
  rows: PatientRow[] | undefined;
  total: number | undefined;
  state: PageState;
  onChange: (s: PageState) => void;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  onOpen: (row: PatientRow) => void;
  /** Opens the details drawer (the row itself opens the patient's page). */
  onQuickView?: (row: PatientRow) => void;
  allOffices: boolean;
  emptyAction?: ReactNode;
}) {
  const { t } = useTranslation('patients');
  const dates = useCalendar();
  const columns: Column<PatientRow>[] = [
    {
      header: t('list.name'),
      sortKey: 'lastName',
      render: (r) => (
        <Text size="sm" fw={500}>
          {r.lastName}, {r.firstName}
        </Text>
      ),
    },
    { header: t('fields.birthdate'), sortKey: props.allOffices ? undefined : 'birthdate', render: (r) => dates.date(r.birthdate) || '—' },
    { header: t('list.identifier'), sortKey: props.allOffices ? undefined : 'patientIdentifier', render: (r) => <Identifier row={r} /> },
    { header: t('list.status'), sortKey: 'status', render: (r) => <UserStatusBadge status={r.status} /> },
    props.allOffices
      ? { header: t('fields.offices'), render: (r) => <Text size="sm">{r.offices?.join(', ') || '—'}</Text> }
      : { header: t('list.careTeam'), render: (r) => <CareTeamCell members={r.team ?? []} /> },
    ...(props.allOffices
      ? []
      : ([
          { header: t('triage.lastReading'), sortKey: 'lastReadingAt', render: (r) => r.triage && <LastReadingCell triage={r.triage} /> },
          { header: t('triage.readingDays'), sortKey: 'readingDays', render: (r) => r.triage && <ReadingDaysCell triage={r.triage} /> },
          { header: t('triage.careMinutes'), sortKey: 'careMinutes', render: (r) => r.triage && <CareMinutesCell triage={r.triage} /> },
          { header: t('triage.openAlerts'), sortKey: 'openAlerts', render: (r) => r.triage && <OpenAlertsCell triage={r.triage} /> },
          { header: t('triage.programs'), render: (r) => r.triage && <ProgramsCell triage={r.triage} /> },
        ] satisfies Column<PatientRow>[])),
    {
      header: t('list.actions'),
      width: 96,
      render: (r) => (
        <Group justify="flex-end" gap={4} wrap="nowrap" onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
          {props.onQuickView && (
            <Tooltip label={t('list.quickView')} openDelay={400} withinPortal>
              <ActionIcon variant="subtle" color="gray.7" aria-label={t('list.quickViewFor', { name: `${r.firstName} ${r.lastName}` })} onClick={() => props.onQuickView!(r)}>
                <IconEye size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
          <PatientStatusMenu patient={r} compact />
        </Group>
      ),
    },
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
