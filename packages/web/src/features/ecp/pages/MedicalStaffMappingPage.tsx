import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { EcpRecordsTable } from '../components/EcpRecordsTable';
import { OfficePicker, useMappingOffice } from '../components/OfficePicker';

/** /medicalStaffMapping (portal-spec.md section 2 "ECP mapping"): ECP users beside Vigil staff. */
export default function MedicalStaffMappingPage() {
  const { t } = useTranslation('ecp');
  const office = useMappingOffice();
  return (
    <>
      <PageHeader title={t('users.title')} description={t('users.description')} />
      <Group mb="md">
        <OfficePicker state={office} />
      </Group>
      <EcpRecordsTable office={office.office} kind="user" />
    </>
  );
}
