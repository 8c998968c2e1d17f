import { useState } from 'react';
import { Group, Select, Stack } from '@mantine/core';
import { IconStethoscope, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { organizationStaffRoleIds, type Organization } from '@vigil/contract';
import { useCan } from '../../../lib/can';
import { useCountryName } from '../../../components/CountrySelect';
import { DetailList } from '../../../components/DetailList';
import { DetailsLayout, type DetailsTab } from '../../../components/DetailsLayout';
import { UserStatusBadge as StatusBadge } from '../../../components/UserStatusBadge';
import { SearchInput } from '../../../components/SearchInput';
import { ServerTable, type PageState } from '../../../components/ServerTable';
import { useOrganization, useOrganizationPatients, useOrganizationStaff } from '../api/organizations';
import { useOrganizationActions } from './useOrganizationActions';
import { placeOf } from './organization-form';

/** The details drawer: the organization's data, its patients and its staff in tabs. */
export function OrganizationDetails({ organization }: { organization: Organization }) {
  const { t } = useTranslation('organizations');
  const { data } = useOrganization(organization.id, organization);
  const org = data ?? organization;
  const { edit, askDelete } = useOrganizationActions();
  const countryName = useCountryName();
  const mayReadPatients = useCan('patients.read');
  const mayReadStaff = useCan('users.read');

  const tabs: DetailsTab[] = [];
  if (mayReadPatients) { tabs.push({ value: 'patients', label: t('details.patients'), icon: <IconUsers size={16} aria-hidden />, content: <PatientsTab organizationId={org.id} /> }); }
  if (mayReadStaff) { tabs.push({ value: 'staff', label: t('details.staff'), icon: <IconStethoscope size={16} aria-hidden />, content: <StaffTab organizationId={org.id} /> }); }

  return (
    <DetailsLayout
      ns="organizations"
      name={org.institutionName}
      nameESP={org.institutionNameESP}
      status={org.status}
      updatePermission="organizations.update"
      managePermission="organizations.manage"
      onEdit={() => edit(org)}
      onDelete={() => askDelete(org)}
      info={
        <DetailList
          items={[
            { label: t('fields.contactPhone'), value: org.contactPhone },
            { label: t('fields.contactEmail'), value: org.contactEmail },
            { label: t('fields.address'), value: org.address },
            { label: t('fields.place'), value: placeOf(org) },
            { label: t('fields.country'), value: countryName(org.country) },
            { label: t('fields.officeCount'), value: String(org.officeCount) },
          ]}
        />
      }
      tabs={tabs}
    />
  );
}

function PatientsTab({ organizationId }: { organizationId: number }) {
  const { t } = useTranslation('organizations');
  const [state, setState] = useState<PageState>({ page: 1, pageSize: 10, sort: 'userFullname' });
  const q = useOrganizationPatients(organizationId, state);
  return (
    <Stack gap="sm">
      <SearchInput value={state.search} onChange={(search) => setState({ ...state, page: 1, search })} label={t('details.searchPatients')} />
      <ServerTable
        caption={t('details.patients')}
        columns={[
          { header: t('columns.patient'), sortKey: 'userFullname', render: (r) => r.userFullname },
          { header: t('columns.office'), sortKey: 'hospitalName', render: (r) => r.hospitalName },
          { header: t('columns.email'), sortKey: 'email', render: (r) => r.email ?? '' },
          { header: t('columns.status'), sortKey: 'status', render: (r) => <StatusBadge status={r.status} /> },
        ]}
        rows={q.data?.items}
        total={q.data?.total}
        state={state}
        onChange={setState}
        rowKey={(r) => `${r.userId}-${r.hospitalId}`}
        loading={q.isFetching}
        error={q.error}
        onRetry={() => void q.refetch()}
        emptyText={t('details.noPatients')}
      />
    </Stack>
  );
}

function StaffTab({ organizationId }: { organizationId: number }) {
  const { t } = useTranslation('organizations');
  const { t: tc } = useTranslation();
  const [state, setState] = useState<PageState>({ page: 1, pageSize: 10, sort: 'lastName' });
  const [roleId, setRoleId] = useState<string | null>(null);
  const q = useOrganizationStaff(organizationId, { ...state, roleId: roleId ? Number(roleId) : undefined });
  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end">
        <SearchInput value={state.search} onChange={(search) => setState({ ...state, page: 1, search })} label={t('details.searchStaff')} />
        <Select
          w={200}
          aria-label={t('columns.role')}
          placeholder={t('filters.allRoles')}
          clearable
          data={organizationStaffRoleIds.map((id) => ({ value: String(id), label: tc(`roles.${id}`) }))}
          value={roleId}
          onChange={(v) => {
            setRoleId(v);
            setState({ ...state, page: 1 });
          }}
        />
      </Group>
      <ServerTable
        caption={t('details.staff')}
        columns={[
          { header: t('columns.name'), sortKey: 'lastName', render: (r) => `${r.lastName}, ${r.firstName}` },
          { header: t('columns.role'), sortKey: 'roleId', render: (r) => tc(`roles.${r.roleId}`) },
          { header: t('columns.email'), sortKey: 'email', render: (r) => r.email ?? '' },
          { header: t('columns.status'), sortKey: 'status', render: (r) => <StatusBadge status={r.status} /> },
        ]}
        rows={q.data?.items}
        total={q.data?.total}
        state={state}
        onChange={setState}
        rowKey={(r) => r.id}
        loading={q.isFetching}
        error={q.error}
        onRetry={() => void q.refetch()}
        emptyText={t('details.noStaff')}
      />
    </Stack>
  );
}
