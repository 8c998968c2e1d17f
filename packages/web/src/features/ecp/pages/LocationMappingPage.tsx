import { useState } from 'react';
import { Alert, Button, Center, Group, Loader, Paper, Table, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { notify } from '../../../lib/notify';
import { useEcpLocations, useSetLocation } from '../api/ecp';
import { OfficePicker, useMappingOffice } from '../components/OfficePicker';

/**
 * /locationMapping (portal-spec.md section 2 "ECP mapping"): ECP communities (with their ECP
 * organization, which /organizationMapping then maps to a Vigil organization) beside the Vigil
 * office they map to.
 */
export default function LocationMappingPage() {
  const { t } = useTranslation('ecp');
  const canManage = useCan('ecp.manage');
  const office = useMappingOffice();
  const list = useEcpLocations(office.office);
  const save = useSetLocation();
  const [communityId, setCommunityId] = useState('');
  const [organizationId, setOrganizationId] = useState('');
  const [organizationName, setOrganizationName] = useState('');
  const [name, setName] = useState('');
  const submit = () =>
    save.mutate(
      {
        ecpCommunityId: communityId.trim(),
        ecpOrganizationId: organizationId.trim() || undefined,
        ecpOrganizationName: (organizationId.trim() && organizationName.trim()) || undefined,
        name: name.trim() || undefined,
        hospitalId: office.office,
      },
      {
        onSuccess: () => {
          setCommunityId('');
          setName('');
          notify({ color: 'green', message: t('locations.saved') });
        },
        onError: (err) => notify({ color: 'red', message: err instanceof ApiError ? err.message : t('errors.generic') }),
      },
    );
  return (
    <>
      <PageHeader title={t('locations.title')} description={t('locations.description')} />
      <Group mb="md">
        <OfficePicker state={office} />
      </Group>
      {canManage && (
        <Paper withBorder p="md" mb="md">
          <Group align="flex-end" wrap="wrap">
            <TextInput label={t('locations.communityId')} value={communityId} onChange={(e) => setCommunityId(e.currentTarget.value)} required data-testid="ecp-community-id" />
            <TextInput label={t('locations.organizationId')} value={organizationId} onChange={(e) => setOrganizationId(e.currentTarget.value)} data-testid="ecp-organization-id" />
            <TextInput
              label={t('locations.organizationName')}
              value={organizationName}
              onChange={(e) => setOrganizationName(e.currentTarget.value)}
              disabled={!organizationId.trim()}
              data-testid="ecp-organization-name"
            />
            <TextInput label={t('locations.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} />
            <Button leftSection={<IconPlus size={18} aria-hidden />} disabled={!communityId.trim() || office.office <= 0} loading={save.isPending} onClick={submit} data-testid="ecp-location-save">
              {t('locations.map')}
            </Button>
          </Group>
        </Paper>
      )}
      <Paper withBorder>
        {list.isLoading ? (
          <Center p="xl">
            <Loader />
          </Center>
        ) : list.isError ? (
          <Alert color="red" m="md">
            {list.error.message}
          </Alert>
        ) : (list.data ?? []).length === 0 ? (
          <EmptyState text={t('locations.empty')} />
        ) : (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('locations.communityId')}</Table.Th>
                <Table.Th>{t('locations.name')}</Table.Th>
                <Table.Th>{t('locations.organizationId')}</Table.Th>
                <Table.Th>{t('locations.office')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(list.data ?? []).map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>{l.ecpCommunityId}</Table.Td>
                  <Table.Td>{l.name || '—'}</Table.Td>
                  <Table.Td>{l.ecpOrganizationId ?? '—'}</Table.Td>
                  <Table.Td>{office.offices.find((o) => o.id === l.hospitalId)?.hospitalName ?? `#${l.hospitalId}`}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </>
  );
}
