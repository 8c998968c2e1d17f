import { useState } from 'react';
import { Alert, Badge, Button, FileInput, Group, List, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { IconPill, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DRUG_IMPORT_MAX_BYTES, type DrugImportRun } from '@vigil/contract';
import { EmptyState } from '../../../components/EmptyState';
import { ApiError } from '../../../lib/api-client';
import { useCalendar } from '../../../lib/calendar';
import { notify } from '../../../lib/notify';
import { useDrugImportRuns, useDrugImportUpload } from '../api/prescriptions';

const statusColor = { queued: 'gray.7', running: 'blue.8', done: 'teal.9', failed: 'red.9' } as const;

/**
 * The drug products' loader for system admins (/import): upload the FDA NDC Directory's
 * product.txt (or unfinished_product.txt); it loads as a queued job, shown with its progress, what
 * it loaded, and the rows it left out or loaded with a warning (docs/prescriptions.md "Import").
 */
export function DrugImportSection() {
  const { t } = useTranslation('prescriptions');
  const { dateTime } = useCalendar();
  const runs = useDrugImportRuns();
  const upload = useDrugImportUpload();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const tooBig = file !== null && file.size > DRUG_IMPORT_MAX_BYTES;
  const start = () => {
    if (!file) { return; }
    setError(null);
    upload.mutate(file, {
      onSuccess: () => {
        setFile(null);
        notify({ color: 'teal', message: t('import.queued') });
      },
      onError: (err) => setError(err instanceof ApiError ? err.message : t('import.failed')),
    });
  };
  const list = runs.data ?? [];

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={t('import.title')} data-testid="drug-import">
      <Stack gap="sm">
        <Group gap="xs">
          <IconPill size={20} aria-hidden />
          <Title order={2} fz="h4">
            {t('import.title')}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t('import.description')}
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group align="flex-end" gap="sm">
          <FileInput
            label={t('import.file')}
            placeholder={t('import.choose')}
            accept=".txt,text/plain"
            value={file}
            onChange={setFile}
            clearable
            error={tooBig ? t('import.tooBig') : undefined}
            style={{ flex: 1 }}
            data-testid="drug-import-file"
          />
          <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={start} disabled={!file || tooBig} loading={upload.isPending} data-testid="drug-import-start">
            {t('import.start')}
          </Button>
        </Group>
        {list.length === 0 ? (
          <EmptyState text={t('import.none')} />
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('import.columns.file')}</Table.Th>
                  <Table.Th>{t('import.columns.status')}</Table.Th>
                  <Table.Th>{t('import.columns.progress')}</Table.Th>
                  <Table.Th>{t('import.columns.result')}</Table.Th>
                  <Table.Th>{t('import.columns.started')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((r) => (
                  <RunRow key={r.id} run={r} when={dateTime(r.createdAt)} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

function RunRow({ run: r, when }: { run: DrugImportRun; when: string }) {
  const { t } = useTranslation('prescriptions');
  const percent = r.rowsTotal > 0 ? Math.round((r.rowsDone / r.rowsTotal) * 100) : r.status === 'done' ? 100 : 0;
  return (
    <Table.Tr data-testid="drug-import-run">
      <Table.Td>
        <Text size="sm">{r.fileName}</Text>
        {r.fileKind && (
          <Text size="xs" c="dimmed">
            {t(`import.kinds.${r.fileKind}`)}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Badge color={statusColor[r.status]}>{t(`import.statuses.${r.status}`)}</Badge>
      </Table.Td>
      <Table.Td miw={140}>
        <Progress value={percent} aria-label={t('import.progress', { done: r.rowsDone, total: r.rowsTotal })} />
        <Text size="xs" c="dimmed">
          {t('import.progress', { done: r.rowsDone, total: r.rowsTotal })}
        </Text>
      </Table.Td>
      <Table.Td>
        {r.error ? (
          <Text size="sm" c="red.9">
            {r.error}
          </Text>
        ) : (
          <Text size="sm">{t('import.result', { loaded: r.loaded, rejected: r.rejected, warnings: r.warnings })}</Text>
        )}
        {r.problems.length > 0 && (
          <List size="xs" mt={4}>
            {r.problems.slice(0, 5).map((p) => (
              <List.Item key={`${p.line}-${p.reason}`}>{t('import.problem', { line: p.line, level: t(`import.levels.${p.level}`), reason: p.reason })}</List.Item>
            ))}
            {r.problems.length > 5 && <List.Item>{t('import.moreProblems', { count: r.rejected + r.warnings - 5 })}</List.Item>}
          </List>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{when}</Text>
      </Table.Td>
    </Table.Tr>
  );
}
