import { useState } from 'react';
import { Alert, Anchor, Button, Grid, Stack, Title } from '@mantine/core';
import { IconHeartbeat } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { Role } from '@vigil/contract';
import { useCan } from '../../../lib/can';
import { SharePatientMeasurements } from '../../public-links';
import { useActivePlan } from '../api/get-active-plan';
import { useLatestReadings } from '../api/get-latest-readings';
import { usePatient } from '../api/get-patient';
import { usePatientDevices } from '../api/get-patient-devices';
import { usePatientMetadata } from '../api/get-patient-metadata';
import { AlertHistory } from '../components/AlertHistory';
import { CareTeamCard } from '../components/CareTeamCard';
import { ChartsSection } from '../components/ChartsSection';
import { DemographicsCard } from '../components/DemographicsCard';
import { DevicesCard } from '../components/DevicesCard';
import { LatestReadings } from '../components/LatestReadings';
import { PatientHeader } from '../components/PatientHeader';
import { PlanCard } from '../components/PlanCard';
import { Pending } from '../components/SectionCard';
import { VitalsCheckModal } from '../components/VitalsCheckModal';

/**
 * /patientdetails/{id} (issue 3 section 5): the patient's record for the care team. Header (name,
 * age, status, offices, actions: vitals check, share measurements); main column: latest readings,
 * one chart per measurement type with the thresholds, the alert history; side column:
 * demographics and metadata, care team, active monitoring plan, devices and hubs. The side
 * column's top is kept for the notes and time-tracking panel (issue 4). A non-numeric id goes to
 * /auth/login (spec section 2).
 */
export default function PatientDetailsPage() {
  const { id } = useParams();
  if (!id || !/^\d{1,9}$/.test(id) || Number(id) < 1) return <Navigate to="/auth/login" replace />;
  return <PatientRecord key={id} patientId={Number(id)} />;
}

function PatientRecord({ patientId }: { patientId: number }) {
  const { t } = useTranslation(['patientDetails', 'measurements']);
  const canRecord = useCan('measurements.create');
  const [vitalsOpen, setVitalsOpen] = useState(false);
  const patient = usePatient(patientId);
  const p = patient.data;
  const isPatient = p?.roleId === Role.PATIENT;
  const meta = usePatientMetadata(patientId, isPatient);
  const devices = usePatientDevices(patientId, isPatient);
  const plan = useActivePlan(patientId, isPatient);
  const identifier = meta.data?.patientIdentifier || (meta.isSuccess ? String(patientId) : null);
  const latest = useLatestReadings(isPatient ? identifier : null);

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
            <SharePatientMeasurements patientId={patientId} patientName={name} />
          </>
        }
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            <LatestReadings readings={latest.data} error={latest.error ?? meta.error} />
            <ChartsSection patientId={patientId} />
            <AlertHistory patientId={patientId} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md" data-slot="patient-side-panel">
            {/* Issue 4: the notes and time-tracking panel goes at the top of this column. */}
            <DemographicsCard patient={p} meta={meta.data} metaError={meta.error} />
            <CareTeamCard patientId={patientId} />
            <PlanCard plan={plan.data} error={plan.error} />
            <DevicesCard devices={devices.data} error={devices.error} />
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
