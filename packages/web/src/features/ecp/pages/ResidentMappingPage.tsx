import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { EcpOutboundPanel } from '../components/EcpOutboundPanel';
import { EcpRecordsTable } from '../components/EcpRecordsTable';
import { OfficePicker, useMappingOffice } from '../components/OfficePicker';

/** /residentMapping (portal-spec.md section 2 "ECP mapping"): ECP residents beside Vigil patients, and readings sent to the ECP. */
export default function ResidentMappingPage() {
  const { t } = useTranslation('ecp');
  const office = useMappingOffice();
  return (
    <>
      <PageHeader title={t('residents.title')} description={t('residents.description')} />
      <Group mb="md">
        <OfficePicker state={office} />
      </Group>
      <EcpRecordsTable office={office.office} kind="resident" />
      <EcpOutboundPanel office={office.office} />
    </>
  );
}
