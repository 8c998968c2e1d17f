import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert, Anchor, Button, Grid, Stack, Title } from '@mantine/core';
import { IconHeartbeat } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { Role } from '@vigil/contract';
import { useCan } from '../../../../lib/can';
import { useSelectedOffice } from '../../../../lib/office';
import { useSelectedMode } from '../../../../lib/mode';
import { CareTimePanel, PatientPresenceAction } from '../../../../features/care-time';
import { CcmPanel } from '../../../../features/ccm';
import { MedicationListPanel } from '../../../../features/prescriptions';
import { ProblemListPanel } from '../../../../features/diagnoses';
import { SharePatientMeasurements } from '../../../../features/public-links';
import { useActiveTreatmentPlanForPatient } from '../../../../features/monitoring-plans';
import { useLatestReadings, usePatientDevices } from '../api/patient-details';
import { usePatientMetadata, useUser } from '../../../../lib/shared-reads';
import { PatientSurveysPanel } from '../../../../features/surveys';
import { PatientVisitsPanel } from '../../../../features/appointments';
import { AlertHistory } from '../components/AlertHistory';
import { CareTeamCard } from '../components/CareTeamCard';
import { DemographicsCard } from '../components/DemographicsCard';
import { DevicesCard } from '../components/DevicesCard';
import { LatestReadings } from '../components/LatestReadings';
import { MonitoringPlanSection } from '../components/MonitoringPlanSection';
import { PatientHeader } from '../components/PatientHeader';
import { Pending } from '../components/SectionCard';
import { VitalsCheckModal } from '../components/VitalsCheckModal';

/**
 * /patientdetails/{id} (spec section 2): the patient's record for the care team. Header (name,
 * age, status, offices, actions: vitals check, share measurements); main column: latest readings,
 * one chart per measurement type with the thresholds, the alert history; side column:
 * demographics and metadata, care team, the monitoring plan (the monitoring-plans panel: staff who
 * manage plans create, duplicate and edit it here), devices and hubs. The side
 * column's top is kept for the notes and time-tracking panel (README "Care time, notes and
 * billing"). A non-numeric id goes to /auth/login (spec section 2).
 *
 * First content (docs/benchmarks.md "Pages"): the page asks only for what its header, the latest
 * readings and the demographics need (the patient, its metadata, its newest readings); every other
 * panel, and the devices and plan behind the vitals check, mounts once the latest readings have
 * answered (or failed), so at most a handful of API calls run before the readings show.
 */
/**
 * The charts and their library (the build's `charts` chunk, packages/web/vite.config.ts) are the
 * page's largest code and show below the first content: fetched when the page opens, in parallel
 * with its first reads, and mounted with the other panels.
 */
const loadChartsSection = () => import('../components/ChartsSection');
const ChartsSection = lazy(() => loadChartsSection().then((m) => ({ default: m.ChartsSection })));

export default function PatientDetailsPage() {
  const { id } = useParams();
  if (!id || !/^\d{1,9}$/.test(id) || Number(id) < 1) { return <Navigate to="/auth/login" replace />; }
  return <PatientRecord key={id} patientId={Number(id)} />;
}

/** True from the moment `ready` is true and the browser has painted (a frame, then a task), never false again. */
function useAfterPaint(ready: boolean) {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (!ready || after) { return; }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setAfter(true), 50);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer) { clearTimeout(timer); }
    };
  }, [ready, after]);
  return after;
}

