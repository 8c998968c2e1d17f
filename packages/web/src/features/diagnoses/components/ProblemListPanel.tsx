import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Center, Group, Loader, Paper, SegmentedControl, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconStethoscope, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DiagnosisListFilter, PatientDiagnosis } from '@vigil/contract';
import { confirmAction } from '../../../components/confirm';
import { EmptyState } from '../../../components/EmptyState';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { useCalendar } from '../../../lib/calendar';
import { notify } from '../../../lib/notify';
import { useDiagnosisList, useDiagnosisMutations } from '../api/diagnoses';
import { DiagnosisFormModal } from './DiagnosisFormModal';

const ALL = 'all';
const filters = ['active', 'resolved', 'inactive', 'toBeCoded', ALL] as const;
const statusColor = { active: 'teal', resolved: 'gray', inactive: 'yellow' } as const;

/**
 * The patient's problem list (portal-spec.md section 7 "Diagnosis and prescriptions"): ICD-10-CM
 * diagnoses with a status filter, the chronic-condition count (docs/chronic-conditions.md: what
 * CCM and APCM billing read), uncoded problems imported from FHIR marked "to be coded", and add,
 * edit, code and delete (after confirmation) for users with diagnoses.manage.
 */
export function ProblemListPanel({ patientId }: { patientId: number }) {
  return useCan('diagnoses.read') ? <ProblemList patientId={patientId} /> : null;
}

function ProblemList({ patientId }: { patientId: number }) {
  const { t, i18n } = useTranslation('diagnoses');
  const canManage = useCan('diagnoses.manage');
  const [filter, setFilter] = useState<(typeof filters)[number]>('active');
  const list = useDiagnosisList(patientId, filter === ALL ? undefined : (filter as DiagnosisListFilter));
  const [editing, setEditing] = useState<PatientDiagnosis | null>(null);
  const [adding, setAdding] = useState(false);
  const rows = list.data?.items ?? [];
  const chronic = list.data?.chronic;
  const lang = i18n.language === 'en' ? 'en' : 'es';

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="problem-list-title" data-testid="problem-list">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <IconStethoscope size={20} aria-hidden />
            <Title order={2} fz="h4" id="problem-list-title">
              {t('title')}
            </Title>
            {chronic && (
              <Tooltip label={chronic.conditions.length > 0 ? chronic.conditions.map((c) => `${c[lang]} (${c.codes.join(', ')})`).join('; ') : t('chronic.none')} multiline w={320}>
                <Badge color="grape" variant={chronic.count >= 2 ? 'filled' : 'light'} data-testid="chronic-count" tabIndex={0}>
                  {t('chronic.badge', { count: chronic.count })}
                </Badge>
              </Tooltip>
            )}
          </Group>
          {canManage && (
            <Button size="xs" variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)} data-testid="diagnosis-add">
              {t('add')}
            </Button>
          )}
        </Group>
        {chronic && chronic.count > 0 && (
          <Text size="xs" c="dimmed" data-testid="chronic-conditions">
            {t('chronic.list', { names: chronic.conditions.map((c) => c[lang]).join(', ') })}
          </Text>
        )}
        <SegmentedControl
          size="xs"
          value={filter}
          onChange={(v) => setFilter(v as (typeof filters)[number])}
          data={filters.map((f) => ({ value: f, label: t(`filters.${f}`) }))}
          aria-label={t('filters.label')}
          data-testid="diagnosis-filter"
        />
        {list.isLoading ? (
          <Center py="sm">
            <Loader size="sm" aria-label={t('common:list.loading')} />
          </Center>
        ) : list.error ? (
          <Alert color="red" role="alert">
            {list.error instanceof ApiError ? list.error.message : t('loadFailed')}
          </Alert>
        ) : rows.length === 0 ? (
          <EmptyState text={filter === 'active' ? t('emptyActive') : t('empty')} />
        ) : (
          <Stack gap={6}>
            {rows.map((d) => (
              <DiagnosisRow key={d.id} diagnosis={d} canManage={canManage} onEdit={() => setEditing(d)} lang={lang} />
            ))}
          </Stack>
        )}
      </Stack>
      <DiagnosisFormModal opened={adding} onClose={() => setAdding(false)} patientId={patientId} diagnosis={null} />
      <DiagnosisFormModal opened={editing !== null} onClose={() => setEditing(null)} patientId={patientId} diagnosis={editing} />
    </Paper>
  );
}

function DiagnosisRow({ diagnosis: d, canManage, onEdit, lang }: { diagnosis: PatientDiagnosis; canManage: boolean; onEdit: () => void; lang: 'en' | 'es' }) {
  const { t } = useTranslation('diagnoses');
  const { date } = useCalendar();
  const { remove } = useDiagnosisMutations();
  const label = d.code ? `${d.code} ${d.description}` : d.description;
  const askDelete = () =>
    confirmAction({
      title: t('delete.title'),
      text: t('delete.text', { diagnosis: label }),
      confirmLabel: t('common:actions.delete'),
      onConfirm: () =>
        remove.mutate(d.id, {
          onSuccess: () => notify({ color: 'teal', message: t('delete.done') }),
          onError: (err) => notify({ color: 'red', message: err instanceof ApiError ? err.message : t('delete.failed') }),
        }),
    });

  return (
    <Paper withBorder radius="sm" p="xs" data-testid="diagnosis-row" data-code={d.code ?? ''}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2}>
          <Group gap={6}>
            {d.code ? (
              <Text fw={700} ff="monospace" data-testid="diagnosis-code">
                {d.code}
              </Text>
            ) : (
              <Badge color="#b34700" size="sm" data-testid="diagnosis-to-be-coded">
                {t('list.toBeCoded')}
              </Badge>
            )}
            <Text fw={500}>{d.description}</Text>
          </Group>
          <Group gap={6}>
            {d.isPrimary && (
              <Badge size="sm" color="blue">
                {t('list.primary')}
              </Badge>
            )}
            <Badge size="sm" variant="dot" color={statusColor[d.status]}>
              {t(`status.${d.status}`)}
            </Badge>
            {d.isChronic && (
              <Badge size="sm" variant="outline" color="grape">
                {t('list.chronic')}: {d.chronicConditions.map((c) => c[lang]).join(', ')}
              </Badge>
            )}
            {d.onsetDate && (
              <Text size="xs" c="dimmed">
                {t('list.onset', { date: date(d.onsetDate) })}
              </Text>
            )}
            {!d.code && d.sourceCode && (
              <Text size="xs" c="dimmed">
                {t('list.source', { system: d.sourceSystem ?? '', code: d.sourceCode })}
              </Text>
            )}
          </Group>
        </Stack>
        {canManage && (
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="subtle" onClick={onEdit} aria-label={d.code ? t('list.editLabel', { diagnosis: label }) : t('list.codeLabel', { diagnosis: label })} data-testid="diagnosis-edit">
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" onClick={askDelete} loading={remove.isPending} aria-label={t('list.deleteLabel', { diagnosis: label })} data-testid="diagnosis-delete">
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        )}
      </Group>
    </Paper>
  );
}
