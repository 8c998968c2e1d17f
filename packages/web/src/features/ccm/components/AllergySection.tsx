import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ccmAllergyGroup } from '@vigil/contract';
import type { z } from 'zod';
import { confirmAction } from '../../../components/confirm';
import { EmptyState } from '../../../components/EmptyState';
import { ApiError } from '../../../lib/api-client';
import { useCalendar } from '../../../lib/calendar';
import { notify } from '../../../lib/notify';
import { useSubRecordMutations, useSubRecordsOfRecord } from '../api/sub-records';
import { AllergyFormModal } from './AllergyFormModal';

export type CcmAllergy = z.infer<typeof ccmAllergyGroup.itemSchema>;

// Dark enough for white badge text (WCAG AA 4.5:1): gray 7, a deep orange, red 9.
const severityColor = { MILD: '#5c5f66', MODERATE: '#b34700', SEVERE: '#c92a2a' } as const;

/** The allergies of one CCM record (GET ccmallergy/getbyccmrecordid), with add, edit and delete for `canManage`. */
export function AllergySection({ ccmRecordId, hospitalId, canManage }: { ccmRecordId: number; hospitalId: number; canManage: boolean }) {
  const { t } = useTranslation('ccm');
  const list = useSubRecordsOfRecord(ccmAllergyGroup, ccmRecordId);
  const [editing, setEditing] = useState<CcmAllergy | null>(null);
  const [adding, setAdding] = useState(false);
  const rows = list.data ?? [];

  return (
    <Stack gap="sm" data-testid="ccm-allergies">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600} component="h3" m={0}>
          {t('allergies.title', { count: rows.length })}
        </Text>
        {canManage && (
          <Button size="xs" variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)} data-testid="allergy-add">
            {t('allergies.add')}
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
        <EmptyState text={t('allergies.empty')} />
      ) : (
        <Stack gap={6}>
          {rows.map((a) => (
            <AllergyRow key={a.id} allergy={a} canManage={canManage} onEdit={() => setEditing(a)} />
          ))}
        </Stack>
      )}
      <AllergyFormModal opened={adding} onClose={() => setAdding(false)} ccmRecordId={ccmRecordId} hospitalId={hospitalId} allergy={null} />
      <AllergyFormModal opened={editing !== null} onClose={() => setEditing(null)} ccmRecordId={ccmRecordId} hospitalId={hospitalId} allergy={editing} />
    </Stack>
  );
}

function AllergyRow({ allergy: a, canManage, onEdit }: { allergy: CcmAllergy; canManage: boolean; onEdit: () => void }) {
  const { t } = useTranslation('ccm');
  const { date } = useCalendar();
  const { remove } = useSubRecordMutations(ccmAllergyGroup);
  const askDelete = () =>
    confirmAction({
      title: t('allergies.deleteTitle'),
      text: t('allergies.deleteText', { allergen: a.allergen }),
      confirmLabel: t('common:actions.delete'),
      onConfirm: () =>
        remove.mutate(a.id, {
          onSuccess: () => notify({ color: 'teal', message: t('allergies.deleted') }),
          onError: (err) => notify({ color: 'red', message: err instanceof ApiError ? err.message : t('allergies.deleteFailed') }),
        }),
    });

  return (
    <Paper withBorder radius="sm" p="xs" data-testid="allergy-row" data-allergy-id={a.id}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2}>
          <Group gap={6}>
            <Text fw={600} data-testid="allergy-name">
              {a.allergen}
            </Text>
            {a.allergenCodeSystem !== 'TEXT' && (
              <Badge variant="outline" color="gray" size="sm">
                {t(`codeSystems.${a.allergenCodeSystem}`)} {a.allergenCode}
              </Badge>
            )}
            <Badge variant="light" size="sm">
              {t(`categories.${a.category}`)}
            </Badge>
            {a.severity && (
              <Badge color={severityColor[a.severity]} size="sm" data-testid="allergy-severity-badge">
                {t(`severities.${a.severity}`)}
              </Badge>
            )}
            <Badge color={a.status === 'ACTIVE' ? 'teal' : 'gray'} variant="dot" size="sm">
              {t(`statuses.${a.status}`)}
            </Badge>
          </Group>
          {(a.reaction || a.onsetDate) && (
            <Text size="sm" c="dimmed">
              {[a.reaction && t('allergies.reactionLine', { reaction: a.reaction }), a.onsetDate && t('allergies.onsetLine', { date: date(a.onsetDate) })].filter(Boolean).join(' · ')}
            </Text>
          )}
          {a.notes && <Text size="sm">{a.notes}</Text>}
        </Stack>
        {canManage && (
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="subtle" onClick={onEdit} aria-label={t('allergies.editLabel', { allergen: a.allergen })} data-testid="allergy-edit">
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" onClick={askDelete} loading={remove.isPending} aria-label={t('allergies.deleteLabel', { allergen: a.allergen })} data-testid="allergy-delete">
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        )}
      </Group>
    </Paper>
  );
}
