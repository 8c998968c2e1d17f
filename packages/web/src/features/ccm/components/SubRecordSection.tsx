import { useState, type ReactNode } from 'react';
import { ActionIcon, Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { confirmAction } from '../../../components/confirm';
import { EmptyState } from '../../../components/EmptyState';
import { ApiError } from '../../../lib/api-client';
import { useCalendar } from '../../../lib/calendar';
import { notify } from '../../../lib/notify';
import { useSubRecordMutations, useSubRecordsOfRecord, type SubRecordGroupDecl } from '../api/sub-records';
import { groupFields } from '../sections/fields';
import { groupSummaries } from '../sections/summaries';
import { SubRecordFormModal } from './SubRecordFormModal';

type Row = { id: number } & Record<string, unknown>;

/**
 * One CCM subsection (spec section 2 "CCM records with these subsections") from its contract
 * group: the record's rows (GET <group>/getbyccmrecordid) with their summary, add and edit in one
 * form built from the group's field description (sections/fields.ts, validated with the
 * contract's schema) and delete after confirming. `rowActions` adds a group's own buttons (the
 * care plan's PDF).
 */
export function SubRecordSection({
  group,
  ccmRecordId,
  patientId,
  hospitalId,
  canManage,
  rowActions,
}: {
  group: SubRecordGroupDecl<unknown, unknown> & { updateBody: z.ZodType };
  ccmRecordId: number;
  patientId: number;
  hospitalId: number;
  canManage: boolean;
  rowActions?: (row: Row) => ReactNode;
}) {
  const { t } = useTranslation('ccm');
  const slug = group.slug;
  const list = useSubRecordsOfRecord(group, ccmRecordId);
  const [editing, setEditing] = useState<Row | null>(null);
  const [adding, setAdding] = useState(false);
  const rows = (list.data ?? []) as Row[];
  const name = t(`overview.sectionNames.${slug}`);

  return (
    <Stack gap="sm" data-testid={`ccm-section-${slug}`}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600} component="h3" m={0}>
          {t('sections.title', { name, count: rows.length })}
        </Text>
        {canManage && (
          <Button size="xs" variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)} data-testid={`${slug}-add`}>
            {t(`groups.${slug}.add`)}
          </Button>
        )}
      </Group>
      {list.isLoading ? (
        <Center py="sm">
          <Loader size="sm" aria-label={t('common:list.loading')} />
        </Center>
      ) : list.error ? (
        <Alert color="red" role="alert">
          {list.error instanceof Error ? list.error.message : t('common:list.error')}
        </Alert>
      ) : rows.length === 0 ? (
        <EmptyState text={t('sections.empty', { name: name.toLowerCase() })} />
      ) : (
        <Stack gap={6}>
          {rows.map((r) => (
            <SubRecordRow key={r.id} group={group} row={r} canManage={canManage} onEdit={() => setEditing(r)} actions={rowActions?.(r)} />
          ))}
        </Stack>
      )}
      <SubRecordFormModal
        group={group}
        fields={groupFields[slug] ?? []}
        opened={adding || editing !== null}
        onClose={() => {
          setAdding(false);
          setEditing(null);
        }}
        ccmRecordId={ccmRecordId}
        patientId={patientId}
        hospitalId={hospitalId}
        row={editing}
      />
    </Stack>
  );
}

function SubRecordRow({ group, row, canManage, onEdit, actions }: { group: SubRecordGroupDecl<unknown, unknown>; row: Row; canManage: boolean; onEdit: () => void; actions?: ReactNode }) {
  const { t, i18n } = useTranslation('ccm');
  const { date, dateTime } = useCalendar();
  const { remove } = useSubRecordMutations(group);
  const slug = group.slug;
  const summary = groupSummaries[slug]?.(row, { t, lang: i18n.language, date, dateTime }) ?? { title: `#${row.id}`, badges: [], lines: [] };
  const askDelete = () =>
    confirmAction({
      title: t(`groups.${slug}.deleteTitle`),
      text: t('sections.deleteText', { title: summary.title }),
      confirmLabel: t('common:actions.delete'),
      onConfirm: () =>
        remove.mutate(row.id, {
          onSuccess: () => notify({ color: 'teal', message: t('sections.deleted') }),
          onError: (err) => notify({ color: 'red', message: err instanceof ApiError ? err.message : t('sections.deleteFailed') }),
        }),
    });

  return (
    <Paper withBorder radius="sm" p="xs" data-testid={`${slug}-row`} data-row-id={row.id}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={6}>
            <Text fw={600} data-testid={`${slug}-title`}>
              {summary.title}
            </Text>
            {summary.badges.map((b) => (
              <Badge key={b} variant="light" size="sm">
                {b}
              </Badge>
            ))}
          </Group>
          {summary.lines.map((line, i) => (
            <Text key={i} size="sm" c={i === 0 ? 'dimmed' : undefined} style={{ whiteSpace: 'pre-wrap' }}>
              {line}
            </Text>
          ))}
        </Stack>
        <Group gap={4} wrap="nowrap">
          {actions}
          {canManage && (
            <>
              <ActionIcon variant="subtle" onClick={onEdit} aria-label={t('sections.editLabel', { title: summary.title })} data-testid={`${slug}-edit`}>
                <IconPencil size={18} aria-hidden />
              </ActionIcon>
              <ActionIcon variant="subtle" color="red" onClick={askDelete} loading={remove.isPending} aria-label={t('sections.deleteLabel', { title: summary.title })} data-testid={`${slug}-delete`}>
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
