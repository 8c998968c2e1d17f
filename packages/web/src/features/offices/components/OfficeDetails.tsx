import { IconStethoscope, IconUserShield, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Office } from '@vigil/contract';
import { useCan } from '../../../lib/can';
import { useCountryName } from '../../../components/CountrySelect';
import { DetailList } from '../../../components/DetailList';
import { DetailsLayout, type DetailsTab } from '../../../components/DetailsLayout';
import { useOffice, useTimeZones } from '../../../lib/shared-reads';
import { OfficeAdminsTab } from './OfficeAdminsTab';
import { OfficePatientsTab } from './OfficePatientsTab';
import { OfficeStaffTab } from './OfficeStaffTab';
import { ProgramBadges } from './ProgramBadges';
import { useOfficeActions } from './useOfficeActions';
import { placeOf } from './office-form';

/** The office details drawer: information, medical staff, patients and admins in tabs. */
export function OfficeDetails({ office: initial }: { office: Office }) {
  const { t } = useTranslation('offices');
  const { data } = useOffice(initial.id, { initialData: initial, initialDataUpdatedAt: 0 });
  const office = data ?? initial;
  const { edit, askDelete } = useOfficeActions();
  const countryName = useCountryName();
  const { data: zones } = useTimeZones();
  const mayReadStaff = useCan('users.read');
  const mayReadPatients = useCan('patients.read');

  const tabs: DetailsTab[] = [];
  if (mayReadStaff) { tabs.push({ value: 'staff', label: t('details.staff'), icon: <IconStethoscope size={16} aria-hidden />, content: <OfficeStaffTab office={office} /> }); }
  if (mayReadPatients) { tabs.push({ value: 'patients', label: t('details.patients'), icon: <IconUsers size={16} aria-hidden />, content: <OfficePatientsTab officeId={office.id} /> }); }
  if (mayReadStaff) { tabs.push({ value: 'admins', label: t('details.admins'), icon: <IconUserShield size={16} aria-hidden />, content: <OfficeAdminsTab office={office} /> }); }

  return (
    <DetailsLayout
      ns="offices"
      name={office.hospitalName}
      nameESP={office.hospitalNameESP}
      subtitle={office.organizationName}
      status={office.status}
      nowrap
      updatePermission="offices.update"
      managePermission="offices.manage"
      onEdit={() => edit(office)}
      onDelete={() => askDelete(office)}
      info={
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
      }
      tabs={tabs}
    />
  );
}
