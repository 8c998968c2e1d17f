import type { ReactNode } from 'react';
import { Alert, Button, Center, Group, Loader, Pagination, Paper, ScrollArea, Select, Stack, Table, Text, UnstyledButton, type TableTrProps } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './EmptyState';

export interface Column<T> {
  /** Sort key sent to the server; omit for columns that cannot be sorted. */
  sortKey?: string;
  header: string;
  render: (row: T) => ReactNode;
  width?: number | string;
}

export interface PageState {
  page: number;
  pageSize: number;
  /** field, or -field for descending */
  sort?: string;
  search?: string;
}

interface Props<T> {
  columns: Column<T>[];
  rows: T[] | undefined;
  total: number | undefined;
  state: PageState;
  onChange: (next: PageState) => void;
  rowKey: (row: T) => string | number;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  onRowClick?: (row: T) => void;
  /** Extra attributes of a row (a class, a data-testid). */
  rowProps?: (row: T) => TableTrProps & { 'data-testid'?: string };
  /** Shown when the list is empty without a search. */
  emptyText?: string;
  emptyAction?: ReactNode;
  caption: string;
}

/**
 * A list paged, sorted and filtered on the server (HOUSE_STYLE section 5): sortable headers with
 * aria-sort, page-size choice, pagination, loading, error and empty states. Rows open with Enter.
 */
export function ServerTable<T>(props: Props<T>) {
  const { t } = useTranslation();
  const { columns, rows, total = 0, state, onChange } = props;
  const pages = Math.max(1, Math.ceil(total / state.pageSize));

  const sortFor = (key: string) => (state.sort === key ? 'ascending' : state.sort === `-${key}` ? 'descending' : 'none');
  const toggleSort = (key: string) => {
    const current = sortFor(key);
    onChange({ ...state, page: 1, sort: current === 'ascending' ? `-${key}` : key });
  };

  let body: ReactNode;
  if (props.error) {
    body = (
      <Alert color="red" title={t('list.error')} role="alert">
        <Group justify="space-between">
          <Text size="sm">{props.error instanceof Error ? props.error.message : ''}</Text>
          {props.onRetry && (
            <Button size="xs" variant="light" onClick={props.onRetry}>
              {t('actions.retry')}
            </Button>
          )}
        </Group>
      </Alert>
    );
  } else if (props.loading && !rows) {
    body = (
      <Center py="xl">
        <Loader aria-label={t('list.loading')} />
      </Center>
    );
  } else if (!rows || rows.length === 0) {
    body = <EmptyState text={state.search ? t('list.noResults') : (props.emptyText ?? t('list.empty'))} action={state.search ? undefined : props.emptyAction} />;
  } else {
    body = (
      <ScrollArea>
        <Table striped highlightOnHover={!!props.onRowClick} verticalSpacing="sm" aria-busy={props.loading ? 'true' : 'false'}>
          <caption className="vigil-visually-hidden">{props.caption}</caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.header} w={c.width} aria-sort={c.sortKey ? sortFor(c.sortKey) : undefined}>
                  {c.sortKey ? (
                    <UnstyledButton onClick={() => toggleSort(c.sortKey!)} fw={600} fz="sm">
                      <Group gap={4} wrap="nowrap">
                        {c.header}
                        {sortFor(c.sortKey) === 'ascending' ? (
                          <IconSortAscending size={14} aria-hidden />
                        ) : sortFor(c.sortKey) === 'descending' ? (
                          <IconSortDescending size={14} aria-hidden />
                        ) : (
                          <IconArrowsSort size={14} aria-hidden opacity={0.5} />
                        )}
                      </Group>
                    </UnstyledButton>
                  ) : (
                    c.header
                  )}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr
                {...props.rowProps?.(row)}
                key={props.rowKey(row)}
                onClick={props.onRowClick ? () => props.onRowClick!(row) : undefined}
                onKeyDown={props.onRowClick ? (e) => e.key === 'Enter' && props.onRowClick!(row) : undefined}
                tabIndex={props.onRowClick ? 0 : undefined}
                style={props.onRowClick ? { cursor: 'pointer' } : undefined}
              >
                {columns.map((c) => (
                  <Table.Td key={c.header}>{c.render(row)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    );
  }

  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="sm">
        {body}
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('list.total', { count: total })}
          </Text>
          <Group gap="sm">
            <Select
              size="xs"
              w={90}
              aria-label={t('list.rowsPerPage')}
              data={['10', '25', '50', '100']}
              value={String(state.pageSize)}
              onChange={(v) => v && onChange({ ...state, page: 1, pageSize: Number(v) })}
              allowDeselect={false}
            />
            <Pagination
              size="sm"
              total={pages}
              value={Math.min(state.page, pages)}
              onChange={(page) => onChange({ ...state, page })}
              getControlProps={(control) => ({ 'aria-label': t(`list.${control}`) })}
              getItemProps={(page) => ({ 'aria-label': t('list.page', { page, pages }) })}
            />
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
