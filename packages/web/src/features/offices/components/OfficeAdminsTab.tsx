import { useTranslation } from 'react-i18next';
import type { Office } from '@vigil/contract';
import { useDeassignAdmin } from '../api/offices';
import { useOfficeAdmins } from '../../../lib/shared-reads';
import { AssignAdminModal } from './AssignAdminModal';
import { OfficeMembersTab, useMembersPageState } from './OfficeMembersTab';

/** The office's admins (user/gethospitaladmins for this office), with assign and deassign. */
export function OfficeAdminsTab({ office }: { office: Office }) {
  const { t } = useTranslation('offices');
  const [state, setState] = useMembersPageState();
  const q = useOfficeAdmins(office.id, state);
  const deassign = useDeassignAdmin();

  return (
    <OfficeMembersTab
      office={office}
      kind="admins"
      state={state}
      onStateChange={setState}
      query={q}
      deassign={deassign}
      column={{ header: t('columns.username'), sortKey: 'username', render: (u) => u.username }}
      assignModal={(opened, onClose) => <AssignAdminModal office={office} opened={opened} onClose={onClose} />}
    />
  );
}
