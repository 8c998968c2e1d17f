import { useEffect, useState } from 'react';
import { Button, Group, Select } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { staffFormRoles, UserStatus } from '@vigil/contract';
import { EmptyState } from '../../../components/EmptyState';
import { ListOfficePicker, useListOffice } from '../../../components/ListOfficePicker';
import { PageHeader } from '../../../components/PageHeader';
import { SearchInput } from '../../../components/SearchInput';
import type { PageState } from '../../../components/ServerTable';
import { useCan } from '../../../lib/can';
import { useUiState } from '../../../lib/ui-state';
import { useOfficeStaffWithCounts } from '../api/medical-staff';
import { StaffDetails } from '../components/StaffDetails';
import { StaffTable } from '../components/StaffTable';
import { StaffWizardModal } from '../components/StaffWizardModal';

const ALL = 'all';

/**
 * /medicalstaff: the doctors, nurses and caregivers of the selected office
 * (GET hospital/getrelatedmedicalstaffforhospitalV3), paged, sorted, searched and filtered by role
 * (spec section 6: ids 3, 4 and 7, plus All) and status on the server. With no office selected the
 * user picks one of theirs. A row opens the details drawer; admins register staff with the wizard.
 */
export default function MedicalStaffPage() {
  const { t } = useTranslation(['medicalStaff', 'person']);
  const office = useListOffice();
  const { officeId, officeName } = office;
  const canManage = useCan('users.manage');
  const ui = useUiState();
  const [role, setRole] = useState<string>(ALL);
  const [status, setStatus] = useState<string>(ALL);
  const [state, setState] = useState<PageState>({ page: 1, pageSize: 25, sort: 'lastName' });
  const [wizardOpen, setWizardOpen] = useState(false);

  useEffect(() => {
    setState((s) => ({ ...s, page: 1 }));
  }, [officeId]);

  const query = useOfficeStaffWithCounts(officeId, {
    page: state.page,
    pageSize: state.pageSize,
    sort: state.sort as never,
    search: state.search || undefined,
    roleId: role === ALL ? undefined : Number(role),
    status: status === ALL ? undefined : Number(status),
  });

  const newButton = canManage ? (
    <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={() => setWizardOpen(true)} data-testid="new-staff">
      {t('newStaff')}
    </Button>
  ) : undefined;

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} actions={newButton} />
      <Group mb="md" gap="sm" align="flex-end" wrap="wrap">
        <SearchInput label={t('list.search')} value={state.search} onChange={(search) => setState((s) => ({ ...s, page: 1, search }))} />
        <Select
          w={180}
          aria-label={t('list.roleFilter')}
          data={[{ value: ALL, label: t('list.allRoles') }, ...staffFormRoles.map((r) => ({ value: String(r), label: t(`common:roles.${r}`) }))]}
          value={role}
          onChange={(v) => {
            setRole(v ?? ALL);
            setState((s) => ({ ...s, page: 1 }));
          }}
          allowDeselect={false}
        />
        <Select
          w={180}
          aria-label={t('list.statusFilter')}
          data={[
            { value: ALL, label: t('list.allStatuses') },
            { value: String(UserStatus.ACTIVE), label: t('common:status.1') },
            { value: String(UserStatus.INACTIVE), label: t('common:status.0') },
          ]}
          value={status}
          onChange={(v) => {
            setStatus(v ?? ALL);
            setState((s) => ({ ...s, page: 1 }));
          }}
          allowDeselect={false}
        />
        <ListOfficePicker label={t('list.officeFilter')} office={office} />
      </Group>
      {officeId === null ? (
        <EmptyState text={t('list.noOffice')} />
      ) : (
        <StaffTable
          rows={query.data?.items}
          total={query.data?.total}
          state={state}
          onChange={setState}
          loading={query.isFetching}
          error={query.error}
          onRetry={() => void query.refetch()}
          onOpen={(r) =>
            ui.openDetails(
              `${r.firstName} ${r.lastName}`,
              <StaffDetails userId={r.id} officeId={officeId} officeName={officeName} onRemoved={() => ui.close('details')} />,
            )
          }
          officeId={officeId}
          officeName={officeName}
          emptyAction={
            canManage ? (
              <Button variant="light" onClick={() => setWizardOpen(true)}>
                {t('registerFirst')}
              </Button>
            ) : undefined
          }
        />
      )}
      {canManage && <StaffWizardModal opened={wizardOpen} onClose={() => setWizardOpen(false)} />}
    </>
  );
}
