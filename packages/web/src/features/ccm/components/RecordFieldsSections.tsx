import { useState } from 'react';
import { Badge, Button, Group, MultiSelect, Select, Stack, Table, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CcmRecord } from '@vigil/contract';
import { EmptyState } from '../../../components/EmptyState';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useCcmBillingOfRecord, useRecordFieldMutations } from '../api/record';
import { optionChoices, optionLabel } from '../sections/fields';

/** How a saved set-call tells the user. */
function useSaved() {
  const { t } = useTranslation('ccm');
  return {
    onSuccess: () => notify({ color: 'teal', message: t('sections.updated') }),
    onError: (err: unknown) => notify({ color: 'red', message: err instanceof ApiError ? err.message : t('sections.saveFailed') }),
  };
}

/** Social determinants of health (ICD-10-CM Z55-Z65), set with PUT ccmrecord/setsocialdeterminants/{id}. */
export function SocialDeterminantsSection({ record, canManage }: { record: CcmRecord; canManage: boolean }) {
  const { t, i18n } = useTranslation('ccm');
  const [codes, setCodes] = useState<string[]>(record.socialDeterminants);
  const { socialDeterminants } = useRecordFieldMutations();
  const saved = useSaved();
  const name = t('overview.sectionNames.socialDeterminants');
  return (
    <Stack gap="xs" data-testid="ccm-section-socialDeterminants">
      <Text size="sm" fw={600} component="h3" m={0}>
        {t('sections.title', { name, count: record.socialDeterminants.length })}
      </Text>
      {canManage ? (
        <Group align="flex-end" gap="sm">
          <MultiSelect
            label={name}
            data={optionChoices('socialDeterminants', i18n.language)}
            value={codes}
            onChange={setCodes}
            searchable
            clearable
            maxValues={20}
            comboboxProps={{ withinPortal: true }}
            style={{ flex: 1 }}
            data-testid="social-determinants-input"
          />
          <Button size="sm" variant="light" loading={socialDeterminants.isPending} onClick={() => socialDeterminants.mutate({ id: record.id, body: { codes: codes as never } }, saved)}>
            {t('common:actions.save')}
          </Button>
        </Group>
      ) : record.socialDeterminants.length === 0 ? (
        <EmptyState text={t('sections.empty', { name: name.toLowerCase() })} />
      ) : (
        <Text size="sm">{record.socialDeterminants.map((c) => `${c} ${optionLabel('socialDeterminants', c, i18n.language)}`).join('; ')}</Text>
      )}
    </Stack>
  );
}

/** The record's medical decision making level (moderate or high qualifies complex CCM 99487/99489). */
export function ComplexDecisionMakingSection({ record, canManage }: { record: CcmRecord; canManage: boolean }) {
  const { t, i18n } = useTranslation('ccm');
  const { complexDecisionMaking } = useRecordFieldMutations();
  const saved = useSaved();
  const name = t('overview.sectionNames.complexDecisionMaking');
  return (
    <Stack gap="xs" data-testid="ccm-section-complexDecisionMaking">
      <Text size="sm" fw={600} component="h3" m={0}>
        {name}
      </Text>
      <Select
        label={t('sections.level')}
        description={t('sections.levelHelp')}
        data={optionChoices('complexDecisionMaking', i18n.language)}
        value={record.complexDecisionMaking}
        onChange={(level) => complexDecisionMaking.mutate({ id: record.id, body: { level: level as never } }, saved)}
        clearable
        disabled={!canManage || complexDecisionMaking.isPending}
        placeholder={t('overview.none')}
        comboboxProps={{ withinPortal: true }}
        maw={420}
      />
    </Stack>
  );
}

/** The record's functional status and its notes. */
export function FunctionalStatusSection({ record, canManage }: { record: CcmRecord; canManage: boolean }) {
  const { t, i18n } = useTranslation('ccm');
  const [status, setStatus] = useState<string | null>(record.functionalStatus);
  const [notes, setNotes] = useState(record.functionalStatusNotes);
  const { functionalStatus } = useRecordFieldMutations();
  const saved = useSaved();
  const name = t('overview.sectionNames.functionalStatus');
  return (
    <Stack gap="xs" data-testid="ccm-section-functionalStatus">
      <Text size="sm" fw={600} component="h3" m={0}>
        {name}
      </Text>
      <Select label={t('sections.status')} data={optionChoices('functionalStatus', i18n.language)} value={status} onChange={setStatus} clearable disabled={!canManage} placeholder={t('overview.none')} comboboxProps={{ withinPortal: true }} maw={420} />
      <Textarea label={t('sections.notes')} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} maxLength={1000} autosize minRows={2} disabled={!canManage} />
      {canManage && (
        <Group>
          <Button size="sm" variant="light" loading={functionalStatus.isPending} onClick={() => functionalStatus.mutate({ id: record.id, body: { status: status as never, notes } }, saved)}>
            {t('common:actions.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** CCM billing (read only): the billing engine's lines of the record's month, with why a code is suppressed. */
export function BillingSection({ ccmRecordId }: { ccmRecordId: number }) {
  const { t } = useTranslation('ccm');
  const billing = useCcmBillingOfRecord(ccmRecordId);
  const rows = billing.data ?? [];
  const name = t('overview.sectionNames.ccmbilling');
  return (
    <Stack gap="xs" data-testid="ccm-section-ccmbilling">
      <Text size="sm" fw={600} component="h3" m={0}>
        {t('sections.title', { name, count: rows.length })}
      </Text>
      {billing.error ? (
        <Text c="red" size="sm" role="alert">
          {billing.error instanceof Error ? billing.error.message : t('common:list.error')}
        </Text>
      ) : rows.length === 0 ? (
        <EmptyState text={t('sections.billingEmpty')} />
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('billing.month')}</Table.Th>
                <Table.Th>{t('billing.code')}</Table.Th>
                <Table.Th>{t('billing.units')}</Table.Th>
                <Table.Th>{t('billing.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((b) => (
                <Table.Tr key={b.id}>
                  <Table.Td>{`${b.month}/${b.year}`}</Table.Td>
                  <Table.Td>{`${b.program} ${b.code}`}</Table.Td>
                  <Table.Td>{b.units}</Table.Td>
                  <Table.Td>
                    <Badge color={b.status === 'billable' ? 'teal' : 'gray'} variant="light">
                      {t(`billing.${b.status}`)}
                    </Badge>{' '}
                    {b.reason}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
