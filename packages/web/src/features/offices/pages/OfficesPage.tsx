import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Office } from '@vigil/contract';
import { Can, useCan } from '../../../lib/can';
import { useUiState } from '../../../lib/ui-state';
import { EditDeleteActions, ListPage, TwoLineName, useListPageState } from '../../../components/ListPage';
import type { Column } from '../../../components/ServerTable';
import { UserStatusBadge } from '../../../components/UserStatusBadge';
import { useOffices } from '../api/offices';
import { OfficeDetails } from '../components/OfficeDetails';
import { OfficeWizard } from '../components/OfficeWizard';
import { OrganizationPicker } from '../../../components/OrganizationPicker';
import { ProgramBadges } from '../components/ProgramBadges';
import { useOfficeActions } from '../components/useOfficeActions';
import { placeOf } from '../components/office-form';

/** /offices: the offices in scope, paged, sorted and searched on the server; a system admin filters by organization. */
export default function OfficesPage() {
  const { t } = useTranslation('offices');
  const ui = useUiState();
  // Every organization's offices (the organization column) is system-wide organization work (the permission map's 'organizations.manage'; docs/architecture.md "Web: permissions").
  const seesAllOrganizations = useCan('organizations.manage');
  const list = useListPageState('hospitalName');
  const [organizationId, setOrganizationId] = useState<string | null>(null);
  const [wizardOpen, setWizardOpen] = useState(false);
  const q = useOffices({
    ...list.state,
    organizationId: organizationId ? Number(organizationId) : undefined,
    status: list.statusFilter,
  });
  const { edit, askDelete } = useOfficeActions();
  const mayUpdate = useCan('offices.update');
  const mayManage = useCan('offices.manage');

  const openDetails = (office: Office) => ui.openDetails(t('details.title'), <OfficeDetails key={office.id} office={office} />);

  const columns: Column<Office>[] = [{ header: t('columns.name'), sortKey: 'hospitalName', render: (o) => <TwoLineName name={o.hospitalName} second={o.hospitalNameESP} /> }];
  if (seesAllOrganizations) { columns.push({ header: t('columns.organization'), sortKey: 'organizationName', render: (o) => o.organizationName }); }
  columns.push(
    { header: t('columns.place'), sortKey: 'city', render: (o) => placeOf(o) },
    { header: t('columns.timeZone'), render: (o) => o.timeZone },
    { header: t('columns.programs'), render: (o) => <ProgramBadges office={o} /> },
    { header: t('columns.status'), sortKey: 'status', render: (o) => <UserStatusBadge status={o.status} /> },
  );
  if (mayUpdate || mayManage) {
    columns.push({
      header: t('columns.actions'),
      width: 100,
      render: (o) => <EditDeleteActions ns="offices" name={o.hospitalName} mayUpdate={mayUpdate} mayManage={mayManage} onEdit={() => edit(o)} onDelete={() => askDelete(o)} />,
    });
  }

  return (
    <ListPage
      ns="offices"
      managePermission="offices.manage"
      onRegister={() => setWizardOpen(true)}
      list={list}
      filters={
        seesAllOrganizations && (
          <OrganizationPicker
            w={280}
            aria-label={t('filters.organization')}
            placeholder={t('filters.allOrganizations')}
            nothingFoundMessage={t('fields.organizationNone')}
            clearable
            value={organizationId}
            onChange={(v) => {
              setOrganizationId(v);
              list.toFirstPage();
            }}
          />
        )
      }
      columns={columns}
      query={q}
      rowKey={(o) => o.id}
      onRowClick={openDetails}
    >
      <Can permission="offices.manage">
        <OfficeWizard opened={wizardOpen} onClose={() => setWizardOpen(false)} onCreated={openDetails} />
      </Can>
    </ListPage>
  );
}
