import { useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Center, Group, Loader, Paper, ScrollArea, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconSearch, IconUnlink, IconUserPlus, IconWand } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { EcpLog } from '@vigil/contract';
import { confirmAction } from '../../../components/confirm';
import { EmptyState } from '../../../components/EmptyState';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { notify } from '../../../lib/notify';

/** The mapping states the API gives an ECP record or organization (docs/integrations.md "ECP"). */
export type EcpMappingStatus = EcpLog['status'];

const statusColor: Record<EcpMappingStatus, string> = { new: 'gray', review: 'orange', mapped: 'green' };

/** The reasons the API gives (api features/ecp/ecp.service.ts, records and organizations), as locale keys. */
const reasonKeys: Record<string, string> = {
  'medical record number': 'reasons.mrn',
  'e-mail': 'reasons.email',
  'name and birth date': 'reasons.nameBirthdate',
  name: 'reasons.name',
  communities: 'reasons.communities',
  confirmed: 'reasons.confirmed',
  created: 'reasons.created',
  unmapped: 'reasons.unmapped',
  'no match': 'reasons.noMatch',
};
/** A review reason names its candidate count and what they share. */
const candidates = /^(\d+) candidates match by (identifier|name|communities): choose one$/;
const tieKeys: Record<string, string> = { identifier: 'reasons.tieIdentifier', name: 'reasons.tieName', communities: 'reasons.tieCommunities' };

/** The API's mapping reason in the user's language ('—' for none; an unknown reason as it came). */
export function ecpReasonText(t: TFunction, reason: string | null): string {
  if (!reason) { return '—'; }
  const tie = candidates.exec(reason);
  if (tie) { return t(tieKeys[tie[2]!]!, { count: Number(tie[1]) }); }
  return reasonKeys[reason] ? t(reasonKeys[reason]) : reason;
}

/** One row of a mapping table: an ECP record, its mapping state and the reason the API gave. */
export interface EcpMappingRow {
  id: number;
  status: EcpMappingStatus;
  reason: string | null;
}

/** What a mapping screen tells the table (all texts already in the user's language). */
export interface EcpMappingTableProps<R extends EcpMappingRow> {
  /** The ECP records (a react-query read). */
  rows: { data?: R[]; isLoading: boolean; isError: boolean; error: Error | null };
  /** The text the search box matches, lower-cased by the table. */
  searchText: (row: R) => string;
  /** The automatic mapping: runs it and answers its counts; `disabled` while no office is chosen. */
  automatic: { run: () => Promise<{ mapped: number; review: number; unmatched: number }>; pending: boolean; disabled?: boolean; testId: string };
  tableTestId: string;
  emptyText: string;
  /** Column headers: the ECP record, its detail column, the matched Vigil record. */
  headers: { record: string; detail: string; match: string };
  /** The ECP record's name, with its ECP identifier under it (`sub`, when it differs from the name). */
  record: (row: R) => { label: string; sub?: string | null };
  detail: (row: R) => ReactNode;
  /** The name of the Vigil record it is mapped to (null: none). */
  match: (row: R) => string | null;
  /** The question asked before an unmapping. */
  unmapText: (row: R) => string;
  /** The Vigil record choice of an unmapped row (a controlled select). */
  renderPicker: (row: R, value: string | null, onChange: (value: string | null) => void) => ReactNode;
  /** Confirms the chosen Vigil record (its id) or, with null, unmaps. */
  setMapping: (row: R, vigilId: number | null) => Promise<unknown>;
  /** Creates a Vigil record from the ECP record (residents and users only). */
  create?: (row: R) => Promise<unknown>;
}

/**
 * The one ECP mapping table (docs/integrations.md "ECP"): a local ECP record beside its Vigil match,
 * the status and the reason of the automatic mapping, and for `ecp.manage` the automatic mapping,
 * confirm a choice, unmap (asked first) and, where given, create a Vigil record. Errors are shown as
 * a red notification with the API's message. Used by the resident, user and organization mapping
 * screens.
 */
