import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Group, Loader, ScrollArea, Select, Stack, Stepper, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconArrowLeft, IconArrowRight, IconCheck, IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { createMedicalTeamBodySchema, message, Role, type Lang } from '@vigil/contract';
import { DetailList } from '../../../components/DetailList';
import { stepErrors, useWizard } from '../../../lib/use-wizard';
import { useCreateTeam } from '../api/medical-teams';
import { useActiveOfficeStaff, useOfficePatientSearch, usePatientTeams } from '../../../lib/shared-reads';
import { hasDoctorAndNurse } from './TeamMembersCell';

interface TeamWizardValues {
  patientId: string | null;
  memberIds: string[];
}

const STEPS = ['patient', 'members', 'review'] as const;
const COMPLETED = STEPS.length;
const TEAM_ROLES = [Role.DOCTOR, Role.NURSE, Role.CARE_GIVER, Role.HOSPITAL_ADMIN] as const;

function RuleLine({ met, label }: { met: boolean; label: string }) {
  const { t } = useTranslation('medicalTeams');
  return (
    <Group gap={6} wrap="nowrap">
      {met ? <IconCircleCheck size={18} color="var(--mantine-color-teal-9)" aria-hidden /> : <IconCircleDashed size={18} aria-hidden />}
      <Text size="sm">
        {label}: {met ? t('wizard.ruleMet') : t('wizard.ruleMissing')}
      </Text>
    </Group>
  );
}

/**
 * The medical team wizard for one office: a patient of the office without a team there, the members
 * among the office's active staff (a doctor and a nurse when it is the patient's first team, spec
 * section 5), review, then POST medicalteam.
 */
