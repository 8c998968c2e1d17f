import { useId, type ReactNode } from 'react';
import { Alert, Center, Loader, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { EmptyState } from '../../../components/EmptyState';
import { useTranslation } from 'react-i18next';

/** A titled part of the report (h2). */
export function ReportCard({ title, note, children, testId }: { title: string; note?: string; children: ReactNode; testId?: string }) {
  const id = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id} data-testid={testId}>
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="h4" id={id}>
            {title}
          </Title>
          {note && (
            <Text size="xs" c="dimmed">
              {note}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}

export function Pending({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (error) {
    return (
      <Alert color="red" role="alert">
        {error instanceof Error ? error.message : t('list.error')}
      </Alert>
    );
  }
  return (
    <Center py="md">
      <Loader size="sm" aria-label={t('list.loading')} />
    </Center>
  );
}

/** A figure of the day. */
export function Figure({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/**
 * A table of the report, or what stands in for it: the loader or the error while its data is not
 * there (`loaded` false), the empty state when `rows` is empty. `renderRow` gives a row's
 * `<Table.Tr>` (with its key).
 */
export function ReportTable<T>({
  loaded,
  error,
  rows,
  empty,
  caption,
  headers,
  renderRow,
  minWidth = 640,
}: {
  loaded: boolean;
  error: unknown;
  rows: T[];
  empty: string;
  caption: string;
  headers: string[];
  renderRow: (row: T) => ReactNode;
  minWidth?: number;
}) {
  if (!loaded) { return <Pending error={error} />; }
  if (rows.length === 0) { return <EmptyState text={empty} />; }
  return (
    <ScrollArea>
      <Table striped verticalSpacing="xs" miw={minWidth}>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {headers.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{rows.map(renderRow)}</Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