export function EcpMappingTable<R extends EcpMappingRow>(props: EcpMappingTableProps<R>) {
  const { rows: list, searchText, automatic, headers, record, create } = props;
  const { t } = useTranslation('ecp');
  const canManage = useCan('ecp.manage');
  const [choice, setChoice] = useState<Record<number, string | null>>({});
  const [search, setSearch] = useState('');
  const failed = (err: unknown) => notify({ color: 'red', message: err instanceof ApiError ? err.message : t('errors.generic') });
  const q = search.trim().toLowerCase();
  const rows = (list.data ?? []).filter((r) => !q || searchText(r).toLowerCase().includes(q));

  return (
    <Paper withBorder>
      <Group p="sm" justify="space-between" wrap="wrap">
        <TextInput aria-label={t('search')} placeholder={t('search')} leftSection={<IconSearch size={16} aria-hidden />} value={search} onChange={(e) => setSearch(e.currentTarget.value)} w={240} />
        {canManage && (
          <Button
            leftSection={<IconWand size={18} aria-hidden />}
            loading={automatic.pending}
            disabled={automatic.disabled}
            data-testid={automatic.testId}
            onClick={() =>
              automatic.run().then((r) => notify({ color: 'green', message: t('automatic.done', { mapped: r.mapped, review: r.review, unmatched: r.unmatched }) }), failed)
            }
          >
            {t('automatic.action')}
          </Button>
        )}
      </Group>
      {list.isLoading ? (
        <Center p="xl">
          <Loader />
        </Center>
      ) : list.isError ? (
        <Alert color="red" m="md">
          {list.error?.message}
        </Alert>
      ) : rows.length === 0 ? (
        <EmptyState text={props.emptyText} />
      ) : (
        <ScrollArea>
          <Table striped data-testid={props.tableTestId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{headers.record}</Table.Th>
                <Table.Th>{headers.detail}</Table.Th>
                <Table.Th>{t('columns.status')}</Table.Th>
                <Table.Th>{t('columns.reason')}</Table.Th>
                <Table.Th>{headers.match}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => {
                const { label, sub } = record(r);
                return (
                  <Table.Tr key={r.id}>
                    <Table.Td>
                      {label}
                      {sub && (
                        <Text size="xs" c="dimmed">
                          {sub}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{props.detail(r)}</Table.Td>
                    <Table.Td>
                      <Badge color={statusColor[r.status]} variant="light" c="dark.8" tt="none" styles={{ root: { minWidth: 'max-content' } }}>
                        {t(`status.${r.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{ecpReasonText(t, r.reason)}</Table.Td>
                    <Table.Td>{props.match(r) ?? '—'}</Table.Td>
                    <Table.Td>
                      {canManage && r.status === 'mapped' && (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          leftSection={<IconUnlink size={16} aria-hidden />}
                          onClick={() =>
                            confirmAction({
                              title: t('unmap.title'),
                              text: props.unmapText(r),
                              confirmLabel: t('unmap.action'),
                              danger: true,
                              onConfirm: () => void props.setMapping(r, null).catch(failed),
                            })
                          }
                        >
                          {t('unmap.action')}
                        </Button>
                      )}
                      {canManage && r.status !== 'mapped' && (
                        <Group gap="xs" wrap="nowrap">
                          {props.renderPicker(r, choice[r.id] ?? null, (v) => setChoice((c) => ({ ...c, [r.id]: v })))}
                          <Button
                            size="xs"
                            variant="light"
                            leftSection={<IconCheck size={16} aria-hidden />}
                            disabled={!choice[r.id]}
                            onClick={() => void props.setMapping(r, Number(choice[r.id])).catch(failed)}
                          >
                            {t('confirm.action')}
                          </Button>
                          {create && (
                            <Button size="xs" variant="default" leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => void create(r).catch(failed)}>
                              {t('create')}
                            </Button>
                          )}
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Paper>
  );
}
