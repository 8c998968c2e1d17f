import { Alert, Checkbox, Group, Loader, ScrollArea, Select, Stack, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Role, type User } from '@vigil/contract';
import type { OfficeOption } from '../../../lib/offices-in-scope';
import type { PatientWizardValues } from './patient-wizard-form';

/** Roles offered for a care team, in display order. */
const TEAM_ROLES = [Role.DOCTOR, Role.NURSE, Role.CARE_GIVER, Role.HOSPITAL_ADMIN] as const;

function RuleLine({ met, label }: { met: boolean; label: string }) {
  const { t } = useTranslation('patients');
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
 * Step 3: the first care team, in one of the chosen offices, among its active staff. A doctor and
 * a nurse must be among the members (spec section 5).
 */
export function TeamStep({
  form,
  offices,
  staff,
  loading,
  error,
}: {
  form: UseFormReturnType<PatientWizardValues>;
  offices: OfficeOption[];
  staff: User[];
  loading: boolean;
  error: unknown;
}) {
  const { t } = useTranslation('patients');
  const chosen = form.values.hospitalIds.map((id) => ({ value: id, label: offices.find((o) => String(o.id) === id)?.hospitalName ?? `#${id}` }));
  const roles = form.values.memberIds.map((id) => staff.find((s) => String(s.id) === id)?.roleId);
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('wizard.teamIntro')}
      </Text>
      <Select
        label={t('wizard.teamOffice')}
        withAsterisk
        allowDeselect={false}
        data={chosen}
        {...form.getInputProps('teamHospitalId')}
        onChange={(v) => {
          form.setFieldValue('teamHospitalId', v);
          form.setFieldValue('memberIds', []);
        }}
      />
      <Group gap="lg" aria-live="polite">
        <RuleLine met={roles.includes(Role.DOCTOR)} label={t('common:roles.3')} />
        <RuleLine met={roles.includes(Role.NURSE)} label={t('common:roles.4')} />
      </Group>
      {error ? (
        <Alert color="red" role="alert">
          {error instanceof Error ? error.message : ''}
        </Alert>
      ) : loading ? (
        <Loader size="sm" aria-label={t('common:list.loading')} />
      ) : (
        <Checkbox.Group label={t('wizard.members')} withAsterisk {...form.getInputProps('memberIds')}>
          {staff.length === 0 ? (
            <Text size="sm" c="dimmed" mt="xs">
              {t('wizard.noStaff')}
            </Text>
          ) : (
            <ScrollArea.Autosize mah={320} mt="xs" type="auto">
              <Stack gap="md" py={4}>
                {TEAM_ROLES.map((role) => {
                  const people = staff.filter((s) => s.roleId === role);
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
          )}
        </Checkbox.Group>
      )}
    </Stack>
  );
}
