import { useEffect, useState } from 'react';
import { Button, Group, Select } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { SearchInput } from '../../../components/SearchInput';
import type { PageState } from '../../../components/ServerTable';
import { useCan } from '../../../lib/can';
import { useOfficesInScope } from '../../../lib/offices-in-scope';
import { useSelectedOffice } from '../../../lib/office';
import { useUiState } from '../../../lib/ui-state';
import { useHospitalPatients, useOfficePatients } from '../../../lib/shared-reads';
import { PatientDetails } from '../components/PatientDetails';
import { PATIENT_STATUSES } from '../components/PatientStatusMenu';
import { PatientWizardModal } from '../components/PatientWizardModal';
import { PatientsTable, type PatientRow } from '../components/PatientsTable';

const ALL = 'all';
/** Sort keys the all-offices list (GET user/gethospitalpatients) understands. */
const ALL_OFFICES_SORTS = ['lastName', '-lastName', 'status', '-status'];

/**
 * /patients: the patients of the selected office (GET hospital/getrelatedpatientsforhospitalv4),
 * paged, sorted, searched and filtered by status on the server. With no office selected (-1) the user
 * picks one of their offices or sees all of them (GET user/gethospitalpatients). A row opens the
 * patient's page (/patientdetails/{id}), the eye button the details drawer; users who manage patients register new ones with the wizard.
 */
export default function PatientsPage() {
  const { t } = useTranslation(['patients', 'person']);
  const selectedOffice = useSelectedOffice();
  const { offices } = useOfficesInScope();
  const canManage = useCan('patients.manage');
  const ui = useUiState();
  const navigate = useNavigate();
  const [picked, setPicked] = useState<string>(ALL);
  const [status, setStatus] = useState<string | null>(null);
  const [state, setState] = useState<PageState>({ page: 1, pageSize: 25, sort: 'lastName' });
  const [wizardOpen, setWizardOpen] = useState(false);

  const officeId = selectedOffice > 0 ? selectedOffice : picked === ALL ? null : Number(picked);
  const allOffices = officeId === null;

  useEffect(() => {
    setState((s) => ({ ...s, page: 1 }));
  }, [officeId]);

  const sort = allOffices && state.sort && !ALL_OFFICES_SORTS.includes(state.sort) ? 'lastName' : state.sort;
  const query = {
    page: state.page,
    pageSize: state.pageSize,
    sort: sort as never,
    search: state.search || undefined,
    status: status === null ? undefined : Number(status),
  };
  const one = useOfficePatients(officeId, query);
  const all = useHospitalPatients(null, query, { enabled: allOffices });
  const active = allOffices ? all : one;

  const rows: PatientRow[] | undefined = allOffices
    ? all.data?.items.map((u) => ({
        id: u.id,
        firstName: u.firstName,
        lastName: u.lastName,
        birthdate: u.birthdate,
        status: u.status,
        patientIdentifier: u.patientMetadata?.patientIdentifier ?? '',
        medicalRegistrationNumber: u.patientMetadata?.medicalRegistrationNumber ?? '',
        offices: u.hospitalsAssignedData.map((h) => h.hospitalName),
      }))
    : one.data?.items.map((p) => ({ ...p, team: p.medicalTeam }));

  const openPatient = (id: number, name: string) => ui.openDetails(name, <PatientDetails patientId={id} />);
  const newButton = canManage ? (
    <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={() => setWizardOpen(true)} data-testid="new-patient">
      {t('newPatient')}
    </Button>
  ) : undefined;

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} actions={newButton} />
      <Group mb="md" gap="sm" align="flex-end" wrap="wrap">
        <SearchInput label={t('list.search')} value={state.search} onChange={(search) => setState((s) => ({ ...s, page: 1, search }))} />
        <Select
          w={180}
          aria-label={t('list.statusFilter')}
          data={[{ value: ALL, label: t('list.allStatuses') }, ...PATIENT_STATUSES.map((s) => ({ value: String(s), label: t(`common:status.${s}`) }))]}
          value={status ?? ALL}
          onChange={(v) => {
            setStatus(v === ALL || v === null ? null : v);
            setState((s) => ({ ...s, page: 1 }));
          }}
          allowDeselect={false}
        />
        {selectedOffice <= 0 && (
          <Select
            w={260}
            aria-label={t('list.officeFilter')}
            searchable
            data={[{ value: ALL, label: t('common:office.all') }, ...offices.map((o) => ({ value: String(o.id), label: o.hospitalName }))]}
            value={picked}
            onChange={(v) => setPicked(v ?? ALL)}
            allowDeselect={false}
          />
        )}
      </Group>
      <PatientsTable
        rows={rows}
        total={active.data?.total}
        state={{ ...state, sort }}
        onChange={setState}
        loading={active.isFetching}
        error={active.error}
        onRetry={() => void active.refetch()}
        onOpen={(r) => void navigate(`/patientdetails/${r.id}`)}
        onQuickView={(r) => openPatient(r.id, `${r.firstName} ${r.lastName}`)}
        allOffices={allOffices}
        emptyAction={
          canManage ? (
            <Button variant="light" onClick={() => setWizardOpen(true)}>
              {t('registerFirst')}
            </Button>
          ) : undefined
        }
      />
      {canManage && <PatientWizardModal opened={wizardOpen} onClose={() => setWizardOpen(false)} onOpenPatient={openPatient} />}
    </>
  );
}
