import { useState } from 'react';
import { Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { useOfficesInScope } from '../../../lib/offices-in-scope';
import { useSelectedOffice } from '../../../lib/office';
import { TabletsTab } from '../components/TabletsTab';

const ALL = 'all';

/**
 * /tablets (portal-spec.md "Protected routes"; GET tabletinfos/getalltabletinfos): the tablets of
 * the office chosen in the header, or of every office in scope with an office filter, each with its
 * office, patient, hub and last contact; paged, sorted (serial number, last contact) and searched
 * (serial number or model) on the server.
 */
export default function TabletsPage() {
  const { t } = useTranslation('devices');
  const selectedOffice = useSelectedOffice();
  const { offices } = useOfficesInScope();
  const [picked, setPicked] = useState<string>(ALL);
  const officeId = selectedOffice > 0 ? selectedOffice : picked === ALL ? null : Number(picked);

  return (
    <>
      <PageHeader title={t('tablet.title')} description={t('tablet.description')} />
      {selectedOffice <= 0 && (
        <Group mb="md">
          <Select
            w={280}
            aria-label={t('fields.officeFilter')}
            searchable
            allowDeselect={false}
            data={[{ value: ALL, label: t('common:office.all') }, ...offices.map((o) => ({ value: String(o.id), label: o.hospitalName }))]}
            value={picked}
            onChange={(v) => setPicked(v ?? ALL)}
          />
        </Group>
      )}
      <TabletsTab key={officeId ?? 0} officeId={officeId} showOffice />
    </>
  );
}
