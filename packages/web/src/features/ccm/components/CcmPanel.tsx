import { useState } from 'react';
import { Alert, Button, Center, Group, Loader, Paper, Select, Stack, Title } from '@mantine/core';
import { IconFolderPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { useDates } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { useCreateCcmRecord } from '../api/create-ccm-record';
import { useCcmRecords } from '../api/get-ccm-records';
import { AllergySection } from './AllergySection';
import { CcmFhirActions } from './CcmFhirActions';
import { CcmRecordOverview } from './CcmRecordOverview';
import { FileTransferTray } from './FileTransferTray';

/**
 * The patient's chronic care management (spec section 2 "CCM records with these subsections"):
 * the CCM record to work in (newest first; "Open CCM record" when there is none) and its
 * sub-record sections. Allergies are the first section; each further group adds one.
 */
export function CcmPanel({ patientId, hospitalId }: { patientId: number; hospitalId: number }) {
  const { t } = useTranslation('ccm');
  const { date } = useDates();
  const canRead = useCan('ccm.read');
  const canManage = useCan('ccm.manage');
  const records = useCcmRecords(patientId);
  const open = useCreateCcmRecord();
  const [selected, setSelected] = useState<string | null>(null);

  if (!canRead) return null;
  const list = records.data ?? [];
  const recordId = list.some((r) => String(r.id) === selected) ? Number(selected) : (list[0]?.id ?? null);
  const openRecord = () =>
    open.mutate(
      { patientId, hospitalId },
      {
        onSuccess: (r) => {
          setSelected(String(r.id));
          notify({ color: 'teal', message: t('records.opened') });
        },
        onError: (err) => notify({ color: 'red', message: err instanceof ApiError ? err.message : t('records.openFailed') }),
      },
    );
  const openButton = canManage && (
    <Button size="xs" variant="light" leftSection={<IconFolderPlus size={16} aria-hidden />} onClick={openRecord} loading={open.isPending} data-testid="ccm-open-record">
      {t('records.open')}
    </Button>
  );

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('title')} data-testid="ccm-panel">
      <Stack gap="sm">
        <Group justify="space-between" align="center" wrap="wrap" gap="xs">
          <Title order={2} fz="h4">
            {t('title')}
          </Title>
          {list.length > 0 && openButton}
        </Group>
        {records.error ? (
          <Alert color="red" role="alert">
            {records.error instanceof Error ? records.error.message : t('common:list.error')}
          </Alert>
        ) : !records.data ? (
          <Center py="md">
            <Loader size="sm" aria-label={t('common:list.loading')} />
          </Center>
        ) : recordId === null ? (
          <EmptyState text={t('records.empty')} action={openButton} />
        ) : (
          <Stack gap="md">
            <Select
              label={t('records.label')}
              data={list.map((r) => ({ value: String(r.id), label: t('records.option', { date: date(r.recordDate), id: r.id }) }))}
              value={String(recordId)}
              onChange={setSelected}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              data-testid="ccm-record-select"
            />
            <CcmFhirActions ccmRecordId={recordId} patientId={patientId} canManage={canManage} />
            <CcmRecordOverview key={`overview-${recordId}`} ccmRecordId={recordId} />
            <div id="ccm-section-ccmallergy">
              <AllergySection key={recordId} ccmRecordId={recordId} canManage={canManage} />
            </div>
          </Stack>
        )}
      </Stack>
      <FileTransferTray />
    </Paper>
  );
}
