import { useState } from 'react';
import { ActionIcon, Button, Group, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Role, type Office } from '@vigil/contract';
import { useAuth } from '../../../lib/auth';
import { Can, useCan } from '../../../lib/can';
import { useUiState } from '../../../lib/ui-state';
import { PageHeader } from '../../../components/PageHeader';
import { SearchInput } from '../../../components/SearchInput';
import { ServerTable, type Column, type PageState } from '../../../components/ServerTable';
import { UserStatusBadge } from '../../../components/UserStatusBadge';
import { useOffices } from '../api/find-offices';
import { OfficeDetails } from '../components/OfficeDetails';
import { OfficeWizard } from '../components/OfficeWizard';
import { OrganizationPicker } from '../../../components/OrganizationPicker';
import { ProgramBadges } from '../components/ProgramBadges';
import { useOfficeActions } from '../components/useOfficeActions';
import { placeOf } from '../components/office-form';

/** /offices: the offices in scope, paged, sorted and searched on the server; a system admin filters by organization. */
export default function OfficesPage() {
  const { t } = useTranslation('offices');
  const { t: tc } = useTranslation();
  const { user } = useAuth();
  const ui = useUiState();
  const isSystemAdmin = user?.roleId === Role.SYSTEM_ADMIN;
  const [state, setState] = useState<PageState>({ page: 1, pageSize: 25, sort: 'hospitalName' });
  const [organizationId, setOrganizationId] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [wizardOpen, setWizardOpen] = useState(false);
  const q = useOffices({
    ...state,
    organizationId: organizationId ? Number(organizationId) : undefined,
    status: status === null ? undefined : Number(status),
  });
  const { edit, askDelete } = useOfficeActions();
  const mayUpdate = useCan('offices.update');
  const mayManage = useCan('offices.manage');

  const openDetails = (office: Office) => ui.openDetails(t('details.title'), <OfficeDetails key={office.id} office={office} />);

  const columns: Column<Office>[] = [
    {
      header: t('columns.name'),
      sortKey: 'hospitalName',
      render: (o) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {o.hospitalName}
          </Text>
          {o.hospitalNameESP && (
            <Text size="xs" c="dimmed">
              {o.hospitalNameESP}
            </Text>
          )}
        </Stack>
      ),
    },
  ];
  if (isSystemAdmin) columns.push({ header: t('columns.organization'), sortKey: 'organizationName', render: (o) => o.organizationName });
  columns.push(
    { header: t('columns.place'), sortKey: 'city', render: (o) => placeOf(o) },
    { header: t('columns.timeZone'), render: (o) => o.timeZone },
    { header: t('columns.programs'), render: (o) => <ProgramBadges office={o} /> },
    { header: t('columns.status'), sortKey: 'status', render: (o) => <UserStatusBadge status={o.status} /> },
  );
  if (mayUpdate || mayManage)
    columns.push({
      header: t('columns.actions'),
      width: 100,
      render: (o) => (
        <Group gap={4} wrap="nowrap" onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
          {mayUpdate && (
            <Tooltip label={t('actions.edit')}>
              <ActionIcon variant="subtle" aria-label={t('actions.editNamed', { name: o.hospitalName })} onClick={() => edit(o)}>
                <IconEdit size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
          {mayManage && (
            <Tooltip label={t('actions.delete')}>
              <ActionIcon variant="subtle" color="red" aria-label={t('actions.deleteNamed', { name: o.hospitalName })} onClick={() => askDelete(o)}>
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    });

  const registerButton = (
    <Can permission="offices.manage">
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
          {isSystemAdmin && (
            <OrganizationPicker
              w={280}
              aria-label={t('filters.organization')}
              placeholder={t('filters.allOrganizations')}
              nothingFoundMessage={t('fields.organizationNone')}
              clearable
              value={organizationId}
              onChange={(v) => {
                setOrganizationId(v);
                setState({ ...state, page: 1 });
              }}
            />
          )}
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
      <Can permission="offices.manage">
        <OfficeWizard opened={wizardOpen} onClose={() => setWizardOpen(false)} onCreated={openDetails} />
      </Can>
    </>
  );
}
