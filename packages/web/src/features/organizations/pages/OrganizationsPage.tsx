import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Organization } from '@vigil/contract';
import { useCan } from '../../../lib/can';
import { useUiState } from '../../../lib/ui-state';
import { EditDeleteActions, ListPage, TwoLineName, useListPageState } from '../../../components/ListPage';
import type { Column } from '../../../components/ServerTable';
import { UserStatusBadge as StatusBadge } from '../../../components/UserStatusBadge';
import { useOrganizations } from '../api/organizations';
import { OrganizationDetails } from '../components/OrganizationDetails';
import { OrganizationWizard } from '../components/OrganizationWizard';
import { useOrganizationActions } from '../components/useOrganizationActions';
import { placeOf } from '../components/organization-form';

/** /organizations: the medical institutions in scope, paged, sorted and searched on the server. */
export default function OrganizationsPage() {
  const { t } = useTranslation('organizations');
  const ui = useUiState();
  const list = useListPageState('institutionName');
  const [wizardOpen, setWizardOpen] = useState(false);
  const q = useOrganizations({ ...list.state, status: list.statusFilter });
  const { edit, askDelete } = useOrganizationActions();
  const mayUpdate = useCan('organizations.update');
  const mayManage = useCan('organizations.manage');

  const openDetails = (org: Organization) => ui.openDetails(t('details.title'), <OrganizationDetails key={org.id} organization={org} />);

  const columns: Column<Organization>[] = [
    { header: t('columns.name'), sortKey: 'institutionName', render: (o) => <TwoLineName name={o.institutionName} second={o.institutionNameESP} /> },
    { header: t('columns.place'), sortKey: 'city', render: (o) => placeOf(o) },
    { header: t('columns.phone'), render: (o) => o.contactPhone },
    { header: t('columns.offices'), render: (o) => o.officeCount },
    { header: t('columns.status'), sortKey: 'status', render: (o) => <StatusBadge status={o.status} /> },
  ];
  if (mayUpdate || mayManage) {
    columns.push({
      header: t('columns.actions'),
      width: 100,
      render: (o) => <EditDeleteActions ns="organizations" name={o.institutionName} mayUpdate={mayUpdate} mayManage={mayManage} onEdit={() => edit(o)} onDelete={() => askDelete(o)} />,
    });
  }

  return (
    <ListPage ns="organizations" managePermission="organizations.manage" onRegister={() => setWizardOpen(true)} list={list} columns={columns} query={q} rowKey={(o) => o.id} onRowClick={openDetails}>
      <OrganizationWizard opened={wizardOpen} onClose={() => setWizardOpen(false)} onCreated={openDetails} />
    </ListPage>
  );
}
