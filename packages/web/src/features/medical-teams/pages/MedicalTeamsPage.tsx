import { useEffect, useState } from 'react';
import { Button, Group, Select } from '@mantine/core';
import { IconUsersPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { SearchInput } from '../../../components/SearchInput';
import type { PageState } from '../../../components/ServerTable';
import { useCan } from '../../../lib/can';
import { useOfficesInScope } from '../../../lib/offices-in-scope';
import { useSelectedOffice } from '../../../lib/office';
import { useUiState } from '../../../lib/ui-state';
import { useOfficeTeams } from '../api/find-office-teams';
import { TeamDetails } from '../components/TeamDetails';
import { TeamsTable } from '../components/TeamsTable';
import { TeamWizardModal } from '../components/TeamWizardModal';

/**
 * /medicalteam: the medical teams of the selected office (GET medicalteam/getmedicalteamsforhospital),
 * paged, sorted and searched by patient name on the server. With no office selected the user picks one
 * of theirs. A row opens the team drawer (members, add and remove); the wizard creates a team.
 */
export default function MedicalTeamsPage() {
  const { t } = useTranslation('medicalTeams');
  const selectedOffice = useSelectedOffice();
  const { offices } = useOfficesInScope();
  const canManage = useCan('medicalTeams.manage');
  const ui = useUiState();
  const [picked, setPicked] = useState<string | null>(null);
  const [state, setState] = useState<PageState>({ page: 1, pageSize: 25, sort: 'patientName' });
  const [wizardOpen, setWizardOpen] = useState(false);

  const officeId = selectedOffice > 0 ? selectedOffice : picked ? Number(picked) : (offices[0]?.id ?? null);
  const officeName = offices.find((o) => o.id === officeId)?.hospitalName ?? '';
  useEffect(() => {
    setState((s) => ({ ...s, page: 1 }));
  }, [officeId]);

  const query = useOfficeTeams(officeId, {
    page: state.page,
    pageSize: state.pageSize,
    sort: state.sort as never,
    search: state.search || undefined,
  });

  const openTeam = (patientId: number, name: string) => officeId && ui.openDetails(name, <TeamDetails patientId={patientId} officeId={officeId} />);
  const newButton =
    canManage && officeId ? (
      <Button leftSection={<IconUsersPlus size={18} aria-hidden />} onClick={() => setWizardOpen(true)} data-testid="new-team">
        {t('newTeam')}
      </Button>
    ) : undefined;

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} actions={newButton} />
      <Group mb="md" gap="sm" align="flex-end" wrap="wrap">
        <SearchInput label={t('list.search')} value={state.search} onChange={(search) => setState((s) => ({ ...s, page: 1, search }))} />
        {selectedOffice <= 0 && offices.length > 0 && (
          <Select
            w={260}
            aria-label={t('list.office')}
            searchable
            data={offices.map((o) => ({ value: String(o.id), label: o.hospitalName }))}
            value={officeId ? String(officeId) : null}
            onChange={setPicked}
            allowDeselect={false}
          />
        )}
      </Group>
      {officeId === null ? (
        <EmptyState text={t('list.noOffice')} />
      ) : (
        <TeamsTable
          rows={query.data?.items}
          total={query.data?.total}
          state={state}
          onChange={setState}
          loading={query.isFetching}
          error={query.error}
          onRetry={() => void query.refetch()}
          onOpen={(r) => openTeam(r.patientId, `${r.patient.firstName} ${r.patient.lastName}`)}
          emptyAction={
            canManage ? (
              <Button variant="light" onClick={() => setWizardOpen(true)}>
                {t('createFirst')}
              </Button>
            ) : undefined
          }
        />
      )}
      {canManage && officeId && (
        <TeamWizardModal opened={wizardOpen} onClose={() => setWizardOpen(false)} officeId={officeId} officeName={officeName} onOpenTeam={openTeam} />
      )}
    </>
  );
}
