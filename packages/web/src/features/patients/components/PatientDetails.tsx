import type { ReactNode } from 'react';
import { Alert, Badge, Center, Divider, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UserStatus } from '@vigil/contract';
import { useCountries } from '../../../components/CountrySelect';
import { DetailList } from '../../../components/DetailList';
import { UserStatusBadge } from '../../../components/UserStatusBadge';
import { useCalendar } from '../../../lib/calendar';
import { usePatientMetadata, usePatientTeams, useUser } from '../../../lib/shared-reads';
import { PatientStatusMenu } from './PatientStatusMenu';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Title order={2} fz="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Pending({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (error) {
    return (
      <Alert color="red" role="alert">
        {error instanceof Error ? error.message : t('list.error')}
      </Alert>
    );
  }
  return (
    <Center py="md">
      <Loader size="sm" aria-label={t('list.loading')} />
    </Center>
  );
}

const number = (value: number | null | undefined, unit: string, lang: string) =>
  value === null || value === undefined ? '' : `${new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(value)} ${unit}`;

/** The patient details drawer: demographics, metadata (height, weight, ideal weight) and care teams, with the status menu. */
export function PatientDetails({ patientId }: { patientId: number }) {
  const { t, i18n } = useTranslation(['patients', 'person']);
  const dates = useCalendar();
  const patient = useUser(patientId);
  const meta = usePatientMetadata(patientId);
  const teams = usePatientTeams(patientId);
  const p = patient.data;
  const countries = useCountries();
  const country = countries.data?.find((c) => c.countryCode === p?.country);
  const age = dates.age(p?.birthdate);

  return (
    <Stack gap="lg" data-testid="patient-details">
      {!p ? (
        <Pending error={patient.error} />
      ) : (
        <>
          <Group justify="space-between" align="flex-start">
            <Stack gap={4}>
              <Group gap="xs">
                <UserStatusBadge status={p.status} />
                {p.status === UserStatus.DECEASED && (
                  <Text size="xs" c="dimmed">
                    {t('status.final')}
                  </Text>
                )}
              </Group>
            </Stack>
            {p.status !== UserStatus.DECEASED && <PatientStatusMenu patient={p} />}
          </Group>
          <Section title={t('details.demographics')}>
            <DetailList
              items={[
                { label: t('fields.birthdate'), value: p.birthdate ? `${dates.date(p.birthdate)}${age !== null ? ` (${t('details.age', { count: age })})` : ''}` : '' },
                { label: t('fields.gender'), value: p.gender ? t(`person:genders.${p.gender}`, { defaultValue: p.gender }) : '' },
                { label: t('fields.email'), value: p.email ?? '' },
                { label: t('fields.phone'), value: p.phone },
                {
                  label: t('fields.country'),
                  value: country ? (i18n.language.startsWith('es') ? country.countryNameEsp || country.countryName : country.countryName) : p.countryName || p.country,
                },
                { label: t('fields.language'), value: t(`person:languages.${p.language === 'ENG' ? 'ENG' : 'ESP'}`) },
                { label: t('fields.username'), value: p.username },
                {
                  label: t('fields.offices'),
                  value: p.hospitalsAssignedData.length ? (
                    <Group gap={4}>
                      {p.hospitalsAssignedData.map((h) => (
                        <Badge key={h.id} variant="outline" color="gray.7" tt="none" fw={500}>
                          {h.hospitalName}
                        </Badge>
                      ))}
                    </Group>
                  ) : (
                    ''
                  ),
                },
              ]}
            />
          </Section>
        </>
      )}
      <Divider />
      <Section title={t('details.metadata')}>
        {meta.isLoading || meta.error ? (
          <Pending error={meta.error} />
        ) : !meta.data ? (
          <Text size="sm" c="dimmed">
            {t('details.noMetadata')}
          </Text>
        ) : (
          <DetailList
            items={[
              { label: t('fields.heightInCm'), value: number(meta.data.heightInCm, 'cm', i18n.language) },
              { label: t('fields.weightInKg'), value: number(meta.data.weightInKg, 'kg', i18n.language) },
              { label: t('fields.idealWeight'), value: number(meta.data.idealWeightCalculatedInKg, 'kg', i18n.language) },
              { label: t('fields.medicalRegistrationNumber'), value: meta.data.medicalRegistrationNumber },
              { label: t('fields.patientIdentifier'), value: meta.data.patientIdentifier },
            ]}
          />
        )}
      </Section>
      <Divider />
      <Section title={t('details.careTeams')}>
        {teams.isLoading || teams.error ? (
          <Pending error={teams.error} />
        ) : !teams.data?.length ? (
          <Text size="sm" c="dimmed">
            {t('list.noTeam')}
          </Text>
        ) : (
          teams.data.map((team) => (
            <Paper key={team.id} withBorder p="sm" radius="md">
              <Text size="sm" fw={600} mb={6}>
                {team.hospital.hospitalName}
              </Text>
              <Stack gap={4}>
                {team.members.map((m) => (
                  <Group key={m.id} justify="space-between" wrap="nowrap">
                    <Text size="sm">
                      {m.firstName} {m.lastName}
                    </Text>
                    <Badge variant="outline" color="gray.7" tt="none" fw={500}>
                      {t(`common:roles.${m.roleId}`)}
                    </Badge>
                  </Group>
                ))}
              </Stack>
              <Text size="xs" c="dimmed" mt={6}>
                {t('details.teamSince', { date: dates.date(team.createdAt) })}
              </Text>
            </Paper>
          ))
        )}
      </Section>
    </Stack>
  );
}
