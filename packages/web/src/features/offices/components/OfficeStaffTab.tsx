import { useState } from 'react';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { officeStaffRoleIds, type Office } from '@vigil/contract';
import { SearchInput } from '../../../components/SearchInput';
import { useDeassignStaff } from '../api/offices';
import { useOfficeStaff } from '../../../lib/shared-reads';
import { AssignStaffModal } from './AssignStaffModal';
import { OfficeMembersTab, useMembersPageState } from './OfficeMembersTab';

/** The office's medical staff (paged), with assign and deassign for those who may. */
export function OfficeStaffTab({ office }: { office: Office }) {
  const { t } = useTranslation('offices');
  const { t: tc } = useTranslation();
  const [state, setState] = useMembersPageState();
  const [roleId, setRoleId] = useState<string | null>(null);
  const q = useOfficeStaff(office.id, { ...state, roleId: roleId ? Number(roleId) : undefined });
  const deassign = useDeassignStaff();

  return (
    <OfficeMembersTab
      office={office}
      kind="staff"
      state={state}
      onStateChange={setState}
      query={q}
      deassign={deassign}
      column={{ header: t('columns.role'), sortKey: 'roleId', render: (u) => tc(`roles.${u.roleId}`) }}
      filters={
        <>
          <SearchInput value={state.search} onChange={(search) => setState({ ...state, page: 1, search })} label={t('staff.search')} />
          <Select
            w={170}
            aria-label={t('columns.role')}
            placeholder={t('filters.allRoles')}
            clearable
            data={officeStaffRoleIds.map((id) => ({ value: String(id), label: tc(`roles.${id}`) }))}
            value={roleId}
            onChange={(v) => {
              setRoleId(v);
              setState({ ...state, page: 1 });
            }}
          />
        </>
      }
      assignModal={(opened, onClose) => <AssignStaffModal office={office} opened={opened} onClose={onClose} />}
    />
  );
}
