import { useMemo, useState } from 'react';
import { Alert, Button, Card, Group, Loader, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/can';
import { useAppointments } from '../api/appointments';
import { AppointmentDrawer } from './AppointmentDrawer';
import { AppointmentFormModal } from './AppointmentFormModal';
import { StatusBadge } from './StatusBadge';

/** A year back: the patient's past visits the panel shows. */
const PAST_DAYS = 365;

/** The patient's visits on /patientdetails/{id}: upcoming or past (a year), schedule one, open one in the drawer. */
export function PatientVisitsPanel({ patientId, hospitalId }: { patientId: number; hospitalId: number }) {
  const { t } = useTranslation('appointments');
  const canRead = useCan('appointments.read');
  const canManage = useCan('appointments.manage');
  const [which, setWhich] = useState<'upcoming' | 'past'>('upcoming');
  const [open, setOpen] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const [now] = useState(() => new Date());
  const query = useMemo(
    () => (which === 'upcoming' ? { patientId, from: now.toISOString() } : { patientId, from: new Date(now.getTime() - PAST_DAYS * 86_400_000).toISOString(), to: now.toISOString() }),
    [which, patientId, now],
  );
  const visits = useAppointments(query, canRead);
  if (!canRead) { return null; }
  const rows = which === 'past' ? [...(visits.data ?? [])].reverse() : (visits.data ?? []);
  return (
    <Card withBorder radius="md" data-testid="patient-visits">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="h4">
          {t('patient.title')}
        </Title>
        {canManage && hospitalId > 0 && (
          <Button size="compact-sm" leftSection={<IconCalendarPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            {t('actions.new')}
          </Button>
        )}
      </Group>
      <SegmentedControl
        size="xs"
        mb="xs"
        value={which}
        onChange={(v) => setWhich(v as 'upcoming' | 'past')}
        data={[
          { value: 'upcoming', label: t('patient.upcoming') },
          { value: 'past', label: t('patient.past') },
        ]}
      />
      {visits.isLoading ? (
        <Loader size="sm" aria-label={t('common:list.loading')} />
      ) : visits.error ? (
        <Alert color="red" role="alert">
          {visits.error.message}
        </Alert>
      ) : rows.length === 0 ? (
        <Text c="dimmed">{which === 'upcoming' ? t('patient.noneUpcoming') : t('patient.nonePast')}</Text>
      ) : (
        <Stack gap={0}>
          <Table highlightOnHover>
            <Table.Tbody>
              {rows.slice(0, 20).map((a) => (
                <Table.Tr key={a.appointmentId}>
                  <Table.Td>
                    <Button variant="subtle" size="compact-sm" onClick={() => setOpen(a.appointmentId)}>
                      {a.localDate} {a.localTime}
                    </Button>
                  </Table.Td>
                  <Table.Td>{t(`kind.${a.kind}`)}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={a.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
      <AppointmentDrawer appointmentId={open} onClose={() => setOpen(null)} />
      <AppointmentFormModal opened={creating} onClose={() => setCreating(false)} hospitalId={hospitalId} patientId={patientId} />
    </Card>
  );
}
