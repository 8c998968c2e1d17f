import { useEffect, useMemo, useRef, useState, type MutableRefObject } from 'react';
import { Alert, Button, Group, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconArrowLeft, IconArrowRight, IconCheck, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useQueries } from '@tanstack/react-query';
import { normaliseName, offices as officeEndpoints, type Lang } from '@vigil/contract';
import { CallProgress, type CallState, type CallStep } from '../../../components/CallProgress';
import { useWizard } from '../../../lib/use-wizard';
import { endpointQueryOptions } from '../../../lib/endpoint-query';
import { PersonFields } from '../../../components/PersonFields';
import { AddressFields } from '../../../components/AddressFields';
import { currentLang } from '../../../lib/i18n';
import { useOfficesInScope } from '../../../lib/offices-in-scope';
import { useSelectedOffice } from '../../../lib/office';
import { useCreatePatient, useCreatePatientMetadata, useUpdatePatientEnrolment } from '../api/patients';
import { useCreateMedicalDevice, useUpdateMedicalDevice } from '../../devices';
import { EnrolmentStep } from './EnrolmentStep';
import { useCreateTeam } from '../../medical-teams';
import { useActiveOfficeStaff } from '../../../lib/shared-reads';
import { FacilitiesStep } from './FacilitiesStep';
import { MetadataStep } from './MetadataStep';
import { ReviewStep } from './ReviewStep';
import { TeamStep } from './TeamStep';
import {
  enrolmentBody,
  hasDevices,
  initialValues,
  metadataFields,
  stepOfField,
  userBody,
  validateStep,
  WIZARD_STEPS,
  type PatientWizardValues,
} from './patient-wizard-form';

type Call = 'user' | 'team' | 'metadata' | 'enrolment' | 'devices';
const COMPLETED = WIZARD_STEPS.length;

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * The patient registration wizard (spec sections 2 and 5): personal data, facilities
 * (at least one), first care team (a doctor and a nurse), optional metadata, enrolment (programs with
 * their dates, insurance, devices; docs/enrolment.md), review. Submitting makes the calls in order —
 * POST user (role 5), POST medicalteam, POST patientmetadata, PUT patientenrolment and the device
 * assignments, each only when given — and shows each one's progress. The account exists once the first call succeeds: a later failure names
 * the failed call and retries from there without creating the patient twice.
 *
 * `closeGuard` receives the text to confirm before closing (null when nothing would be lost).
 */
