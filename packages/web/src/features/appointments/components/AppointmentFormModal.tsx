import { useState } from 'react';
import { Alert, Button, Group, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Role, appointmentKinds, message, type AppointmentKind } from '@vigil/contract';
import { DateField } from '../../../components/DateField';
import { serverFieldErrors } from '../../../lib/forms';
import { currentLang } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useActiveOfficeStaff, useOffice, useOfficePatientOptions } from '../../../lib/shared-reads';
import { useCreateAppointment } from '../api/appointments';
import { todayIn } from '../../../lib/calendar';
import { instantOfWallTime } from '../../../lib/calendar';
import { FormModal } from '../../../components/FormModal';

/**
 * Schedule an appointment (POST appointments) in office `hospitalId`: patient, doctor, local date
 * and time in the office's zone, duration, kind, attendees from the office's staff, reason. The
 * server's 409 names the clash; it is shown above the buttons.
 */
export function AppointmentFormModal({ opened, onClose, hospitalId, patientId, doctorId }: { opened: boolean; onClose: () => void; hospitalId: number; patientId?: number; doctorId?: number }) {
  const { t } = useTranslation('appointments');
  return (
    <FormModal opened={opened} onClose={onClose} title={t('form.title')} size="lg" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      {opened && <AppointmentForm hospitalId={hospitalId} patientId={patientId} doctorId={doctorId} onClose={onClose} />}
    </FormModal>
  );
}

function AppointmentForm({ hospitalId, patientId, doctorId, onClose }: { hospitalId: number; patientId?: number; doctorId?: number; onClose: () => void }) {
  const { t } = useTranslation('appointments');
  const office = useOffice(hospitalId);
  const zone = office.data?.timeZone ?? 'America/New_York';
  const patients = useOfficePatientOptions(hospitalId);
  const staff = useActiveOfficeStaff(hospitalId);
  const create = useCreateAppointment();
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [values, setValues] = useState({
    patientId: patientId ? String(patientId) : null as string | null,
    doctorId: doctorId ? String(doctorId) : null as string | null,
    date: todayIn(zone) as string | null,
    time: '09:00',
    durationMinutes: 30 as number | string,
    kind: 'VIDEO' as AppointmentKind,
    attendeeIds: [] as string[],
    reason: '',
  });
  const set = <K extends keyof typeof values>(k: K, v: (typeof values)[K]) => setValues((s) => ({ ...s, [k]: v }));
  const people = staff.data?.items ?? [];
  const doctors = people.filter((p) => p.roleId === Role.DOCTOR).map((p) => ({ value: String(p.id), label: `${p.firstName} ${p.lastName}` }));
  const others = people.filter((p) => String(p.id) !== values.doctorId).map((p) => ({ value: String(p.id), label: `${p.firstName} ${p.lastName}` }));

  const submit = () => {
    const missing: Record<string, string> = {};
    const required = message('required', currentLang());
    if (!values.patientId) { missing.patientId = required; }
    if (!values.doctorId) { missing.doctorId = required; }
    if (!values.date) { missing.date = required; }
    if (!/^\d{2}:\d{2}$/.test(values.time)) { missing.time = t('form.timeInvalid'); }
    setFieldErrors(missing);
    if (Object.keys(missing).length > 0) { return; }
    setError(null);
    create.mutate(
      {
        hospitalId,
        patientId: Number(values.patientId),
        doctorId: Number(values.doctorId),
        appointmentDateTime: instantOfWallTime(values.date!, values.time, zone),
        durationMinutes: Number(values.durationMinutes),
        kind: values.kind,
        attendeeIds: values.attendeeIds.map(Number),
        reason: values.reason,
      },
      {
        onSuccess: () => {
          notify({ color: 'green', message: t('form.saved') });
          onClose();
        },
        onError: (err) => {
          setError(err instanceof Error ? err.message : t('common:list.error'));
          setFieldErrors(serverFieldErrors(err));
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('fields.patient')}
          data={(patients.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          value={values.patientId}
          onChange={(v) => set('patientId', v)}
          searchable
          required
          error={fieldErrors.patientId}
          data-testid="appointment-patient"
        />
        <Select
          label={t('fields.doctor')}
          data={doctors}
          value={values.doctorId}
          onChange={(v) => set('doctorId', v)}
          searchable
          required
          error={fieldErrors.doctorId}
          data-testid="appointment-doctor"
        />
        <DateField label={t('fields.date')} value={values.date} onChange={(v) => set('date', v)} required error={fieldErrors.date} data-testid="appointment-date" />
        <TextInput
          label={t('fields.time', { zone })}
          value={values.time}
          onChange={(e) => set('time', e.currentTarget.value)}
          placeholder="HH:mm"
          required
          error={fieldErrors.time ?? fieldErrors.appointmentDateTime}
          data-testid="appointment-time"
        />
        <NumberInput label={t('fields.duration')} min={5} max={480} step={5} value={values.durationMinutes} onChange={(v) => set('durationMinutes', v)} error={fieldErrors.durationMinutes} />
        <Select
          label={t('fields.kind')}
          data={appointmentKinds.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
          value={values.kind}
          onChange={(v) => v && set('kind', v as AppointmentKind)}
          allowDeselect={false}
          data-testid="appointment-kind"
        />
      </SimpleGrid>
      <MultiSelect label={t('fields.attendees')} data={others} value={values.attendeeIds} onChange={(v) => set('attendeeIds', v)} searchable error={fieldErrors.attendeeIds} />
      <Textarea label={t('fields.reason')} value={values.reason} onChange={(e) => set('reason', e.currentTarget.value)} maxLength={500} autosize minRows={2} />
      {error && (
        <Alert color="red" role="alert" data-testid="appointment-error">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common:actions.cancel')}
        </Button>
        <Button onClick={submit} loading={create.isPending} data-testid="appointment-save">
          {t('form.save')}
        </Button>
      </Group>
    </Stack>
  );
}
