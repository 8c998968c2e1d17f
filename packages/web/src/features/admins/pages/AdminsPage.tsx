import { useState } from 'react';
import { Button, Group, Select, Stack, Tabs } from '@mantine/core';
import { IconBuildingHospital, IconBuildingSkyscraper, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { creatableRoles, Role, type RoleId, type User } from '@vigil/contract';
import { useAuth } from '../../../lib/auth';
import { useCan } from '../../../lib/can';
import { useSelectedOffice } from '../../../lib/office';
import { useOfficesInScope } from '../../../lib/offices-in-scope';
import { useUiState } from '../../../lib/ui-state';
import { OrganizationPicker } from '../../../components/OrganizationPicker';
import { PageHeader } from '../../../components/PageHeader';
import { SearchInput } from '../../../components/SearchInput';
import type { PageState } from '../../../components/ServerTable';
import { useOfficeAdmins } from '../../../lib/shared-reads';
import { useOrganizationAdmins } from '../api/admins';
import { AdminDetails } from '../components/AdminDetails';
import { AdminsTable } from '../components/AdminsTable';
import { AdminWizard } from '../components/AdminWizard';
import type { AdminRole } from '../components/admin-form';

const firstPage: PageState = { page: 1, pageSize: 25, sort: 'lastName' };

/** /admins: office admins and organization admins in two tabs, with their registration wizards and status toggle. */
export default function AdminsPage() {
  const { t } = useTranslation('admins');
  const { user } = useAuth();
  const ui = useUiState();
  const selectedOffice = useSelectedOffice();
  // Choosing any organization is system-wide organization work (the permission map's 'organizations.manage'; docs/architecture.md "Web: permissions").
  const mayChooseOrganization = useCan('organizations.manage');
  const mayManage = useCan('users.manage');
  const creatable = user ? (creatableRoles[user.roleId as RoleId] ?? []) : [];
  const mayCreate = (role: AdminRole) => mayManage && creatable.includes(role);

  const [tab, setTab] = useState<string | null>('office');
  const [wizard, setWizard] = useState<AdminRole | null>(null);
  const [officeState, setOfficeState] = useState<PageState>(firstPage);
  const [orgState, setOrgState] = useState<PageState>(firstPage);
  // until a filter is chosen here, the office list follows the office selected in the header
  const [chosenOffice, setOfficeFilter] = useState<string | null | undefined>(undefined);
  const officeFilter = chosenOffice === undefined ? (selectedOffice > 0 ? String(selectedOffice) : null) : chosenOffice;
  const [organizationFilter, setOrganizationFilter] = useState<string | null>(null);
  const { offices } = useOfficesInScope();

  const officeAdmins = useOfficeAdmins(officeFilter ? Number(officeFilter) : undefined, officeState);
  const orgAdmins = useOrganizationAdmins(organizationFilter ? Number(organizationFilter) : undefined, orgState, tab === 'organization');

  const registerButton = (role: AdminRole) =>
    mayCreate(role) ? (
      <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setWizard(role)}>
        {t(role === Role.HOSPITAL_ADMIN ? 'actions.registerOffice' : 'actions.registerOrganization')}
      </Button>
    ) : undefined;

  const openCreated = (u: User) => ui.openDetails(t('details.title'), <AdminDetails key={u.id} admin={u} />);

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={registerButton(tab === 'organization' ? Role.ORGANIZATION_ADMIN : Role.HOSPITAL_ADMIN)}
      />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="office" leftSection={<IconBuildingHospital size={16} aria-hidden />}>
            {t('tabs.office')}
          </Tabs.Tab>
          <Tabs.Tab value="organization" leftSection={<IconBuildingSkyscraper size={16} aria-hidden />}>
            {t('tabs.organization')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="office">
          <Stack gap="sm">
            <Group gap="sm">
              <SearchInput value={officeState.search} onChange={(search) => setOfficeState({ ...officeState, page: 1, search })} label={t('filters.search')} />
              {offices.length > 1 && (
                <Select
                  w={280}
                  aria-label={t('filters.office')}
                  placeholder={t('filters.allOffices')}
                  clearable
                  searchable
                  data={offices.map((o) => ({ value: String(o.id), label: o.hospitalName }))}
                  value={officeFilter}
                  onChange={(v) => {
                    setOfficeFilter(v);
                    setOfficeState({ ...officeState, page: 1 });
                  }}
                />
              )}
            </Group>
            <AdminsTable
              kind="office"
              rows={officeAdmins.data?.items}
              total={officeAdmins.data?.total}
              state={officeState}
              onChange={setOfficeState}
              loading={officeAdmins.isFetching}
              error={officeAdmins.error}
              onRetry={() => void officeAdmins.refetch()}
              emptyAction={registerButton(Role.HOSPITAL_ADMIN)}
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="organization">
          <Stack gap="sm">
            <Group gap="sm">
              <SearchInput value={orgState.search} onChange={(search) => setOrgState({ ...orgState, page: 1, search })} label={t('filters.search')} />
              {mayChooseOrganization && (
                <OrganizationPicker
                  w={280}
                  aria-label={t('filters.organization')}
                  placeholder={t('filters.allOrganizations')}
                  nothingFoundMessage={t('fields.organizationNone')}
                  clearable
                  value={organizationFilter}
                  onChange={(v) => {
                    setOrganizationFilter(v);
                    setOrgState({ ...orgState, page: 1 });
                  }}
                />
              )}
            </Group>
            <AdminsTable
              kind="organization"
              rows={orgAdmins.data?.items}
              total={orgAdmins.data?.total}
              state={orgState}
              onChange={setOrgState}
              loading={orgAdmins.isFetching}
              error={orgAdmins.error}
              onRetry={() => void orgAdmins.refetch()}
              emptyAction={registerButton(Role.ORGANIZATION_ADMIN)}
            />
          </Stack>
        </Tabs.Panel>
      </Tabs>
      {wizard !== null && <AdminWizard key={wizard} roleId={wizard} opened onClose={() => setWizard(null)} onCreated={openCreated} />}
    </>
  );
}