function PatientRecord({ patientId }: { patientId: number }) {
  const { t } = useTranslation(['patientDetails', 'measurements']);
  useEffect(() => void loadChartsSection().catch(() => undefined), []);
  const canRecord = useCan('measurements.create');
  const [vitalsOpen, setVitalsOpen] = useState(false);
  const patient = useUser(patientId, { retry: false, enabled: true });
  const p = patient.data;
  const isPatient = p?.roleId === Role.PATIENT;
  // Asked beside the patient, not after it: the readings need its identifier (one round trip less).
  const meta = usePatientMetadata(patientId, true);
  const identifier = meta.data?.patientIdentifier || (meta.isSuccess ? String(patientId) : null);
  const latest = useLatestReadings(isPatient ? identifier : null);
  // The rest of the page once the first content has answered and been painted (see the doc comment above).
  const rest = useAfterPaint(isPatient && (latest.isSuccess || latest.isError || meta.isError));
  const devices = usePatientDevices(patientId, rest);
  const plan = useActiveTreatmentPlanForPatient(patientId, rest);
  const selectedOffice = useSelectedOffice();
  const mode = useSelectedMode();

  if (!p) {
    return patient.error ? (
      <Stack gap="sm" align="flex-start">
        <Title order={1} fz="h2">
          {t('notFound')}
        </Title>
        <Alert color="red" role="alert" w="100%">
          {patient.error instanceof Error ? patient.error.message : t('common:list.error')}
        </Alert>
        <Anchor component={Link} to="/patients">
          {t('backToPatients')}
        </Anchor>
      </Stack>
    ) : (
      <Pending error={null} />
    );
  }
  if (!isPatient) {
    return (
      <Stack gap="sm">
        <Title order={1} fz="h2">
          {t('notPatient')}
        </Title>
        <Alert color="red" role="alert">
          {t('notPatientText')}
        </Alert>
      </Stack>
    );
  }
  const name = `${p.firstName} ${p.lastName}`;
  const planTypes = plan.data?.devices.map((d) => d.deviceType) ?? [];
  // The office of the notes and time: the selected office when the patient is in it, else the patient's own.
  const careOffice = p.hospitalsAssignedData.some((h) => h.id === selectedOffice) ? selectedOffice : (p.hospitalAssignedData?.id ?? p.hospitalsAssignedData[0]?.id ?? 0);

  return (
    <>
      <PatientHeader
        patient={p}
        identifier={meta.data?.patientIdentifier || undefined}
        actions={
          <>
            {canRecord && (
              <Button leftSection={<IconHeartbeat size={18} aria-hidden />} onClick={() => setVitalsOpen(true)} disabled={!devices.data || plan.isLoading} data-testid="vitals-open">
                {t('vitals.open')}
              </Button>
            )}
            {rest && <SharePatientMeasurements patientId={patientId} patientName={name} />}
            {rest && careOffice > 0 && <PatientPresenceAction patientId={patientId} hospitalId={careOffice} />}
          </>
        }
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            {/* CCM mode (spec section 4 "Selected mode"): the CCM record leads the page. */}
            {rest && mode === 'CCM' && careOffice > 0 && <CcmPanel key={careOffice} patientId={patientId} hospitalId={careOffice} />}
            <LatestReadings readings={latest.data} error={latest.error ?? meta.error} />
            {rest && (
              <>
                <Suspense fallback={<Pending error={null} />}>
                  <ChartsSection patientId={patientId} />
                </Suspense>
                <AlertHistory patientId={patientId} />
                {careOffice > 0 && <MedicationListPanel key={`rx-${careOffice}`} patientId={patientId} hospitalId={careOffice} />}
                <PatientSurveysPanel patientId={patientId} patientName={name} hospitalId={careOffice} />
                <ProblemListPanel patientId={patientId} />
              </>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md" data-slot="patient-side-panel">
            {rest && careOffice > 0 && <CareTimePanel key={careOffice} patientId={patientId} hospitalId={careOffice} />}
            {rest && <PatientVisitsPanel patientId={patientId} hospitalId={careOffice} />}
            <DemographicsCard patient={p} meta={meta.data} metaError={meta.error} />
            {rest && (
              <>
                <CareTeamCard patientId={patientId} />
                <MonitoringPlanSection patientId={patientId} officeId={p.hospitalsAssignedData.length === 1 ? p.hospitalsAssignedData[0]!.id : undefined} plan={plan.data} />
                <DevicesCard devices={devices.data} error={devices.error} />
              </>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      {canRecord && devices.data && !plan.isLoading && (
        <VitalsCheckModal
          key={`${devices.data.length}-${planTypes.join(',')}`}
          opened={vitalsOpen}
          onClose={() => setVitalsOpen(false)}
          patientId={patientId}
          patientName={name}
          devices={devices.data}
          planTypes={planTypes}
        />
      )}
    </>
  );
}
