import { useState } from 'react';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUsersPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { offices } from '@vigil/contract';
import { EmptyState } from '../../../components/EmptyState';
import { useCan } from '../../../lib/can';
import { useEndpointQuery } from '../../../lib/endpoint-query';
import { AssignModal } from './AssignModal';
import { PatientSurveysPanel } from './PatientSurveysPanel';

/**
 * Assignments and results per patient: assign a template to several patients at once, or pick a
 * patient to see their open and completed surveys, assignments and score trends (the same panel as
 * on the patient's page).
 */
export function PatientsTab({ officeId }: { officeId: number }) {
  const { t } = useTranslation('surveys');
  const canManage = useCan('surveys.manage');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [patient, setPatient] = useState<{ id: number; name: string } | null>(null);
  const [assigning, setAssigning] = useState(false);
  const patients = useEndpointQuery(
    offices.findOfficePatientsV4,
    { headers: { hospitalid: officeId }, query: { page: 1, pageSize: 50, sort: 'lastName', search: debounced || undefined } },
    { enabled: officeId > 0 },
  );
  const options = (patients.data?.items ?? []).map((p) => ({ value: String(p.id), label: `${p.lastName}, ${p.firstName}` }));
  if (patient && !options.some((o) => o.value === String(patient.id))) { options.unshift({ value: String(patient.id), label: patient.name }); }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Select
          label={t('patients.pick')}
          placeholder={t('patients.pickPlaceholder')}
          searchable
          clearable
          w={{ base: '100%', sm: 360 }}
          searchValue={search}
          onSearchChange={setSearch}
          data={options}
          nothingFoundMessage={t('common:list.noResults')}
          value={patient ? String(patient.id) : null}
          onChange={(v, o) => setPatient(v ? { id: Number(v), name: o?.label ?? v } : null)}
          data-testid="results-patient"
        />
        {canManage && (
          <Button variant="default" leftSection={<IconUsersPlus size={18} aria-hidden />} onClick={() => setAssigning(true)} disabled={officeId <= 0} data-testid="assign-many">
            {t('patients.assignMany')}
          </Button>
        )}
      </Group>
      {patient ? (
        <PatientSurveysPanel key={patient.id} patientId={patient.id} patientName={patient.name} hospitalId={officeId} />
      ) : (
        <EmptyState text={t('patients.none')} />
      )}
      <Text size="xs" c="dimmed">
        {t('patients.help')}
      </Text>
      <AssignModal opened={assigning} onClose={() => setAssigning(false)} hospitalId={officeId} target={{ kind: 'patients' }} />
    </Stack>
  );
}
