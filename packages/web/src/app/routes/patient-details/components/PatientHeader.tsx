import type { ReactNode } from 'react';
import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '@vigil/contract';
import { UserStatusBadge } from '../../../../components/UserStatusBadge';
import { useCalendar } from '../../../../lib/calendar';

/** The page's header: back link, the patient's name (the page's h1), status, age, offices and the page actions. */
export function PatientHeader({ patient, identifier, actions }: { patient: User; identifier?: string; actions?: ReactNode }) {
  const { t } = useTranslation('patientDetails');
  const age = useCalendar().age(patient.birthdate);
  return (
    <Stack gap={6} mb="md">
      <Anchor component={Link} to="/patients" size="sm" w="fit-content">
        <Group gap={2} wrap="nowrap">
          <IconChevronLeft size={16} aria-hidden />
          {t('backToPatients')}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={6}>
          <Title order={1} fz="h2" data-testid="patient-name">
            {patient.firstName} {patient.lastName}
          </Title>
          <Group gap="xs" wrap="wrap">
            <UserStatusBadge status={patient.status} />
            {age !== null && (
              <Text size="sm" data-testid="patient-age">
                {t('age', { count: age })}
              </Text>
            )}
            {patient.hospitalsAssignedData.map((h) => (
              <Badge key={h.id} variant="outline" color="gray.7" tt="none" fw={500}>
                {h.hospitalName}
              </Badge>
            ))}
            {identifier && (
              <Text size="sm" c="dimmed">
                {t('identifier', { identifier })}
              </Text>
            )}
          </Group>
        </Stack>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
    </Stack>
  );
}
