import { useEffect, useRef, useState } from 'react';
import { Button, Group, Select } from '@mantine/core';
import { IconDeviceFloppy, IconUserPlus } from '@tabler/icons-react';
import { BILLING_PROGRAMS, type OfficePatientTriageFilters, type PatientListView } from '@vigil/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { SearchInput } from '../../../components/SearchInput';
import type { PageState } from '../../../components/ServerTable';
import { useCan } from '../../../lib/can';
import { useOfficesInScope } from '../../../lib/offices-in-scope';
import { notify } from '../../../lib/notify';
import { useSelectedOffice } from '../../../lib/office';
import { useUiState } from '../../../lib/ui-state';
import { useHospitalPatients, useOfficePatients } from '../../../lib/shared-reads';
import { PatientDetails } from '../components/PatientDetails';
import { PATIENT_STATUSES } from '../components/PatientStatusMenu';
import { PatientWizardModal } from '../components/PatientWizardModal';
import { usePatientListView, useSavePatientListView } from '../api/patients';
import { PatientsTable, type PatientRow } from '../components/PatientsTable';

const ALL = 'all';
const PAGE_SIZES = [10, 25, 50, 100] as const;

/** The triage filters' choices (docs/patient-list.md); each Select also offers "all". */
const TRIAGE_FILTERS: { key: keyof OfficePatientTriageFilters; values: readonly string[] }[] = [
  { key: 'alerts', values: ['open', 'critical', 'none'] },
  { key: 'lastReading', values: ['abnormal', 'normal', 'none'] },
  { key: 'readingDays', values: ['below', 'reached'] },
  { key: 'careMinutes', values: ['below', 'reached'] },
  { key: 'program', values: BILLING_PROGRAMS },
];
/** Sort keys the all-offices list (GET user/gethospitalpatients) understands. */
const ALL_OFFICES_SORTS = ['lastName', '-lastName', 'status', '-status'];

/**
 * /patients: the patients of the selected office (GET hospital/getrelatedpatientsforhospitalv4),
 * with their triage figures, paged, sorted, searched and filtered (status, alerts, last reading,
 * reading days, care minutes, program) on the server; the user's saved default view (sort and
 * filters, GET / PUT user/patientlistview) is restored on the next visit (docs/patient-list.md). With no office selected (-1) the user
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
  const [filters, setFilters] = useState<OfficePatientTriageFilters>({});
  const savedView = usePatientListView();
  const saveView = useSavePatientListView();
  const restored = useRef(false);

  // The saved default view, applied once when it arrives.
  useEffect(() => {
    const view = savedView.data?.view;
    if (restored.current || savedView.data === undefined) { return; }
    restored.current = true;
    if (!view) { return; }
    const { sort: savedSort, status: savedStatus, pageSize, ...savedFilters } = view;
    setFilters(savedFilters);
    setStatus(savedStatus === undefined ? null : String(savedStatus));
    setState((s) => ({ ...s, page: 1, sort: savedSort ?? s.sort, pageSize: pageSize ?? s.pageSize }));
  }, [savedView.data]);

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
    ...(allOffices ? {} : filters),
  };
  const currentView = (): PatientListView => ({
    ...filters,
    sort: sort as PatientListView['sort'],
    status: status === null ? undefined : Number(status),
    pageSize: PAGE_SIZES.find((n) => n === state.pageSize),
  });
  const onSaveView = () =>
    saveView.mutate(currentView(), {
      onSuccess: () => notify({ color: 'teal', message: t('triage.viewSaved') }),
      onError: () => notify({ color: 'red', message: t('triage.viewNotSaved') }),
    });
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
    : one.data?.items.map((p) => ({ ...p, team: p.medicalTeam, triage: p }));

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
        {!allOffices &&
          TRIAGE_FILTERS.map(({ key, values }) => (
            <Select
              key={key}
              w={190}
              label={t(`triage.filter.${key}`)}
              data={[{ value: ALL, label: t('triage.filter.all') }, ...values.map((v) => ({ value: v, label: key === 'program' ? v : t(`triage.filter.${key}Values.${v}`) }))]}
              value={filters[key] ?? ALL}
              onChange={(v) => {
                setFilters((f) => ({ ...f, [key]: v === ALL || v === null ? undefined : v }));
                setState((s) => ({ ...s, page: 1 }));
              }}
              allowDeselect={false}
              data-testid={`filter-${key}`}
            />
          ))}
        {!allOffices && (
          <Button variant="light" leftSection={<IconDeviceFloppy size={18} aria-hidden />} onClick={onSaveView} loading={saveView.isPending} data-testid="save-view">
            {t('triage.saveView')}
          </Button>
        )}
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
