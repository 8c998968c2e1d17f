import { useEffect, useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconUsersPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { ListOfficePicker, useListOffice } from '../../../components/ListOfficePicker';
import { PageHeader } from '../../../components/PageHeader';
import { SearchInput } from '../../../components/SearchInput';
import type { PageState } from '../../../components/ServerTable';
import { useCan } from '../../../lib/can';
import { useUiState } from '../../../lib/ui-state';
import { useOfficeTeams } from '../api/medical-teams';
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
  const office = useListOffice();
  const { officeId, officeName } = office;
  const canManage = useCan('medicalTeams.manage');
  const ui = useUiState();
  const [state, setState] = useState<PageState>({ page: 1, pageSize: 25, sort: 'patientName' });
  const [wizardOpen, setWizardOpen] = useState(false);

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
        <ListOfficePicker label={t('list.office')} office={office} />
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
