import { useMemo, useState } from 'react';
import { Alert, Button, Group, Paper, SegmentedControl, Switch, Tabs } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Role } from '@vigil/contract';
import { ListOfficePicker, useListOffice } from '../../../components/ListOfficePicker';
import { PageHeader } from '../../../components/PageHeader';
import { useAuth } from '../../../lib/auth';
import { useCan } from '../../../lib/can';
import { useAppointments } from '../api/appointments';
import { AppointmentCalendar } from '../components/AppointmentCalendar';
import { AppointmentDrawer } from '../components/AppointmentDrawer';
import { AppointmentFormModal } from '../components/AppointmentFormModal';
import { RequestQueue } from '../components/RequestQueue';

const DAY_MS = 86_400_000;

/**
 * /appointments: the office calendar (day, week, list) with "my day" for a doctor, the request
 * queue, and the appointment drawer. Days are the office's (docs/appointments.md): the calendar
 * shows office-local wall times; the read asks a day more on each side of the visible range so
 * that every office-local day is whole.
 */
export default function AppointmentsPage() {
  const { t } = useTranslation('appointments');
  const { user } = useAuth();
  const canManage = useCan('appointments.manage');
  const office = useListOffice();
  const hospitalId = office.officeId ?? 0;
  const isDoctor = user?.roleId === Role.DOCTOR;
  const [mine, setMine] = useState(isDoctor);
  const [statusFilter, setStatusFilter] = useState<'active' | 'all'>('active');
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const [tab, setTab] = useState<string | null>('calendar');
  const query = useMemo(
    () =>
      range
        ? {
            hospitalId,
            doctorId: mine && user ? user.id : undefined,
            from: new Date(new Date(`${range.from}T00:00:00Z`).getTime() - DAY_MS).toISOString(),
            to: new Date(new Date(`${range.to}T00:00:00Z`).getTime() + DAY_MS).toISOString(),
          }
        : null,
    [range, hospitalId, mine, user],
  );
  const list = useAppointments(query ?? {}, !!query && hospitalId > 0);
  const shown = (list.data ?? []).filter((a) => statusFilter === 'all' || (a.status !== 'CANCELLED' && a.status !== 'REQUESTED'));

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          canManage &&
          hospitalId > 0 && (
            <Button leftSection={<IconCalendarPlus size={18} aria-hidden />} onClick={() => setCreating(true)} data-testid="appointment-new">
              {t('actions.new')}
            </Button>
          )
        }
      />
      <Group mb="md" gap="md" align="center" wrap="wrap">
        <ListOfficePicker label={t('filters.office')} office={office} />
        {isDoctor && <Switch label={t('filters.myDay')} checked={mine} onChange={(e) => setMine(e.currentTarget.checked)} data-testid="appointment-mine" />}
        <SegmentedControl
          aria-label={t('filters.status')}
          value={statusFilter}
          onChange={(v) => setStatusFilter(v as 'active' | 'all')}
          data={[
            { value: 'active', label: t('filters.active') },
            { value: 'all', label: t('filters.all') },
          ]}
        />
      </Group>
      <Tabs value={tab} onChange={setTab}>
        <Tabs.List mb="md">
          <Tabs.Tab value="calendar">{t('tabs.calendar')}</Tabs.Tab>
          <Tabs.Tab value="requests" data-testid="tab-requests">
            {t('tabs.requests')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="calendar">
          {list.error && (
            <Alert color="red" role="alert" mb="md">
              {list.error.message}
            </Alert>
          )}
          <Paper withBorder radius="md" p="md">
            <AppointmentCalendar appointments={shown} onOpen={setOpen} onRange={(from, to) => setRange((r) => (r?.from === from && r.to === to ? r : { from, to }))} />
          </Paper>
        </Tabs.Panel>
        <Tabs.Panel value="requests">{tab === 'requests' && hospitalId > 0 && <RequestQueue hospitalId={hospitalId} onOpen={setOpen} />}</Tabs.Panel>
      </Tabs>
      <AppointmentDrawer appointmentId={open} onClose={() => setOpen(null)} />
      {hospitalId > 0 && <AppointmentFormModal opened={creating} onClose={() => setCreating(false)} hospitalId={hospitalId} doctorId={isDoctor ? user?.id : undefined} />}
    </>
  );
}
