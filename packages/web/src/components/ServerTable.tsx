import type { ReactNode } from 'react';
import { Alert, Button, Center, Checkbox, Group, Loader, Pagination, Paper, Popover, ScrollArea, Select, Stack, Table, Text, UnstyledButton, type TableTrProps } from '@mantine/core';
import { useElementSize, useLocalStorage } from '@mantine/hooks';
import { IconArrowsSort, IconColumns3, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './EmptyState';

export interface Column<T> {
  /** Sort key sent to the server; omit for columns that cannot be sorted. */
  sortKey?: string;
  header: string;
  render: (row: T) => ReactNode;
  width?: number | string;
  /**
   * Stable id of the column in the column chooser (`columnsKey`); a column without one is always
   * shown (the name, the actions).
   */
  id?: string;
  /**
   * Column priority (docs/accessibility.md "Lists at 1280 px and tablet width"): shown by default
   * only when the table's box is at least this wide, in px, unless the user chose otherwise.
   */
  hideBelow?: number;
}

/** The user's explicit choices in a column chooser: column id -> shown. */
type ColumnChoice = Record<string, boolean>;

/**
 * Which columns show: a column without an id always; one the user chose, as chosen; else by its
 * priority (`hideBelow`) against the table's box width in px (0 before it is measured: all shown).
 */
export function visibleColumns<T>(columns: Column<T>[], choice: ColumnChoice, boxWidth: number): Column<T>[] {
  return columns.filter((c) => {
    if (!c.id) { return true; }
    const chosen = choice[c.id];
    if (chosen !== undefined) { return chosen; }
    return !c.hideBelow || boxWidth === 0 || boxWidth >= c.hideBelow;
  });
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
  /**
   * Turns on the column chooser: the columns with an `id` can be shown or hidden, and the choice is
   * kept in this browser's localStorage under `vigil.columns.<columnsKey>`.
   */
  columnsKey?: string;
}

/** The "Columns" button and its checklist; `shown` are the ids now visible. */
function ColumnChooser<T>({ columns, shown, onToggle }: { columns: Column<T>[]; shown: Set<string>; onToggle: (id: string, on: boolean) => void }) {
  const { t } = useTranslation();
  const optional = columns.filter((c) => c.id);
  return (
    <Popover position="bottom-end" shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <Button size="xs" variant="default" leftSection={<IconColumns3 size={16} aria-hidden />} data-testid="column-chooser">
          {t('list.columns')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="group" aria-label={t('list.columnsLabel')}>
          {optional.map((c) => (
            <Checkbox key={c.id} label={c.header} checked={shown.has(c.id!)} onChange={(e) => onToggle(c.id!, e.currentTarget.checked)} data-testid={`column-toggle-${c.id}`} />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * A list paged, sorted and filtered on the server (HOUSE_STYLE section 5): sortable headers with
 * aria-sort, page-size choice, pagination, loading, error and empty states. Rows open with Enter.
 */
export function ServerTable<T>(props: Props<T>) {
  const { t } = useTranslation();
  const { rows, total = 0, state, onChange } = props;
  const { ref: boxRef, width: boxWidth } = useElementSize();
  const [choice, setChoice] = useLocalStorage<ColumnChoice>({ key: `vigil.columns.${props.columnsKey ?? ''}`, defaultValue: {}, getInitialValueInEffect: false });
  const columns = props.columnsKey ? visibleColumns(props.columns, choice, boxWidth) : props.columns;
  const shown = new Set(columns.flatMap((c) => (c.id ? [c.id] : [])));
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
    <Paper withBorder radius="md" p="sm" ref={boxRef}>
      <Stack gap="sm">
        {props.columnsKey && (
          <Group justify="flex-end">
            <ColumnChooser columns={props.columns} shown={shown} onToggle={(id, on) => setChoice((c) => ({ ...c, [id]: on }))} />
          </Group>
        )}
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
