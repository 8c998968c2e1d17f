import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Role } from '@vigil/contract';

interface Member {
  firstName: string;
  lastName: string;
  roleId: number;
}

/** The doctors and nurses of a patient's care team, one line per role ("Doctor: A. Koch, D. Reyes"). */
export function CareTeamCell({ members }: { members: Member[] }) {
  const { t } = useTranslation('patients');
  if (members.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('list.noTeam')}
      </Text>
    );
  }
  const roles = [Role.DOCTOR, Role.NURSE, Role.CARE_GIVER, Role.HOSPITAL_ADMIN] as number[];
  const lines = roles
    .map((role) => ({ role, names: members.filter((m) => m.roleId === role).map((m) => `${m.firstName.charAt(0)}. ${m.lastName}`) }))
    .filter((l) => l.names.length > 0);
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
