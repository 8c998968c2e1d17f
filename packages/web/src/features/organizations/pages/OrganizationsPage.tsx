import { useState } from 'react';
import { ActionIcon, Button, Group, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Organization } from '@vigil/contract';
import { Can, useCan } from '../../../lib/can';
import { useUiState } from '../../../lib/ui-state';
import { PageHeader } from '../../../components/PageHeader';
import { UserStatusBadge as StatusBadge } from '../../../components/UserStatusBadge';
import { SearchInput } from '../../../components/SearchInput';
import { ServerTable, type Column, type PageState } from '../../../components/ServerTable';
import { useOrganizations } from '../api/find-organizations';
import { OrganizationDetails } from '../components/OrganizationDetails';
import { OrganizationWizard } from '../components/OrganizationWizard';
import { useOrganizationActions } from '../components/useOrganizationActions';
import { placeOf } from '../components/organization-form';

/** /organizations: the medical institutions in scope, paged, sorted and searched on the server. */
export default function OrganizationsPage() {
  const { t } = useTranslation('organizations');
  const { t: tc } = useTranslation();
  const ui = useUiState();
  const [state, setState] = useState<PageState>({ page: 1, pageSize: 25, sort: 'institutionName' });
  const [status, setStatus] = useState<string | null>(null);
  const [wizardOpen, setWizardOpen] = useState(false);
  const q = useOrganizations({ ...state, status: status === null ? undefined : Number(status) });
  const { edit, askDelete } = useOrganizationActions();
  const mayUpdate = useCan('organizations.update');
  const mayManage = useCan('organizations.manage');

  const openDetails = (org: Organization) => ui.openDetails(t('details.title'), <OrganizationDetails key={org.id} organization={org} />);

  const columns: Column<Organization>[] = [
    {
      header: t('columns.name'),
      sortKey: 'institutionName',
      render: (o) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {o.institutionName}
          </Text>
          {o.institutionNameESP && (
            <Text size="xs" c="dimmed">
              {o.institutionNameESP}
            </Text>
          )}
        </Stack>
      ),
    },
    { header: t('columns.place'), sortKey: 'city', render: (o) => placeOf(o) },
    { header: t('columns.phone'), render: (o) => o.contactPhone },
    { header: t('columns.offices'), render: (o) => o.officeCount },
    {
      header: t('columns.status'),
      sortKey: 'status',
      render: (o) => <StatusBadge status={o.status} />,
    },
  ];
  if (mayUpdate || mayManage) {
    columns.push({
      header: t('columns.actions'),
      width: 100,
      render: (o) => (
        <Group gap={4} wrap="nowrap" onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
          {mayUpdate && (
            <Tooltip label={t('actions.edit')}>
              <ActionIcon variant="subtle" aria-label={t('actions.editNamed', { name: o.institutionName })} onClick={() => edit(o)}>
                <IconEdit size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
          {mayManage && (
            <Tooltip label={t('actions.delete')}>
              <ActionIcon variant="subtle" color="red" aria-label={t('actions.deleteNamed', { name: o.institutionName })} onClick={() => askDelete(o)}>
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    });
  }

  const registerButton = (
    <Can permission="organizations.manage">
      <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setWizardOpen(true)}>
        {t('actions.register')}
      </Button>
    </Can>
  );

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} actions={registerButton} />
      <Stack gap="sm">
        <Group gap="sm" align="flex-end">
          <SearchInput value={state.search} onChange={(search) => setState({ ...state, page: 1, search })} label={t('filters.search')} />
          <Select
            w={180}
            aria-label={t('filters.status')}
            placeholder={t('filters.allStatuses')}
            clearable
            data={[
              { value: '1', label: tc('status.1') },
              { value: '0', label: tc('status.0') },
            ]}
            value={status}
            onChange={(v) => {
              setStatus(v);
              setState({ ...state, page: 1 });
            }}
          />
        </Group>
        <ServerTable
          caption={t('title')}
          columns={columns}
          rows={q.data?.items}
          total={q.data?.total}
          state={state}
          onChange={setState}
          rowKey={(o) => o.id}
          loading={q.isFetching}
          error={q.error}
          onRetry={() => void q.refetch()}
          onRowClick={openDetails}
          emptyText={t('empty')}
          emptyAction={registerButton}
        />
      </Stack>
      <OrganizationWizard opened={wizardOpen} onClose={() => setWizardOpen(false)} onCreated={openDetails} />
    </>
  );
}
