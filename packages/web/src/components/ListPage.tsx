import { useState, type ReactNode } from 'react';
import { ActionIcon, Button, Group, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Permission } from '@vigil/contract';
import { Can } from '../lib/can';
import { PageHeader } from './PageHeader';
import { SearchInput } from './SearchInput';
import { ServerTable, type Column, type PageState } from './ServerTable';

/** The state of a list page: paging, sorting and searching, plus the active/inactive status filter. */
export function useListPageState(sort: string) {
  const [state, setState] = useState<PageState>({ page: 1, pageSize: 25, sort });
  const [status, setStatus] = useState<string | null>(null);
  return {
    state,
    setState,
    status,
    setStatus,
    /** The status filter as the API takes it. */
    statusFilter: status === null ? undefined : Number(status),
    /** Back to the first page, after a filter changed. */
    toFirstPage: () => setState({ ...state, page: 1 }),
  };
}

export type ListPageState = ReturnType<typeof useListPageState>;

/** A name on top, and a second (dimmed) name under it when there is one. */
export function TwoLineName({ name, second }: { name: string; second?: string | null }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500}>
        {name}
      </Text>
      {second && (
        <Text size="xs" c="dimmed">
          {second}
        </Text>
      )}
    </Stack>
  );
}

/** The edit and delete buttons of a row (the row's own click is not triggered by them). Uses the ns's actions.* labels. */
export function EditDeleteActions({ ns, name, mayUpdate, mayManage, onEdit, onDelete }: { ns: string; name: string; mayUpdate: boolean; mayManage: boolean; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation(ns);
  return (
    <Group gap={4} wrap="nowrap" onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
      {mayUpdate && (
        <Tooltip label={t('actions.edit')}>
          <ActionIcon variant="subtle" aria-label={t('actions.editNamed', { name })} onClick={onEdit}>
            <IconEdit size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      {mayManage && (
        <Tooltip label={t('actions.delete')}>
          <ActionIcon variant="subtle" color="red" aria-label={t('actions.deleteNamed', { name })} onClick={onDelete}>
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

interface ListPageProps<T> {
  /** i18n namespace holding title, description, filters.*, empty and actions.register. */
  ns: string;
  /** Who may register a new one (the register button is shown only to them). */
  managePermission: Permission;
  onRegister: () => void;
  list: ListPageState;
  /** Filters between the search and the status filter. */
  filters?: ReactNode;
  columns: Column<T>[];
  query: { data?: { items: T[]; total: number }; isFetching: boolean; error: unknown; refetch: () => unknown };
  rowKey: (row: T) => string | number;
  onRowClick: (row: T) => void;
  /** Drawers and wizards of the page. */
  children?: ReactNode;
}

/** A list page: header with the register button, search and status filters, and the server-side table. */
export function ListPage<T>({ ns, managePermission, onRegister, list, filters, columns, query: q, rowKey, onRowClick, children }: ListPageProps<T>) {
  const { t } = useTranslation(ns);
  const { t: tc } = useTranslation();
  const { state, setState } = list;

  const registerButton = (
    <Can permission={managePermission}>
      <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={onRegister}>
        {t('actions.register')}
      </Button>
    </Can>
  );

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} actions={registerButton} />
      <Stack gap="sm">
        <Group gap="sm" align="flex-end">
          <SearchInput value={state.search} onChange={(search) => setState({ ...state, page: 1, search })} label={t('filters.search')} />
          {filters}
          <Select
            w={180}
            aria-label={t('filters.status')}
            placeholder={t('filters.allStatuses')}
            clearable
            data={[
              { value: '1', label: tc('status.1') },
              { value: '0', label: tc('status.0') },
            ]}
            value={list.status}
            onChange={(v) => {
              list.setStatus(v);
              list.toFirstPage();
            }}
          />
        </Group>
        <ServerTable
          caption={t('title')}
          columns={columns}
          rows={q.data?.items}
          total={q.data?.total}
          state={state}
          onChange={setState}
          rowKey={rowKey}
          loading={q.isFetching}
          error={q.error}
          onRetry={() => void q.refetch()}
          onRowClick={onRowClick}
          emptyText={t('empty')}
          emptyAction={registerButton}
        />
      </Stack>
      {children}
    </>
  );
}
