import { useEffect, useRef, useState, type MutableRefObject, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Divider,
  Grid,
  Group,
  Loader,
  MultiSelect,
  Paper,
  Radio,
  ScrollArea,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconArrowLeft, IconArrowRight, IconCheck, IconPencil, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { creatableRoles, normaliseName, Role, staffFormRoles, type Lang, type RoleId } from '@vigil/contract';
import { CallProgress, type CallState, type CallStep } from '../../../components/CallProgress';
import { useWizard } from '../../../lib/use-wizard';
import { useCountries } from '../../../components/CountrySelect';
import { DetailList } from '../../../components/DetailList';
import { PersonFields } from '../../../components/PersonFields';
import { useAuth } from '../../../lib/auth';
import { currentLang } from '../../../lib/i18n';
import { useOfficesInScope } from '../../../lib/offices-in-scope';
import { useSelectedOffice } from '../../../lib/office';
import { useAssignDoctorSpecializations, useCreateStaffMember, useSpecializations, useUpdateDoctorMetadata, useUpdateNurseMetadata } from '../api/medical-staff';
import {
  initialStaffValues,
  professionalBody,
  STAFF_STEPS,
  staffUserBody,
  stepOfStaffField,
  validateStaffStep,
  type StaffWizardValues,
} from './staff-wizard-form';

type Call = 'user' | 'metadata' | 'specializations';
const COMPLETED = STAFF_STEPS.length;
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

function Block({ title, onEdit, editable, children }: { title: string; onEdit: () => void; editable: boolean; children: ReactNode }) {
  const { t } = useTranslation('medicalStaff');
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={3} fz="h5">
          {title}
        </Title>
        {editable && (
          <Button variant="subtle" size="xs" leftSection={<IconPencil size={14} aria-hidden />} onClick={onEdit} aria-label={t('wizard.editSection', { section: title })}>
            {t('common:actions.edit')}
          </Button>
        )}
      </Group>
      {children}
    </Stack>
  );
}

/**
 * The staff registration wizard: person, role (doctor, nurse or caregiver) and offices (at least one),
 * professional data (a doctor's licence, NPI and specializations; a nurse's licence), review. Submitting
 * creates the user (POST user, which e-mails an account-validation link) and then saves the metadata;
 * each call's progress shows, and a failed later call is retried without creating the user twice.
 */
