import type { ReactNode } from 'react';
import { Alert, Badge, Center, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Role } from '@vigil/contract';
import { useCountries } from '../../../components/CountrySelect';
import { DetailList } from '../../../components/DetailList';
import { UserStatusBadge } from '../../../components/UserStatusBadge';
import { useDoctorMetadata, useNurseMetadata } from '../api/medical-staff';
import { useUser } from '../../../lib/shared-reads';
import { StaffActionsMenu } from './StaffActionsMenu';

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
  return error ? (
    <Alert color="red" role="alert">
      {error instanceof Error ? error.message : t('list.error')}
    </Alert>
  ) : (
    <Center py="md">
      <Loader size="sm" aria-label={t('list.loading')} />
    </Center>
  );
}

function DoctorData({ id }: { id: number }) {
  const { t, i18n } = useTranslation('medicalStaff');
  const meta = useDoctorMetadata(id);
  if (meta.isLoading || meta.error) { return <Pending error={meta.error} />; }
  if (!meta.data) { return <Text size="sm" c="dimmed">{t('details.noProfessional')}</Text>; }
  const es = i18n.language.startsWith('es');
  return (
    <DetailList
      items={[
        { label: t('fields.licenceId'), value: meta.data.licenceId },
        { label: t('fields.npi'), value: meta.data.npi },
        {
          label: t('fields.specializations'),
          value: meta.data.spetializationData.length ? (
            <Group gap={4}>
              {meta.data.spetializationData.map((s) => (
                <Badge key={s.id} variant="outline" color="gray.7" tt="none" fw={500}>
                  {es ? s.longDescriptionEsp || s.longDescription : s.longDescription}
                </Badge>
              ))}
            </Group>
          ) : (
            ''
          ),
        },
      ]}
    />
  );
}

function NurseData({ id }: { id: number }) {
  const { t } = useTranslation('medicalStaff');
  const meta = useNurseMetadata(id);
  if (meta.isLoading || meta.error) { return <Pending error={meta.error} />; }
  if (!meta.data) { return <Text size="sm" c="dimmed">{t('details.noProfessional')}</Text>; }
  return <DetailList items={[{ label: t('fields.licenceId'), value: meta.data.licenceId }]} />;
}

/** The staff member drawer: contact data, offices, professional data (doctor or nurse metadata) and actions. */
export function StaffDetails({ userId, officeId, officeName, onRemoved }: { userId: number; officeId: number; officeName: string; onRemoved: () => void }) {
  const { t, i18n } = useTranslation(['medicalStaff', 'person']);
  const member = useUser(userId);
  const countries = useCountries();
  const m = member.data;
  if (!m) { return <Pending error={member.error} />; }
  const country = countries.data?.find((c) => c.countryCode === m.country);
  const es = i18n.language.startsWith('es');
  return (
    <Stack gap="lg" data-testid="staff-details">
      <Group justify="space-between" align="flex-start">
        <Group gap="xs">
          <Badge variant="outline" color="gray.7" tt="none" fw={500}>
            {t(`common:roles.${m.roleId}`)}
          </Badge>
          <UserStatusBadge status={m.status} />
        </Group>
        <StaffActionsMenu member={m} officeId={officeId} officeName={officeName} onRemoved={onRemoved} />
      </Group>
      <Section title={t('details.contact')}>
        <DetailList
          items={[
            { label: t('person:email'), value: m.email ?? '' },
            { label: t('person:phone'), value: m.phone },
            { label: t('person:username'), value: m.username },
            { label: t('person:country'), value: country ? (es ? country.countryNameEsp || country.countryName : country.countryName) : m.countryName },
            { label: t('person:language'), value: t(`person:languages.${m.language === 'ENG' ? 'ENG' : 'ESP'}`) },
            { label: t('details.emailValidated'), value: m.emailValidated ? t('details.yes') : t('details.no') },
            {
              label: t('fields.offices'),
              value: (
                <Group gap={4}>
                  {m.hospitalsAssignedData.map((h) => (
                    <Badge key={h.id} variant="outline" color="gray.7" tt="none" fw={500}>
                      {h.hospitalName}
                    </Badge>
                  ))}
                </Group>
              ),
            },
          ]}
        />
      </Section>
      {(m.roleId === Role.DOCTOR || m.roleId === Role.NURSE) && (
        <>
          <Divider />
          <Section title={t('details.professional')}>{m.roleId === Role.DOCTOR ? <DoctorData id={m.id} /> : <NurseData id={m.id} />}</Section>
        </>
      )}
    </Stack>
  );
}