export function TeamWizard({
  officeId,
  officeName,
  onClose,
  onOpenTeam,
  onDirty,
}: {
  officeId: number;
  officeName: string;
  onClose: () => void;
  onOpenTeam: (patientId: number, name: string) => void;
  onDirty: (dirty: boolean) => void;
}) {
  const { t, i18n } = useTranslation('medicalTeams');
  const lang: Lang = i18n.language.startsWith('en') ? 'en' : 'es';
  const form = useForm<TeamWizardValues>({ initialValues: { patientId: null, memberIds: [] } });
  const [completed, setCompleted] = useState(false);
  const wizard = useWizard({
    form,
    steps: STEPS.length - 1,
    validateStep: (index) => validate(STEPS[index]!),
    stepOfField: (field) => (field === 'patientId' ? 0 : field.startsWith('memberIds') ? 1 : -1),
    lockedThrough: completed ? COMPLETED : -1,
    fallbackMessage: t('common:list.error'),
  });
  const { active, error } = wizard;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [picked, setPicked] = useState<{ value: string; label: string; name: string; hasTeam: boolean } | null>(null);
  const patients = useOfficePatientSearch(officeId, picked && debounced === picked.label ? '' : debounced);
  const patientId = form.values.patientId ? Number(form.values.patientId) : null;
  const teams = usePatientTeams(patientId);
  const staff = useActiveOfficeStaff(officeId);
  const staffList = useMemo(() => staff.data?.items ?? [], [staff.data]);
  const create = useCreateTeam();

  const isFirstTeam = (teams.data?.length ?? 0) === 0;
  const hasTeamHere = !!teams.data?.some((x) => x.hospitalId === officeId);
  const roleIds = form.values.memberIds.map((id) => staffList.find((s) => String(s.id) === id)?.roleId);
  const step = STEPS[Math.min(active, STEPS.length - 1)]!;

  useEffect(() => onDirty(form.isDirty() && active < COMPLETED));

  const options = (patients.data?.items ?? []).map((p) => ({
    value: String(p.id),
    label: `${p.lastName}, ${p.firstName}`,
    name: `${p.firstName} ${p.lastName}`,
    hasTeam: p.medicalTeam.length > 0,
  }));
  // The chosen patient stays an option while its label is shown, even when the last search did not return it.
  if (picked && search === picked.label && !options.some((o) => o.value === picked.value)) { options.unshift({ ...picked, label: picked.label.split(' · ')[0]! }); }

  const validate = (s: (typeof STEPS)[number]): Record<string, string> => {
    if (s === 'patient') {
      if (!form.values.patientId) { return { patientId: message('required', lang) }; }
      if (hasTeamHere) { return { patientId: t('wizard.teamExists') }; }
      return {};
    }
    if (s === 'members') {
      if (isFirstTeam && !hasDoctorAndNurse(roleIds)) { return { memberIds: message('teamNeedsDoctorAndNurse', lang) }; }
      return stepErrors(
        createMedicalTeamBodySchema,
        { patientId: patientId ?? 1, hospitalId: officeId, memberIds: form.values.memberIds.map(Number) },
        ['memberIds'],
      );
    }
    return {};
  };

  const next = () => {
    if (step === 'patient' && patientId && teams.isLoading) { return; }
    wizard.next();
  };
  const submit = () =>
    void wizard.submit(
      () => create.mutateAsync({ patientId: patientId!, hospitalId: officeId, memberIds: form.values.memberIds.map(Number) }),
      () => {
        setCompleted(true);
        wizard.setActive(COMPLETED);
      },
    );

  const patientLabel = picked?.label ?? '';
  const members = form.values.memberIds.map((id) => staffList.find((s) => String(s.id) === id)).filter((s) => !!s);

  return (
    <Stack gap="lg" data-testid="team-wizard">
      <Stepper active={active} onStepClick={wizard.goTo} allowNextStepsSelect={false} size="sm">
        <Stepper.Step label={t('wizard.steps.patient')}>
          <Stack gap="md" pt="md">
            <Text size="sm" c="dimmed">
              {t('wizard.patientIntro', { office: officeName })}
            </Text>
            <Select
              label={t('wizard.patient')}
              withAsterisk
              searchable
              clearable
              allowDeselect={false}
              placeholder={t('wizard.searchPatient')}
              nothingFoundMessage={patients.isFetching ? t('common:list.loading') : t('wizard.noPatients')}
              filter={({ options: o }) => o}
              data={options.map((o) => ({ value: o.value, label: o.hasTeam ? `${o.label} · ${t('wizard.hasTeam')}` : o.label }))}
              searchValue={search}
              onSearchChange={setSearch}
              value={form.values.patientId}
              error={form.errors.patientId}
              onChange={(v) => {
                form.setFieldValue('patientId', v);
                form.setFieldValue('memberIds', []);
                form.clearFieldError('patientId');
                const o = options.find((x) => x.value === v);
                setPicked(o ? { ...o, label: o.hasTeam ? `${o.label} · ${t('wizard.hasTeam')}` : o.label } : null);
              }}
            />
            {patientId && teams.isLoading && <Loader size="sm" aria-label={t('common:list.loading')} />}
            {patientId && teams.data && !hasTeamHere && (
              <Text size="sm" c="dimmed">
                {isFirstTeam ? t('wizard.firstTeam') : t('wizard.otherTeams', { count: teams.data.length })}
              </Text>
            )}
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('wizard.steps.members')}>
          <Stack gap="md" pt="md">
            {isFirstTeam ? (
              <Group gap="lg" aria-live="polite">
                <RuleLine met={roleIds.includes(Role.DOCTOR)} label={t('common:roles.3')} />
                <RuleLine met={roleIds.includes(Role.NURSE)} label={t('common:roles.4')} />
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                {t('wizard.membersIntro')}
              </Text>
            )}
            {staff.isLoading ? (
              <Loader size="sm" aria-label={t('common:list.loading')} />
            ) : (
              <Checkbox.Group label={t('wizard.members')} withAsterisk {...form.getInputProps('memberIds')}>
                <ScrollArea.Autosize mah={340} mt="xs" type="auto">
                  <Stack gap="md" py={4}>
                    {TEAM_ROLES.map((role) => {
                      const people = staffList.filter((s) => s.roleId === role);
                      if (people.length === 0) { return null; }
                      return (
                        <Stack key={role} gap={6}>
                          <Title order={3} fz="sm" c="dimmed">
                            {t(`wizard.roleGroup.${role}`)}
                          </Title>
                          {people.map((s) => (
                            <Checkbox key={s.id} value={String(s.id)} label={`${s.firstName} ${s.lastName}`} description={s.email ?? undefined} />
                          ))}
                        </Stack>
                      );
                    })}
                  </Stack>
                </ScrollArea.Autosize>
              </Checkbox.Group>
            )}
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('wizard.steps.review')}>
          <Stack gap="md" pt="md">
            {error && (
              <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
                {error}
              </Alert>
            )}
            <DetailList
              items={[
                { label: t('wizard.patient'), value: patientLabel.split(' · ')[0] },
                { label: t('list.office'), value: officeName },
                { label: t('wizard.members'), value: members.map((s) => `${s.firstName} ${s.lastName} (${t(`common:roles.${s.roleId}`)})`).join(', ') },
              ]}
            />
          </Stack>
        </Stepper.Step>
        <Stepper.Completed>
          <Alert color="teal" icon={<IconCheck size={18} aria-hidden />} title={t('wizard.doneTitle')} role="status" mt="md" data-testid="wizard-done">
            {t('wizard.doneText', { patient: picked?.name ?? '' })}
          </Alert>
        </Stepper.Completed>
      </Stepper>
      <Group justify="space-between">
        {active === COMPLETED ? (
          <>
            <Button variant="default" onClick={onClose}>
              {t('common:actions.close')}
            </Button>
            <Button onClick={() => patientId && onOpenTeam(patientId, picked?.name ?? '')}>{t('wizard.openTeam')}</Button>
          </>
        ) : (
          <>
            <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={wizard.back} disabled={active === 0 || wizard.pending}>
              {t('common:actions.back')}
            </Button>
            {step === 'review' ? (
              <Button data-testid="wizard-submit" leftSection={<IconCheck size={16} aria-hidden />} loading={wizard.pending} onClick={submit}>
                {t('wizard.submit')}
              </Button>
            ) : (
              <Button data-testid="wizard-next" rightSection={<IconArrowRight size={16} aria-hidden />} onClick={next} loading={step === 'patient' && !!patientId && teams.isLoading}>
                {t('common:actions.next')}
              </Button>
            )}
          </>
        )}
      </Group>
    </Stack>
  );
}
