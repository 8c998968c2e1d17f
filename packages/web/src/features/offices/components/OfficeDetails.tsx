import { Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { IconEdit, IconInfoCircle, IconStethoscope, IconTrash, IconUserShield, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Office } from '@vigil/contract';
import { Can, useCan } from '../../../lib/can';
import { useCountryName } from '../../../components/CountrySelect';
import { DetailList } from '../../../components/DetailList';
import { UserStatusBadge } from '../../../components/UserStatusBadge';
import { useOffice } from '../api/get-office';
import { useTimeZones } from '../api/get-time-zones';
import { OfficeAdminsTab } from './OfficeAdminsTab';
import { OfficePatientsTab } from './OfficePatientsTab';
import { OfficeStaffTab } from './OfficeStaffTab';
import { ProgramBadges } from './ProgramBadges';
import { useOfficeActions } from './useOfficeActions';
import { placeOf } from './office-form';

/** The office details drawer: information, medical staff, patients and admins in tabs. */
export function OfficeDetails({ office: initial }: { office: Office }) {
  const { t } = useTranslation('offices');
  const { data } = useOffice(initial.id, initial);
  const office = data ?? initial;
  const { edit, askDelete } = useOfficeActions();
  const countryName = useCountryName();
  const { data: zones } = useTimeZones();
  const mayReadStaff = useCan('users.read');
  const mayReadPatients = useCan('patients.read');

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Text fw={600} size="lg">
            {office.hospitalName}
          </Text>
          {office.hospitalNameESP && <Text c="dimmed">{office.hospitalNameESP}</Text>}
          <Text size="sm" c="dimmed">
            {office.organizationName}
          </Text>
        </Stack>
        <UserStatusBadge status={office.status} />
      </Group>
      <Group gap="sm">
        <Can permission="offices.update">
          <Button size="xs" variant="light" leftSection={<IconEdit size={16} aria-hidden />} onClick={() => edit(office)}>
            {t('actions.edit')}
          </Button>
        </Can>
        <Can permission="offices.manage">
          <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => askDelete(office)}>
            {t('actions.delete')}
          </Button>
        </Can>
      </Group>
      <Tabs defaultValue="info" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="info" leftSection={<IconInfoCircle size={16} aria-hidden />}>
            {t('details.info')}
          </Tabs.Tab>
          {mayReadStaff && (
            <Tabs.Tab value="staff" leftSection={<IconStethoscope size={16} aria-hidden />}>
              {t('details.staff')}
            </Tabs.Tab>
          )}
          {mayReadPatients && (
            <Tabs.Tab value="patients" leftSection={<IconUsers size={16} aria-hidden />}>
              {t('details.patients')}
            </Tabs.Tab>
          )}
          {mayReadStaff && (
            <Tabs.Tab value="admins" leftSection={<IconUserShield size={16} aria-hidden />}>
              {t('details.admins')}
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="info" pt="md">
          <DetailList
            items={[
              { label: t('fields.organization'), value: office.organizationName },
              { label: t('fields.timeZone'), value: zones?.find((z) => z.id === office.timeZone)?.label ?? office.timeZone },
              { label: t('fields.address'), value: office.address },
              { label: t('fields.place'), value: placeOf(office) },
              { label: t('fields.country'), value: countryName(office.country) },
              { label: t('fields.phone'), value: office.phone },
              { label: t('fields.email'), value: office.email },
              { label: t('fields.programs'), value: <ProgramBadges office={office} /> },
            ]}
          />
        </Tabs.Panel>
        {mayReadStaff && (
          <Tabs.Panel value="staff" pt="md">
            <OfficeStaffTab office={office} />
          </Tabs.Panel>
        )}
        {mayReadPatients && (
          <Tabs.Panel value="patients" pt="md">
            <OfficePatientsTab officeId={office.id} />
          </Tabs.Panel>
        )}
        {mayReadStaff && (
          <Tabs.Panel value="admins" pt="md">
            <OfficeAdminsTab office={office} />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}
