import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePatientTeams } from '../../../../lib/shared-reads';
import { Pending, SectionCard } from './SectionCard';

/** The patient's care teams (one per office) with their members and roles. */
export function CareTeamCard({ patientId }: { patientId: number }) {
  const { t } = useTranslation('patientDetails');
  const teams = usePatientTeams(patientId);
  return (
    <SectionCard title={t('careTeam.title')} testId="care-team">
      {!teams.data ? (
        <Pending error={teams.error} />
      ) : teams.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('careTeam.none')}
        </Text>
      ) : (
        teams.data.map((team) => (
          <Paper key={team.id} withBorder p="sm" radius="sm">
            <Text size="sm" fw={600} mb={6}>
              {team.hospital.hospitalName}
            </Text>
            <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {team.members.map((m) => (
                <Group key={m.id} justify="space-between" wrap="nowrap" component="li">
                  <Text size="sm">
                    {m.firstName} {m.lastName}
                  </Text>
                  <Badge variant="outline" color="gray.7" tt="none" fw={500}>
                    {t(`common:roles.${m.roleId}`)}
                  </Badge>
                </Group>
              ))}
            </Stack>
          </Paper>
        ))
      )}
    </SectionCard>
  );
}