export function StaffWizard({
  onClose,
  onRestart,
  closeGuard,
}: {
  onClose: () => void;
  onRestart: () => void;
  closeGuard: MutableRefObject<string | null>;
}) {
  const { t, i18n } = useTranslation(['medicalStaff', 'person']);
  const { user } = useAuth();
  const selectedOffice = useSelectedOffice();
  const { offices, isLoading: officesLoading } = useOfficesInScope();
  const specializations = useSpecializations();
  const countries = useCountries();
  const form = useForm<StaffWizardValues>({ initialValues: initialStaffValues(currentLang(), selectedOffice) });
  const [createdId, setCreatedId] = useState<number | null>(null);
  const [createdName, setCreatedName] = useState('');
  const [metaDone, setMetaDone] = useState(false);
  const [specsDone, setSpecsDone] = useState(false);
  const [running, setRunning] = useState<Call | null>(null);
  const [failed, setFailed] = useState<{ call: Call; message: string } | null>(null);
  const progressRef = useRef<HTMLDivElement>(null);
  const createUser = useCreateStaffMember();
  const updateDoctor = useUpdateDoctorMetadata();
  const updateNurse = useUpdateNurseMetadata();
  const assignSpecs = useAssignDoctorSpecializations();
  const wizard = useWizard({
    form,
    steps: STAFF_STEPS.length,
    validateStep: (index, values) => validateStaffStep(STAFF_STEPS[index]!, values, lang),
    stepOfField: stepOfStaffField,
    lockedThrough: createdId !== null ? 1 : -1,
    onRefusal: (err) => (err.status === 409 && createdId === null ? 0 : undefined),
    fallbackMessage: t('common:list.error'),
  });
  const { active, goTo } = wizard;

  const lang: Lang = i18n.language.startsWith('en') ? 'en' : 'es';
  const es = lang === 'es';
  const step = STAFF_STEPS[Math.min(active, STAFF_STEPS.length - 1)]!;
  const role = form.values.roleId ? Number(form.values.roleId) : null;
  const roles = staffFormRoles.filter((r) => user && creatableRoles[user.roleId as RoleId].includes(r));

  useEffect(() => {
    if (offices.length === 1 && form.values.hospitalIds.length === 0) { form.setFieldValue('hospitalIds', [String(offices[0]!.id)]); }
  // eslint-disable-next-line react-hooks/exhaustive-deps -- picks the only office once the office list arrives; the form is a new object each render (with it, an office the user clears would be picked again)
  }, [offices.length]);

  useEffect(() => {
    if (Object.keys(form.errors).length > 0 && active < COMPLETED) { form.setErrors(validateStaffStep(step, form.values, lang)); }
  // eslint-disable-next-line react-hooks/exhaustive-deps -- revalidates only when the UI language changes, to translate the messages shown; the form is a new object each render and the current step is read as it is (with them, the errors would be recomputed on every render and step change)
  }, [lang]);

  useEffect(() => {
    progressRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [failed, running]);

  const name = createdName || `${normaliseName(form.values.firstName)} ${normaliseName(form.values.lastName)}`.trim();
  const lockedThrough = createdId !== null ? 1 : -1;
  closeGuard.current =
    active === COMPLETED ? null : createdId !== null ? t('wizard.closePartial', { name }) : form.isDirty() ? t('wizard.closeDirty') : null;

  const fail = (call: Call, err: unknown) => {
    setRunning(null);
    setFailed({ call, message: messageOf(err) });
    wizard.fail(err);
  };

  const submit = async () => {
    // Every unlocked step is checked again: a value may have been edited after its step was left.
    if (!wizard.validateAll()) { return; }
    setFailed(null);
    const v = form.values;
    let id = createdId;
    if (id === null) {
      setRunning('user');
      try {
        const created = await createUser.mutateAsync(staffUserBody(v));
        id = created.id;
        setCreatedId(id);
        setCreatedName(`${created.firstName} ${created.lastName}`);
      } catch (err) {
        return fail('user', err);
      }
    }
    const meta = professionalBody(v);
    if (meta && !metaDone) {
      setRunning('metadata');
      try {
        if (role === Role.DOCTOR) { await updateDoctor.mutateAsync({ doctorId: id, body: meta }); }
        else { await updateNurse.mutateAsync({ nurseId: id, body: { licenceId: meta.licenceId } }); }
        setMetaDone(true);
      } catch (err) {
        return fail('metadata', err);
      }
    }
    if (role === Role.DOCTOR && v.specializationIds.length > 0 && !specsDone) {
      setRunning('specializations');
      try {
        await assignSpecs.mutateAsync({ doctorId: id, specializationIds: v.specializationIds.map(Number) });
        setSpecsDone(true);
      } catch (err) {
        return fail('specializations', err);
      }
    }
    setRunning(null);
    wizard.setActive(COMPLETED);
  };

  const stateOf = (call: Call, done: boolean, needed: boolean): CallState =>
    running === call ? 'running' : failed?.call === call ? 'failed' : done ? 'done' : !needed && (createdId !== null || active === COMPLETED) ? 'skipped' : 'pending';
  const calls: CallStep[] = [
    { key: 'user', label: t('wizard.calls.user'), state: stateOf('user', createdId !== null, true), error: failed?.call === 'user' ? failed.message : undefined },
  ];
  if (role === Role.DOCTOR || role === Role.NURSE) {
    calls.push({
      key: 'metadata',
      label: t('wizard.calls.metadata'),
      state: stateOf('metadata', metaDone, professionalBody(form.values) !== null),
      error: failed?.call === 'metadata' ? failed.message : undefined,
    });
  }
  if (role === Role.DOCTOR) {
    calls.push({
      key: 'specializations',
      label: t('wizard.calls.specializations'),
      state: stateOf('specializations', specsDone, form.values.specializationIds.length > 0),
      error: failed?.call === 'specializations' ? failed.message : undefined,
    });
  }
  const started = running !== null || createdId !== null || failed !== null;

  const specOptions = (specializations.data ?? []).map((s) => ({ value: String(s.id), label: es ? s.longDescriptionEsp || s.longDescription : s.longDescription }));
  const officeName = (id: string) => offices.find((o) => String(o.id) === id)?.hospitalName ?? `#${id}`;
  const country = countries.data?.find((c) => c.countryCode === form.values.country);
  const v = form.values;

  return (
    <Stack gap="lg" data-testid="staff-wizard">
      <Stepper active={active} onStepClick={goTo} allowNextStepsSelect={false} size="sm" wrap>
        <Stepper.Step label={t('wizard.steps.person')} allowStepSelect={lockedThrough < 0 && active > 0}>
          <Stack gap="md" pt="md">
            {failed?.call === 'user' && (
              <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
                {failed.message}
              </Alert>
            )}
            <PersonFields form={form} emailRequired withBirthdate={false} />
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('wizard.steps.role')} allowStepSelect={lockedThrough < 1 && active > 1}>
          <Stack gap="lg" pt="md">
            <Radio.Group label={t('fields.role')} withAsterisk {...form.getInputProps('roleId')}>
              <Group mt="xs" gap="lg">
                {roles.map((r) => (
                  <Radio key={r} value={String(r)} label={t(`common:roles.${r}`)} />
                ))}
              </Group>
            </Radio.Group>
            {officesLoading ? (
              <Loader size="sm" aria-label={t('common:list.loading')} />
            ) : (
              <Checkbox.Group label={t('wizard.offices')} withAsterisk {...form.getInputProps('hospitalIds')}>
                <ScrollArea.Autosize mah={280} mt="xs" type="auto">
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" py={4}>
                    {offices.map((o) => (
                      <Checkbox key={o.id} value={String(o.id)} label={o.hospitalName} />
                    ))}
                  </SimpleGrid>
                </ScrollArea.Autosize>
              </Checkbox.Group>
            )}
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('wizard.steps.professional')} allowStepSelect={active > 2}>
          <Stack gap="md" pt="md">
            {role === Role.CARE_GIVER ? (
              <Text size="sm" c="dimmed">
                {t('wizard.noProfessionalForCaregiver')}
              </Text>
            ) : (
              <Grid gap="md">
                <Grid.Col span={12}>
                  <Text size="sm" c="dimmed">
                    {t('wizard.professionalIntro')}
                  </Text>
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput label={t('fields.licenceId')} autoComplete="off" {...form.getInputProps('licenceId')} />
                </Grid.Col>
                {role === Role.DOCTOR && (
                  <>
                    <Grid.Col span={{ base: 12, sm: 6 }}>
                      <TextInput label={t('fields.npi')} description={t('wizard.npiHint')} inputMode="numeric" autoComplete="off" {...form.getInputProps('npi')} />
                    </Grid.Col>
                    <Grid.Col span={12}>
                      <MultiSelect
                        label={t('fields.specializations')}
                        placeholder={v.specializationIds.length ? undefined : t('wizard.chooseSpecializations')}
                        searchable
                        clearable
                        data={specOptions}
                        disabled={specializations.isLoading}
                        nothingFoundMessage={t('wizard.noMatch')}
                        {...form.getInputProps('specializationIds')}
                      />
                    </Grid.Col>
                  </>
                )}
              </Grid>
            )}
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
            <Block title={t('wizard.steps.person')} onEdit={() => goTo(0)} editable={lockedThrough < 0}>
              <DetailList
                items={[
                  { label: t('person:firstName'), value: normaliseName(v.firstName) },
                  { label: t('person:lastName'), value: normaliseName(v.lastName) },
                  { label: t('person:gender'), value: v.gender ? t(`person:genders.${v.gender}`) : '' },
                  { label: t('person:email'), value: v.email },
                  { label: t('person:phone'), value: v.phone ? `${v.phone}${country ? ` (${country.phoneCode})` : ''}` : '' },
                  { label: t('person:country'), value: country ? (es ? country.countryNameEsp || country.countryName : country.countryName) : v.country },
                  { label: t('person:language'), value: t(`person:languages.${v.language}`) },
                  { label: t('person:username'), value: v.username || t('wizard.usernameGenerated') },
                ]}
              />
            </Block>
            <Divider />
            <Block title={t('wizard.steps.role')} onEdit={() => goTo(1)} editable={lockedThrough < 1}>
              <DetailList
                items={[
                  { label: t('fields.role'), value: role ? t(`common:roles.${role}`) : '' },
                  { label: t('wizard.offices'), value: v.hospitalIds.map(officeName).join(', ') },
                ]}
              />
            </Block>
            {role !== Role.CARE_GIVER && (
              <>
                <Divider />
                <Block title={t('wizard.steps.professional')} onEdit={() => goTo(2)} editable>
                  <DetailList
                    items={[
                      { label: t('fields.licenceId'), value: v.licenceId },
                      ...(role === Role.DOCTOR
                        ? [
                            { label: t('fields.npi'), value: v.npi },
                            { label: t('fields.specializations'), value: specOptions.filter((o) => v.specializationIds.includes(o.value)).map((o) => o.label).join(', ') },
                          ]
                        : []),
                    ]}
                  />
                </Block>
              </>
            )}
            <Text size="sm" c="dimmed">
              {t('wizard.validationLink')}
            </Text>
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
            <Button onClick={onClose}>{t('common:actions.close')}</Button>
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
              <Button
                data-testid="wizard-submit"
                loading={running !== null}
                leftSection={createdId !== null ? <IconRefresh size={16} aria-hidden /> : <IconCheck size={16} aria-hidden />}
                onClick={() => void submit()}
              >
                {createdId !== null ? t('wizard.retry', { step: t(`wizard.calls.${failed?.call ?? 'metadata'}`) }) : t('wizard.submit')}
              </Button>
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
