import { Checkbox, Grid, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BILLING_PROGRAMS, PAYER_TYPES, deviceTypes, type BillingProgram } from '@vigil/contract';
import { DateField } from '../../../components/DateField';
import { useOfficeToday } from '../../../lib/calendar';
import { deviceTypeTitle } from '../../../components/DeviceTypeIcon';
import { useMedicalDevicesForHospital } from '../../devices';
import type { PatientWizardValues } from './patient-wizard-form';

/**
 * Step 5: enrolment (docs/enrolment.md). The programs the patient is enrolled in, each with its
 * enrolment date; the insurance (for Medicare the member id is the MBI, checked against CMS's
 * format as it is typed); the devices handed over now: unassigned devices of the care team's
 * office, or a new one registered for the patient. Enrolment dates default to, and stop at, today
 * in the time zone of the patient's first office (lowest id), the calendar the server checks.
 */
export function EnrolmentStep({ form, officeId }: { form: UseFormReturnType<PatientWizardValues>; officeId: number | null }) {
  const { t, i18n } = useTranslation('patients');
  const free = useMedicalDevicesForHospital(officeId, { unassigned: 'true', pageSize: 100, sort: 'deviceIdentifier' });
  const chosen = form.values.hospitalIds.map(Number).filter((n) => n > 0);
  const firstOffice = chosen.length > 0 ? Math.min(...chosen) : officeId;
  const today = useOfficeToday(firstOffice);
  const programs = form.values.programs;
  // Until the office is read, today is the browser's; once it is, a default taken from the browser's
  // calendar that is already tomorrow in the office (a UTC browser after 19:00 in New York) moves
  // back to the office's today, the day the server checks against.
  useEffect(() => {
    if (programs.some((p) => p.enrolledOn > today)) {
      form.setFieldValue('programs', programs.map((p) => (p.enrolledOn > today ? { ...p, enrolledOn: today } : p)));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the office's today becomes known or changes: the form object is new on every render
  }, [today]);
  const indexOf = (p: BillingProgram) => programs.findIndex((x) => x.program === p);
  const toggle = (p: BillingProgram, on: boolean) => {
    if (on) { form.setFieldValue('programs', [...programs, { program: p, enrolledOn: today }]); }
    else { form.setFieldValue('programs', programs.filter((x) => x.program !== p)); }
  };
  const payer = form.values.insurance.payerType;
  const devices = free.data?.items ?? [];
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={3} fz="h5">
          {t('enrolment.programsTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('enrolment.programsIntro')}
        </Text>
        <Stack gap="xs" role="group" aria-label={t('enrolment.programsTitle')}>
          {BILLING_PROGRAMS.map((p) => {
            const i = indexOf(p);
            return (
              <Group key={p} gap="md" align="flex-start" wrap="wrap">
                <Checkbox
                  w={{ base: '100%', xs: 260 }}
                  label={`${p} · ${t(`enrolment.programs.${p}`)}`}
                  checked={i >= 0}
                  onChange={(e) => toggle(p, e.currentTarget.checked)}
                  error={i >= 0 ? form.errors[`programs.${i}.program`] : undefined}
                />
                {i >= 0 && (
                  <DateField
                    label={t('enrolment.enrolledOn', { program: p })}
                    max={today}
                    size="xs"
                    w={180}
                    {...form.getInputProps(`programs.${i}.enrolledOn`)}
                  />
                )}
              </Group>
            );
          })}
        </Stack>
      </Stack>

      <Stack gap="xs">
        <Title order={3} fz="h5">
          {t('enrolment.insuranceTitle')}
        </Title>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label={t('enrolment.payerType')}
              placeholder={t('enrolment.noInsurance')}
              clearable
              data={PAYER_TYPES.map((p) => ({ value: p, label: t(`enrolment.payers.${p}`) }))}
              {...form.getInputProps('insurance.payerType')}
              value={payer || null}
              onChange={(v) => form.setFieldValue('insurance.payerType', (v ?? '') as PatientWizardValues['insurance']['payerType'])}
            />
          </Grid.Col>
          {payer !== '' && (
            <>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label={payer === 'MEDICARE' ? t('enrolment.mbi') : t('enrolment.memberId')}
                  description={payer === 'MEDICARE' ? t('enrolment.mbiHint') : undefined}
                  required
                  autoComplete="off"
                  {...form.getInputProps('insurance.memberId')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label={t('enrolment.payerName')} autoComplete="off" {...form.getInputProps('insurance.payerName')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label={t('enrolment.planName')} autoComplete="off" {...form.getInputProps('insurance.planName')} />
              </Grid.Col>
            </>
          )}
        </Grid>
      </Stack>

      <Stack gap="xs">
        <Title order={3} fz="h5">
          {t('enrolment.devicesTitle')}
        </Title>
        {devices.length > 0 ? (
          <Checkbox.Group label={t('enrolment.freeDevices')} {...form.getInputProps('deviceIds')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
              {devices.map((d) => (
                <Checkbox key={d.id} value={String(d.id)} label={`${deviceTypeTitle(d.deviceType, i18n.language)} · ${d.deviceIdentifier}`} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        ) : (
          <Text size="sm" c="dimmed">
            {free.isLoading ? t('enrolment.loadingDevices') : t('enrolment.noFreeDevices')}
          </Text>
        )}
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label={t('enrolment.newDeviceType')}
              placeholder={t('enrolment.noNewDevice')}
              clearable
              data={deviceTypes.map((d) => ({ value: d, label: deviceTypeTitle(d, i18n.language) }))}
              value={form.values.newDevice.deviceType || null}
              onChange={(v) => form.setFieldValue('newDevice.deviceType', (v ?? '') as PatientWizardValues['newDevice']['deviceType'])}
            />
          </Grid.Col>
          {form.values.newDevice.deviceType !== '' && (
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={t('enrolment.newDeviceIdentifier')} required autoComplete="off" {...form.getInputProps('newDevice.deviceIdentifier')} />
            </Grid.Col>
          )}
        </Grid>
      </Stack>
    </Stack>
  );
}
