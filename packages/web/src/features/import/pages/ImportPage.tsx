import { useState } from 'react';
import { Alert, Button, FileInput, Grid, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconFileUpload, IconFolderOpen, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { importBodySchema, type ImportRun } from '@vigil/contract';
import { PageHeader } from '../../../components/PageHeader';
import { SearchInput } from '../../../components/SearchInput';
import { ServerTable, type Column, type PageState } from '../../../components/ServerTable';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors, zodValidate } from '../../../lib/forms';
import { useUiState } from '../../../lib/ui-state';
import { IMPORT_UPLOAD_MAX_BYTES, useImportRuns, useRunImport, useUploadImport } from '../api/import';
import { ImportReportView } from '../components/ImportReportView';
import { ImportRunProgress } from '../components/ImportRunProgress';
import { RunStatusBadge } from '../components/ImportStatusBadge';
import { formatDuration } from '../format';
import { useCalendar } from '../../../lib/calendar';
import { DrugImportSection } from '../../prescriptions';

/**
 * /import (system admin): queues an import of FHIR R4 from a server path or an uploaded file (a
 * job on the server, README "Jobs"), follows the run (queued, running with its progress, then its
 * per-record report, or why it failed), and shows the history of import runs.
 */
export default function ImportPage() {
  const { t, i18n } = useTranslation('import');
  const { dateTime } = useCalendar();
  const { t: tc } = useTranslation();
  const ui = useUiState();
  const runPath = useRunImport();
  const upload = useUploadImport();
  const sending = runPath.isPending || upload.isPending;
  const [runId, setRunId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [state, setState] = useState<PageState>({ page: 1, pageSize: 10, sort: '-startedAt' });
  const runs = useImportRuns(state);

  const pathForm = useForm({ initialValues: { path: '' }, validate: zodValidate(importBodySchema) });

  const queued = (run: ImportRun) => {
    setRunId(run.id);
    setError(null);
  };
  const failed = (err: unknown) => {
    setError(err instanceof ApiError ? err.message : t('networkError'));
  };

  const submitPath = pathForm.onSubmit(({ path }) => {
    setError(null);
    setRunId(null);
    runPath.mutate(path.trim(), {
      onSuccess: queued,
      onError: (err) => {
        pathForm.setErrors(serverFieldErrors(err));
        failed(err);
      },
    });
  });

  const submitFile = () => {
    setFileError(null);
    setError(null);
    if (!file) { return setFileError(t('upload.required')); }
    if (file.size > IMPORT_UPLOAD_MAX_BYTES) { return setFileError(t('upload.tooLarge', { mb: IMPORT_UPLOAD_MAX_BYTES / 1024 / 1024 })); }
    setRunId(null);
    upload.mutate(file, { onSuccess: queued, onError: failed });
  };

  const openRun = (run: ImportRun) =>
    ui.openDetails(
      t('history.details', { id: run.id }),
      run.report ? (
        <ImportReportView report={run.report} />
      ) : (
        <Text c="dimmed">{t(run.status === 'failed' ? 'history.failedNoReport' : 'history.noReport')}</Text>
      ),
    );

  const columns: Column<ImportRun>[] = [
    {
      header: t('history.started'),
      sortKey: 'startedAt',
      render: (r) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {(dateTime(r.startedAt) || '—')}
        </Text>
      ),
    },
    {
      header: t('history.source'),
      render: (r) => (
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {r.source}
        </Text>
      ),
    },
    { header: t('history.status'), sortKey: 'status', render: (r) => <RunStatusBadge status={r.status} /> },
    {
      header: t('history.duration'),
      // A running import shows its progress, stored by whichever API process runs it.
      render: (r) =>
        r.report ? formatDuration(r.report.durationMs, i18n.language) : r.progress ? t('history.progress', { files: r.progress.files, total: r.progress.filesTotal }) : '—',
    },
    {
      header: t('history.counts'),
      render: (r) =>
        r.report ? (
          <Text size="sm">
            {t('history.countsText', {
              created: r.report.counts.created,
              updated: r.report.counts.updated,
              unchanged: r.report.counts.unchanged,
              skipped: r.report.counts.skipped,
              error: r.report.counts.error,
            })}
          </Text>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder radius="md" p="lg" h="100%">
            <form onSubmit={submitPath} noValidate>
              <Stack gap="sm">
                <Group gap="xs">
                  <IconFolderOpen size={20} aria-hidden />
                  <Title order={2} fz="h4">
                    {t('server.title')}
                  </Title>
                </Group>
                <Text size="sm" c="dimmed">
                  {t('server.text')}
                </Text>
                <TextInput
                  label={t('server.path')}
                  placeholder="demo-data/synthea-r4/fhir"
                  description={t('server.pathHint')}
                  disabled={sending}
                  {...pathForm.getInputProps('path')}
                />
                <Group justify="flex-end">
                  <Button type="submit" leftSection={<IconPlayerPlay size={16} aria-hidden />} loading={runPath.isPending} disabled={sending}>
                    {t('server.run')}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder radius="md" p="lg" h="100%">
            <Stack gap="sm">
              <Group gap="xs">
                <IconFileUpload size={20} aria-hidden />
                <Title order={2} fz="h4">
                  {t('upload.title')}
                </Title>
              </Group>
              <Text size="sm" c="dimmed">
                {t('upload.text', { mb: IMPORT_UPLOAD_MAX_BYTES / 1024 / 1024 })}
              </Text>
              <FileInput
                label={t('upload.file')}
                placeholder={t('upload.choose')}
                styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
                clearButtonProps={{ 'aria-label': tc('actions.clear') }}
                accept=".json,application/json,application/fhir+json"
                value={file}
                onChange={(f) => {
                  setFile(f);
                  setFileError(null);
                }}
                error={fileError}
                clearable
                disabled={sending}
              />
              <Group justify="flex-end">
                <Button onClick={submitFile} leftSection={<IconFileUpload size={16} aria-hidden />} loading={upload.isPending} disabled={sending}>
                  {t('upload.run')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>

      {error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" mt="md" title={t('failed')}>
          {error}
        </Alert>
      )}
      {runId !== null && <ImportRunProgress key={runId} runId={runId} />}

      <Stack gap="sm" mt="xl">
        <Group justify="space-between" align="flex-end">
          <Title order={2} fz="h4">
            {t('history.title')}
          </Title>
          <SearchInput label={t('history.search')} value={state.search} onChange={(search) => setState({ ...state, page: 1, search })} />
        </Group>
        <ServerTable
          caption={t('history.title')}
          columns={columns}
          rows={runs.data?.items}
          total={runs.data?.total}
          state={state}
          onChange={setState}
          rowKey={(r) => r.id}
          loading={runs.isFetching}
          error={runs.error}
          onRetry={() => void runs.refetch()}
          onRowClick={openRun}
          emptyText={t('history.empty')}
        />
      </Stack>
      <Stack mt="xl">
        <DrugImportSection />
      </Stack>
    </>
  );
}
