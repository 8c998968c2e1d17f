import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Role, type MedicalTeamMember } from '@vigil/contract';

const ROLE_ORDER = [Role.DOCTOR, Role.NURSE, Role.CARE_GIVER, Role.HOSPITAL_ADMIN] as number[];

/** A team's members, one line per role ("Doctor: A. Koch, D. Reyes"). */
export function TeamMembersCell({ members }: { members: MedicalTeamMember[] }) {
  const { t } = useTranslation('medicalTeams');
  if (members.length === 0) { return <Text size="sm" c="dimmed">{t('list.noMembers')}</Text>; }
  const lines = ROLE_ORDER.map((role) => ({ role, names: members.filter((m) => m.roleId === role).map((m) => `${m.firstName.charAt(0)}. ${m.lastName}`) })).filter(
    (l) => l.names.length > 0,
  );
  return (
    <Stack gap={0}>
      {lines.map((l) => (
        <Text key={l.role} size="sm">
          <Text span c="dimmed" size="sm">
            {t(`common:roles.${l.role}`)}:
          </Text>{' '}
          {l.names.join(', ')}
        </Text>
      ))}
    </Stack>
  );
}

/** Whether the members include a doctor and a nurse (spec section 5, for a patient's first team). */
export function hasDoctorAndNurse(roleIds: (number | undefined)[]): boolean {
  return roleIds.includes(Role.DOCTOR) && roleIds.includes(Role.NURSE);
}
