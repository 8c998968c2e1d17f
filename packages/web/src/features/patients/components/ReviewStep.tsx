import type { ReactNode } from 'react';
import { Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatMbi, normaliseName, type User } from '@vigil/contract';
import { DetailList } from '../../../components/DetailList';
import { useCountries } from '../../../components/CountrySelect';
import type { OfficeOption } from '../../../lib/offices-in-scope';
import { useCalendar } from '../../../lib/calendar';
import { deviceTypeTitle } from '../../../components/DeviceTypeIcon';
import { useMedicalDevicesForHospital } from '../../devices';
import { metadataFields, reviewPhone, type PatientWizardValues } from './patient-wizard-form';


function Block({ title, onEdit, editable, children }: { title: string; onEdit: () => void; editable: boolean; children: ReactNode }) {
  const { t } = useTranslation('patients');
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

/** Step 5: everything the wizard will send, with a way back to each part that can still change. */
export function ReviewStep({
  values,
  offices,
  staff,
  goTo,
  lockedThrough,
}: {
  values: PatientWizardValues;
  offices: OfficeOption[];
  staff: User[];
  goTo: (step: number) => void;
  /** Steps up to this index can no longer change (the account exists). */
  lockedThrough: number;
}) {
  const { t, i18n } = useTranslation(['patients', 'person']);
  const dates = useCalendar();
  const countries = useCountries();
  const country = countries.data?.find((c) => c.countryCode === values.country);
  // The same read as the enrolment step's (cached): labels of the chosen unassigned devices.
  const free = useMedicalDevicesForHospital(values.teamHospitalId ? Number(values.teamHospitalId) : null, { unassigned: 'true', pageSize: 100, sort: 'deviceIdentifier' });
  const deviceLabels = new Map((free.data?.items ?? []).map((d) => [String(d.id), `${deviceTypeTitle(d.deviceType, i18n.language)} · ${d.deviceIdentifier}`]));
  const countryName = country ? (i18n.language.startsWith('es') ? country.countryNameEsp || country.countryName : country.countryName) : undefined;
  const officeName = (id: string) => offices.find((o) => String(o.id) === id)?.hospitalName ?? `#${id}`;
  const meta = metadataFields(values);
  const fmt = (n: number | undefined, unit: string) => (n === undefined ? '' : `${new Intl.NumberFormat(i18n.language).format(n)} ${unit}`);
  return (
    <Stack gap="md">
      <Block title={t('wizard.steps.personal')} onEdit={() => goTo(0)} editable={lockedThrough < 0}>
        <DetailList
          items={[
            { label: t('person:firstName'), value: normaliseName(values.firstName) },
            { label: t('person:lastName'), value: normaliseName(values.lastName) },
            { label: t('person:birthdate'), value: dates.date(values.birthdate) },
            { label: t('person:gender'), value: values.gender ? t(`person:genders.${values.gender}`) : '' },
            { label: t('person:email'), value: values.email },
            { label: t('person:phone'), value: reviewPhone(values.phone, values.country, countryName) },
            { label: t('person:country'), value: countryName ?? values.country },
            { label: t('person:language'), value: t(`person:languages.${values.language}`) },
            {
              label: t('person:addressTitle'),
              value: [values.address, [values.city, values.state].filter(Boolean).join(', '), values.zip].filter((x) => x.trim()).join(' · '),
            },
            { label: t('person:username'), value: values.username || t('wizard.usernameGenerated') },
          ]}
        />
      </Block>
      <Divider />
      <Block title={t('wizard.steps.facilities')} onEdit={() => goTo(1)} editable={lockedThrough < 1}>
        <Text size="sm">{values.hospitalIds.map(officeName).join(', ')}</Text>
      </Block>
      <Divider />
      <Block title={t('wizard.steps.team')} onEdit={() => goTo(2)} editable={lockedThrough < 2}>
        <Text size="sm" c="dimmed">
          {values.teamHospitalId ? officeName(values.teamHospitalId) : ''}
        </Text>
        <Stack gap={2}>
          {values.memberIds.map((id) => {
            const s = staff.find((m) => String(m.id) === id);
            return (
              <Text size="sm" key={id}>
                {s ? `${s.firstName} ${s.lastName} · ${t(`common:roles.${s.roleId}`)}` : `#${id}`}
              </Text>
            );
          })}
        </Stack>
      </Block>
      <Divider />
      <Block title={t('wizard.steps.metadata')} onEdit={() => goTo(3)} editable={lockedThrough < 3}>
        {meta ? (
          <DetailList
            items={[
              { label: t('fields.heightInCm'), value: fmt(meta.heightInCm ?? undefined, 'cm') },
              { label: t('fields.weightInKg'), value: fmt(meta.weightInKg ?? undefined, 'kg') },
              { label: t('fields.medicalRegistrationNumber'), value: meta.medicalRegistrationNumber },
              { label: t('fields.patientIdentifier'), value: meta.patientIdentifier },
            ]}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t('wizard.noMetadataGiven')}
          </Text>
        )}
      </Block>
      <Divider />
      <Block title={t('wizard.steps.enrolment')} onEdit={() => goTo(4)} editable>
        <DetailList
          items={[
            {
              label: t('enrolment.programsTitle'),
              value: values.programs.length
                ? values.programs.map((p) => `${p.program} ${t('enrolment.since', { date: dates.date(p.enrolledOn) })}`).join(', ')
                : t('wizard.noMetadataGiven'),
            },
            {
              label: t('enrolment.insuranceTitle'),
              value: values.insurance.payerType
                ? [
                    t(`enrolment.payers.${values.insurance.payerType}`),
                    values.insurance.payerName,
                    values.insurance.planName,
                    values.insurance.payerType === 'MEDICARE' ? `MBI ${formatMbi(values.insurance.memberId)}` : values.insurance.memberId,
                  ]
                    .filter(Boolean)
                    .join(' · ')
                : t('wizard.noMetadataGiven'),
            },
            {
              label: t('enrolment.devicesTitle'),
              value:
                [
                  ...values.deviceIds.map((id) => deviceLabels.get(id) ?? `#${id}`),
                  ...(values.newDevice.deviceType ? [`${deviceTypeTitle(values.newDevice.deviceType, i18n.language)} · ${values.newDevice.deviceIdentifier} (${t('enrolment.new')})`] : []),
                ].join(', ') || t('wizard.noMetadataGiven'),
            },
          ]}
        />
      </Block>
    </Stack>
  );
}
