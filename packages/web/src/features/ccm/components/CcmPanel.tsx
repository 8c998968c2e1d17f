import { useState } from 'react';
import { Alert, Button, Center, Group, Loader, Paper, Select, Stack, Title } from '@mantine/core';
import { IconFolderPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { useCalendar } from '../../../lib/calendar';
import { notify } from '../../../lib/notify';
import { useCreateCcmRecord } from '../api/create-ccm-record';
import { useCcmRecords } from '../api/get-ccm-records';
import { ccmGroups, type CcmGroupSlug } from '@vigil/contract';
import { confirmAction } from '../../../components/confirm';
import { useCcmRecord } from '../api/get-ccm-record';
import { useDeleteCcmRecord } from '../api/record';
import { AllergySection } from './AllergySection';
import { CcmFhirActions } from './CcmFhirActions';
import { CcmRecordOverview } from './CcmRecordOverview';
import { CcmTimeline } from './CcmTimeline';
import { FileTransferTray } from './FileTransferTray';
import { CarePlanPdfButton } from './CarePlanPdfButton';
import { BillingSection, ComplexDecisionMakingSection, FunctionalStatusSection, SocialDeterminantsSection } from './RecordFieldsSections';
import { SubRecordSection } from './SubRecordSection';

/**
 * The patient's chronic care management (spec section 2 "CCM records with these subsections"):
 * the CCM record to work in (newest first; "Open CCM record" when there is none), its header and
 * its 18 subsections as navigable sections (docs/ccm.md "Screens"): the 14 sub-record groups
 * (allergies with their own section, the others with the generic `SubRecordSection`), billing and
 * the three record fields. Shown on the patient page in CCM mode (spec section 4).
 */
export function CcmPanel({ patientId, hospitalId }: { patientId: number; hospitalId: number }) {
  const { t } = useTranslation('ccm');
  const { date } = useCalendar();
  const canRead = useCan('ccm.read');
  const canManage = useCan('ccm.manage');
  const records = useCcmRecords(patientId);
  const open = useCreateCcmRecord();
  const remove = useDeleteCcmRecord();
  const [selected, setSelected] = useState<string | null>(null);

  if (!canRead) { return null; }
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
  const askDelete = (id: number) =>
    confirmAction({
      title: t('records.deleteTitle'),
      text: t('records.deleteText'),
      confirmLabel: t('common:actions.delete'),
      onConfirm: () =>
        remove.mutate(id, {
          onSuccess: () => {
            setSelected(null);
            notify({ color: 'teal', message: t('records.deleted') });
          },
          onError: (err) => notify({ color: 'red', message: err instanceof ApiError ? err.message : t('records.deleteFailed') }),
        }),
    });
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
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <Select
                label={t('records.label')}
                data={list.map((r) => ({ value: String(r.id), label: t('records.option', { date: date(r.recordDate), id: r.id }) }))}
                value={String(recordId)}
                onChange={setSelected}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
                data-testid="ccm-record-select"
                style={{ flex: 1 }}
              />
              {canManage && (
                <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => askDelete(recordId)} loading={remove.isPending} data-testid="ccm-record-delete">
                  {t('records.delete')}
                </Button>
              )}
            </Group>
            <CcmFhirActions ccmRecordId={recordId} patientId={patientId} canManage={canManage} />
            <CcmRecordOverview key={`overview-${recordId}`} ccmRecordId={recordId} />
            <CcmTimeline key={`timeline-${recordId}`} ccmRecordId={recordId} />
            <RecordSections key={recordId} ccmRecordId={recordId} patientId={patientId} hospitalId={hospitalId} canManage={canManage} />
          </Stack>
        )}
      </Stack>
      <FileTransferTray />
    </Paper>
  );
}

/** The 14 sub-record groups in the record's order (contract `ccmGroups`), then billing and the three record fields. */
function RecordSections({ ccmRecordId, patientId, hospitalId, canManage }: { ccmRecordId: number; patientId: number; hospitalId: number; canManage: boolean }) {
  const record = useCcmRecord(ccmRecordId);
  const slugs = Object.keys(ccmGroups) as CcmGroupSlug[];
  return (
    <Stack gap="lg">
      {slugs.map((slug) => (
        <div key={slug} id={`ccm-section-${slug}`}>
          {slug === 'ccmallergy' ? (
            <AllergySection ccmRecordId={ccmRecordId} hospitalId={hospitalId} canManage={canManage} />
          ) : (
            <SubRecordSection
              group={ccmGroups[slug] as never}
              ccmRecordId={ccmRecordId}
              patientId={patientId}
              hospitalId={hospitalId}
              canManage={canManage}
              rowActions={slug === 'ccmcareplan' ? (row) => <CarePlanPdfButton carePlanId={row.id} title={String(row.title)} /> : undefined}
            />
          )}
        </div>
      ))}
      <div id="ccm-section-ccmbilling">
        <BillingSection ccmRecordId={ccmRecordId} />
      </div>
      {record.data && (
        <>
          <div id="ccm-section-socialDeterminants">
            <SocialDeterminantsSection key={record.data.updatedAt} record={record.data} canManage={canManage} />
          </div>
          <div id="ccm-section-complexDecisionMaking">
            <ComplexDecisionMakingSection record={record.data} canManage={canManage} />
          </div>
          <div id="ccm-section-functionalStatus">
            <FunctionalStatusSection key={record.data.updatedAt} record={record.data} canManage={canManage} />
          </div>
        </>
      )}
    </Stack>
  );
}