export function PatientWizard({
  onClose,
  onOpenPatient,
  onRestart,
  closeGuard,
}: {
  onClose: () => void;
  onOpenPatient: (id: number, name: string) => void;
  onRestart: () => void;
  closeGuard: MutableRefObject<string | null>;
}) {
  const { t, i18n } = useTranslation(['patients', 'person']);
  const selectedOffice = useSelectedOffice();
  const { offices, isLoading: officesLoading } = useOfficesInScope();
  const form = useForm<PatientWizardValues>({ initialValues: initialValues(currentLang(), selectedOffice) });
  const [createdId, setCreatedId] = useState<number | null>(null);
  const [createdName, setCreatedName] = useState('');
  const [teamDone, setTeamDone] = useState(false);
  const [metaState, setMetaState] = useState<'todo' | 'done' | 'skipped'>('todo');
  const [enrolDone, setEnrolDone] = useState(false);
  /** Device ids already assigned (and whether the new device was registered), so a retry does not repeat them. */
  const [devicesDone, setDevicesDone] = useState<{ ids: string[]; created: boolean; all: boolean }>({ ids: [], created: false, all: false });
  const [running, setRunning] = useState<Call | null>(null);
  const [failed, setFailed] = useState<{ call: Call; message: string } | null>(null);
  const progressRef = useRef<HTMLDivElement>(null);
  // The chosen offices' program switches: the enrolment step refuses a program none of them offers
  // before anything is saved (patient-wizard-form.ts programErrors).
  const officeReads = useQueries({ queries: form.values.hospitalIds.map((id) => ({ ...endpointQueryOptions(officeEndpoints.getOffice, { params: { id: Number(id) } }), staleTime: 5 * 60_000 })) });
  const officePrograms = officeReads.every((q) => q.data) ? officeReads.map((q) => q.data!) : [];
  const createPatient = useCreatePatient();
  const createTeam = useCreateTeam();
  const createMeta = useCreatePatientMetadata();
  const updateEnrolment = useUpdatePatientEnrolment();
  const createDevice = useCreateMedicalDevice();
  const updateDevice = useUpdateMedicalDevice();
  const wizard = useWizard({
    form,
    steps: WIZARD_STEPS.length,
    validateStep: (index, values) => validateStep(WIZARD_STEPS[index]!, values, lang, roleOf, officePrograms),
    stepOfField: stepOfField,
    lockedThrough: teamDone ? 2 : createdId !== null ? 1 : -1,
    onRefusal: (err) => (err.status === 409 && createdId === null ? 0 : undefined),
    onNext: (index, values) => {
      if (WIZARD_STEPS[index] === 'facilities' && !values.hospitalIds.includes(values.teamHospitalId ?? '')) {
        form.setFieldValue('teamHospitalId', values.hospitalIds[0] ?? null);
        form.setFieldValue('memberIds', []);
      }
    },
    fallbackMessage: t('common:list.error'),
  });
  const { active, goTo } = wizard;

  const teamOffice = form.values.teamHospitalId ? Number(form.values.teamHospitalId) : null;
  const staffQuery = useActiveOfficeStaff(teamOffice);
  const staff = useMemo(() => staffQuery.data?.items ?? [], [staffQuery.data]);
  const roleOf = (id: number) => staff.find((s) => s.id === id)?.roleId;

  // A single office in scope is the obvious choice.
  useEffect(() => {
    if (offices.length === 1 && form.values.hospitalIds.length === 0) {
      form.setFieldValue('hospitalIds', [String(offices[0]!.id)]);
      form.setFieldValue('teamHospitalId', String(offices[0]!.id));
    }
  // eslint-disable-next-line react-hooks/exhaustive-deps -- picks the only office once the office list arrives; the form is a new object each render (with it, an office the user clears would be picked again)
  }, [offices.length]);

  // A failed or started call is shown where the user can see it.
  useEffect(() => {
    progressRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [failed, running]);

  const step = WIZARD_STEPS[Math.min(active, WIZARD_STEPS.length - 1)]!;
  const lang: Lang = i18n.language.startsWith('en') ? 'en' : 'es';

  // Messages shown follow the UI language.
  useEffect(() => {
    if (Object.keys(form.errors).length > 0 && active < COMPLETED) { form.setErrors(validateStep(step, form.values, lang, roleOf, officePrograms)); }
  // eslint-disable-next-line react-hooks/exhaustive-deps -- revalidates only when the UI language changes, to translate the messages shown; the form is a new object each render and the current step is read as it is (with them, the errors would be recomputed on every render and step change)
  }, [lang]);

  const name = createdName || `${normaliseName(form.values.firstName)} ${normaliseName(form.values.lastName)}`.trim();
  const lockedThrough = teamDone ? 2 : createdId !== null ? 1 : -1;
  closeGuard.current =
    active === COMPLETED ? null : createdId !== null ? t('wizard.closePartial', { name }) : form.isDirty() ? t('wizard.closeDirty') : null;

  const fail = (call: Call, err: unknown) => {
    setRunning(null);
    setFailed({ call, message: messageOf(err) });
    wizard.fail(err);
  };

  const submit = async (skipMetadata = false) => {
    // Every unlocked step is checked again: a value may have been edited after its step was left.
    if (!wizard.validateAll()) { return; }
    setFailed(null);
    const values = form.values;
    let id = createdId;
    if (id === null) {
      setRunning('user');
      try {
        const created = await createPatient.mutateAsync(userBody(values));
        id = created.id;
        setCreatedId(id);
        setCreatedName(`${created.firstName} ${created.lastName}`);
      } catch (err) {
        return fail('user', err);
      }
    }
    if (!teamDone) {
      setRunning('team');
      try {
        await createTeam.mutateAsync({ patientId: id, hospitalId: Number(values.teamHospitalId), memberIds: values.memberIds.map(Number) });
        setTeamDone(true);
      } catch (err) {
        return fail('team', err);
      }
    }
    const meta = metadataFields(values);
    if (skipMetadata || !meta) {
      setMetaState('skipped');
    } else if (metaState !== 'done') {
      setRunning('metadata');
      try {
        await createMeta.mutateAsync({ ...meta, patientId: id });
        setMetaState('done');
      } catch (err) {
        return fail('metadata', err);
      }
    }
    const enrol = enrolmentBody(values);
    if (enrol && !enrolDone) {
      setRunning('enrolment');
      try {
        await updateEnrolment.mutateAsync({ patientId: id, body: enrol });
        setEnrolDone(true);
      } catch (err) {
        return fail('enrolment', err);
      }
    }
    if (hasDevices(values) && !devicesDone.all) {
      setRunning('devices');
      const done = { ...devicesDone, ids: [...devicesDone.ids] };
      try {
        for (const deviceId of values.deviceIds.filter((d) => !done.ids.includes(d))) {
          await updateDevice.mutateAsync({ id: Number(deviceId), body: { patientId: id } });
          done.ids.push(deviceId);
        }
        if (values.newDevice.deviceType !== '' && !done.created) {
          await createDevice.mutateAsync({
            deviceType: values.newDevice.deviceType,
            deviceIdentifier: values.newDevice.deviceIdentifier,
            hospitalId: Number(values.teamHospitalId),
            patientId: id,
          });
          done.created = true;
        }
        setDevicesDone({ ...done, all: true });
      } catch (err) {
        setDevicesDone(done);
        return fail('devices', err);
      }
    }
    setRunning(null);
    wizard.setActive(COMPLETED);
  };

  const stateOf = (call: Call, done: boolean): CallState =>
    running === call ? 'running' : failed?.call === call ? 'failed' : done ? 'done' : 'pending';
  const hasMeta = metadataFields(form.values) !== null;
  const calls: CallStep[] = [
    { key: 'user', label: t('wizard.calls.user'), state: stateOf('user', createdId !== null), error: failed?.call === 'user' ? failed.message : undefined },
    { key: 'team', label: t('wizard.calls.team'), state: stateOf('team', teamDone), error: failed?.call === 'team' ? failed.message : undefined },
    {
      key: 'metadata',
      label: t('wizard.calls.metadata'),
      state: metaState === 'skipped' || (!hasMeta && running === null && teamDone) ? 'skipped' : stateOf('metadata', metaState === 'done'),
      error: failed?.call === 'metadata' ? failed.message : undefined,
    },
  ];
  const hasEnrolment = enrolmentBody(form.values) !== null;
  const withDevices = hasDevices(form.values);
  const optionalCall = (call: Call, given: boolean, done: boolean): CallStep => ({
    key: call,
    label: t(`wizard.calls.${call}`),
    state: !given && running === null && (teamDone || createdId !== null) ? 'skipped' : stateOf(call, done),
    error: failed?.call === call ? failed.message : undefined,
  });
  calls.push(optionalCall('enrolment', hasEnrolment, enrolDone), optionalCall('devices', withDevices, devicesDone.all));
  const started = running !== null || createdId !== null || failed !== null;

  return (
    <Stack gap="lg" data-testid="patient-wizard">
      <Stepper active={active} onStepClick={goTo} allowNextStepsSelect={false} size="sm" wrap>
        <Stepper.Step label={t('wizard.steps.personal')} allowStepSelect={lockedThrough < 0 && active > 0}>
          <Stack gap="md" pt="md">
            {failed?.call === 'user' && (
              <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
                {failed.message}
              </Alert>
            )}
            <PersonFields form={form} emailRequired={false} />
            <Title order={3} fz="h5">
              {t('person:addressTitle')}
            </Title>
            <AddressFields form={form} country={form.values.country} />
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('wizard.steps.facilities')} allowStepSelect={lockedThrough < 1 && active > 1}>
          <Stack pt="md">
            <FacilitiesStep form={form} offices={offices} loading={officesLoading} />
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('wizard.steps.team')} allowStepSelect={lockedThrough < 2 && active > 2}>
          <Stack pt="md">
            <TeamStep form={form} offices={offices} staff={staff} loading={staffQuery.isLoading} error={staffQuery.error} />
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('wizard.steps.metadata')} description={t('wizard.optional')} allowStepSelect={active > 3}>
          <Stack pt="md">
            <MetadataStep form={form} />
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('wizard.steps.enrolment')} description={t('wizard.optional')} allowStepSelect={active > 4}>
          <Stack pt="md">
            <EnrolmentStep form={form} officeId={teamOffice} />
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('wizard.steps.review')}>
          <Stack gap="lg" pt="md">
            {started && (
              <Paper withBorder p="md" radius="md" ref={progressRef}>
                <Stack gap="sm">
                  <CallProgress steps={calls} label={t('wizard.progress')} />
                  {createdId !== null && failed && failed.call !== 'user' && (
                    <Text size="sm" c="dimmed">
                      {t('wizard.partialCreated', { name })}
                    </Text>
                  )}
                </Stack>
              </Paper>
            )}
            <ReviewStep values={form.values} offices={offices} staff={staff} goTo={goTo} lockedThrough={lockedThrough} />
          </Stack>
        </Stepper.Step>
        <Stepper.Completed>
          <Stack gap="md" pt="md" data-testid="wizard-done">
            <Alert color="teal" icon={<IconCheck size={18} aria-hidden />} title={t('wizard.doneTitle')} role="status">
              {t('wizard.doneText', { name })}
            </Alert>
            <CallProgress steps={calls} label={t('wizard.progress')} />
          </Stack>
        </Stepper.Completed>
      </Stepper>

      <Group justify="space-between">
        {active === COMPLETED ? (
          <>
            <Button variant="default" onClick={onRestart}>
              {t('wizard.another')}
            </Button>
            <Group gap="sm">
              <Button variant="default" onClick={onClose}>
                {t('common:actions.close')}
              </Button>
              <Button onClick={() => createdId !== null && onOpenPatient(createdId, name)}>{t('wizard.openPatient')}</Button>
            </Group>
          </>
        ) : (
          <>
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
              onClick={() => goTo(active - 1)}
              disabled={active === 0 || active - 1 <= lockedThrough || running !== null}
            >
              {t('common:actions.back')}
            </Button>
            {step === 'review' ? (
              <Group gap="sm">
                {failed?.call === 'metadata' && (
                  <Button variant="default" onClick={() => void submit(true)}>
                    {t('wizard.finishWithoutMetadata')}
                  </Button>
                )}
                <Button
                  data-testid="wizard-submit"
                  loading={running !== null}
                  leftSection={createdId !== null ? <IconRefresh size={16} aria-hidden /> : <IconCheck size={16} aria-hidden />}
                  onClick={() => void submit()}
                >
                  {createdId !== null ? t('wizard.retry', { step: t(`wizard.calls.${failed?.call ?? 'team'}`) }) : t('wizard.submit')}
                </Button>
              </Group>
            ) : (
              <Button data-testid="wizard-next" rightSection={<IconArrowRight size={16} aria-hidden />} onClick={wizard.next}>
                {t('common:actions.next')}
              </Button>
            )}
          </>
        )}
      </Group>
    </Stack>
  );
}
