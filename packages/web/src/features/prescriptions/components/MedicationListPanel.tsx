import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Center, Group, Loader, Pagination, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconPencil, IconPill, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DuplicateWarning, Prescription } from '@vigil/contract';
import { confirmAction } from '../../../components/confirm';
import { EmptyState } from '../../../components/EmptyState';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { useCalendar } from '../../../lib/calendar';
import { notify } from '../../../lib/notify';
import { usePrescriptionList, usePrescriptionMutations } from '../api/prescriptions';
import { PrescriptionFormModal } from './PrescriptionFormModal';

const PAGE_SIZE = 10;
// Dark enough for white badge text (WCAG AA 4.5:1).
/** A dark orange for warning text: 6:1 on white, 5:1 on the warning alert's light background (WCAG AA). */
const WARNING_TEXT = '#8a4600';
const statusColor = { ACTIVE: 'teal.9', ON_HOLD: '#b34700', COMPLETED: 'gray.7', STOPPED: 'gray.7' } as const;

/**
 * The patient's medication list (spec section 7 "Diagnosis and prescriptions"): active or all
 * prescriptions, paged; add, edit and delete (after confirming) for staff who manage
 * prescriptions; the duplicate-ingredient warning on the rows it concerns and after a save.
 */
export function MedicationListPanel({ patientId, hospitalId }: { patientId: number; hospitalId: number }) {
  const { t } = useTranslation('prescriptions');
  const canRead = useCan('prescriptions.read');
  const canManage = useCan('prescriptions.manage');
  const [filter, setFilter] = useState<'active' | 'all'>('active');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Prescription | null>(null);
  const [adding, setAdding] = useState(false);
  const [warning, setWarning] = useState<{ w: DuplicateWarning; name: string } | null>(null);
  const list = usePrescriptionList(patientId, filter, page, PAGE_SIZE, canRead);
  if (!canRead) { return null; }
  const rows = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const onDuplicate = (w: DuplicateWarning, name: string) => setWarning({ w, name });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('title')} data-testid="medication-panel">
      <Stack gap="sm">
        <Group justify="space-between" align="center" wrap="wrap" gap="xs">
          <Group gap="xs">
            <IconPill size={20} aria-hidden />
            <Title order={2} fz="h4">
              {t('title')}
            </Title>
          </Group>
          <Group gap="xs">
            <SegmentedControl
              size="xs"
              value={filter}
              onChange={(v) => {
                setFilter(v as 'active' | 'all');
                setPage(1);
              }}
              data={[
                { value: 'active', label: t('filter.active') },
                { value: 'all', label: t('filter.all') },
              ]}
              aria-label={t('filter.label')}
              data-testid="medication-filter"
            />
            {canManage && (
              <Button size="xs" variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)} data-testid="prescription-add">
                {t('add')}
              </Button>
            )}
          </Group>
        </Group>
        {warning && (
          <Alert color="orange" styles={{ title: { color: WARNING_TEXT } }} icon={<IconAlertTriangle size={18} aria-hidden />} title={t('duplicate.title')} withCloseButton closeButtonLabel={t('common:actions.close')} onClose={() => setWarning(null)} data-testid="duplicate-warning">
            {t('duplicate.saved', { name: warning.name, ingredients: warning.w.ingredients.join(', '), others: warning.w.prescriptions.map((o) => o.medicationName).join('; ') })}
          </Alert>
        )}
        {list.isLoading ? (
          <Center py="sm">
            <Loader size="sm" aria-label={t('common:list.loading')} />
          </Center>
        ) : list.error ? (
          <Alert color="red" role="alert">
            {list.error instanceof Error ? list.error.message : t('common:list.error')}
          </Alert>
        ) : rows.length === 0 ? (
          <EmptyState text={filter === 'active' ? t('emptyActive') : t('empty')} />
        ) : (
          <Stack gap={6} data-testid="medication-list">
            {rows.map((p) => (
              <PrescriptionRow key={p.id} prescription={p} canManage={canManage} onEdit={() => setEditing(p)} />
            ))}
          </Stack>
        )}
        {total > PAGE_SIZE && (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {t('count', { count: total })}
            </Text>
            <Pagination size="sm" total={Math.ceil(total / PAGE_SIZE)} value={page} onChange={setPage} getControlProps={(c) => ({ 'aria-label': t(`pagination.${c}`) })} />
          </Group>
        )}
      </Stack>
      <PrescriptionFormModal opened={adding} onClose={() => setAdding(false)} patientId={patientId} hospitalId={hospitalId} prescription={null} onDuplicate={onDuplicate} />
      <PrescriptionFormModal opened={editing !== null} onClose={() => setEditing(null)} patientId={patientId} hospitalId={editing?.hospitalId ?? hospitalId} prescription={editing} onDuplicate={onDuplicate} />
    </Paper>
  );
}

function PrescriptionRow({ prescription: p, canManage, onEdit }: { prescription: Prescription; canManage: boolean; onEdit: () => void }) {
  const { t } = useTranslation('prescriptions');
  const { date } = useCalendar();
  const { remove } = usePrescriptionMutations();
  const askDelete = () =>
    confirmAction({
      title: t('delete.title'),
      text: t('delete.text', { name: p.medicationName }),
      confirmLabel: t('common:actions.delete'),
      onConfirm: () =>
        remove.mutate(p.id, {
          onSuccess: () => notify({ color: 'teal', message: t('delete.done') }),
          onError: (err) => notify({ color: 'red', message: err instanceof ApiError ? err.message : t('delete.failed') }),
        }),
    });
  const dosing = [p.dose, p.frequency && t(`frequencies.${p.frequency}`), p.route].filter(Boolean).join(' · ');
  const period = p.startDate ? (p.endDate ? t('period.range', { start: date(p.startDate), end: date(p.endDate) }) : t('period.since', { start: date(p.startDate) })) : '';

  return (
    <Paper withBorder radius="sm" p="xs" data-testid="prescription-row" data-prescription-id={p.id}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2}>
          <Group gap={6}>
            <Text fw={600} data-testid="prescription-name">
              {p.medicationName}
            </Text>
            <Badge color={statusColor[p.status]} size="sm">
              {t(`statuses.${p.status}`)}
            </Badge>
            {p.source === 'fhir' && (
              <Badge variant="outline" color="gray" size="sm">
                {t('imported')}
              </Badge>
            )}
            {p.drugProductId === null && (
              <Badge variant="outline" color="gray" size="sm">
                {t('uncoded')}
              </Badge>
            )}
          </Group>
          {dosing && <Text size="sm">{dosing}</Text>}
          <Text size="sm" c="dimmed">
            {[period, p.prescriberName && t('prescribedBy', { name: p.prescriberName })].filter(Boolean).join(' · ')}
          </Text>
          {p.instructions && <Text size="sm">{p.instructions}</Text>}
          {p.duplicateWarning && (
            <Group gap={4} c={WARNING_TEXT} data-testid="prescription-duplicate">
              <IconAlertTriangle size={16} aria-hidden />
              <Text size="sm" c={WARNING_TEXT}>
                {t('duplicate.row', { ingredients: p.duplicateWarning.ingredients.join(', '), count: p.duplicateWarning.prescriptions.length })}
              </Text>
            </Group>
          )}
        </Stack>
        {canManage && (
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="subtle" onClick={onEdit} aria-label={t('editLabel', { name: p.medicationName })} data-testid="prescription-edit">
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" onClick={askDelete} loading={remove.isPending} aria-label={t('deleteLabel', { name: p.medicationName })} data-testid="prescription-delete">
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        )}
      </Group>
    </Paper>
  );
}
