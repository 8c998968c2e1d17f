import { useEffect, useRef, useState } from 'react';
import { Alert, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { importInProgress, useImportRun } from '../api/import';
import { ImportReportView } from './ImportReportView';
import { RunStatusBadge } from './ImportStatusBadge';

/** Seconds since `running` became true, ticking every second. */
function useElapsed(running: boolean): number {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (!running) { return; }
    setSeconds(0);
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return seconds;
}

/**
 * The import run just started (GET admin/importruns/{id}, polled every second; README "Jobs"):
 * queued for a job worker (with a failed attempt's message while it is retried), then running
 * with the files read of the total as a bar; once it ends every list refreshes (an import touches
 * organizations, offices, staff and patients) and its report is shown, or an error when the run
 * failed without one. What the server stores in English (the attempt's message) is shown from the
 * locale files.
 */
export function ImportRunProgress({ runId }: { runId: number }) {
  const { t } = useTranslation('import');
  const qc = useQueryClient();
  const run = useImportRun(runId);
  const r = run.data;
  const inProgress = !r || importInProgress(r.status);
  const elapsed = useElapsed(inProgress);
  const ended = useRef(false);
  useEffect(() => {
    if (!r || importInProgress(r.status) || ended.current) { return; }
    ended.current = true;
    void qc.invalidateQueries();
  }, [r, qc]);

  if (run.error) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" mt="md" title={t('failed')}>
        {run.error.message}
      </Alert>
    );
  }
  if (inProgress) {
    const percent = r?.progress && r.progress.filesTotal > 0 ? Math.round((100 * r.progress.files) / r.progress.filesTotal) : 0;
    return (
      <Paper withBorder radius="md" p="lg" mt="md" role="status" aria-live="polite" data-testid="import-progress">
        <Stack gap="xs">
          <Group justify="space-between">
            <Text fw={500}>{t('running', { seconds: elapsed })}</Text>
            {r && <RunStatusBadge status={r.status} />}
          </Group>
          <Text size="sm" data-testid="import-run-status">
            {!r
              ? t('run.starting')
              : r.status === 'queued'
                ? t(r.error ? 'run.retrying' : 'run.queued')
                : r.progress
                  ? t('run.progress', { files: r.progress.files, total: r.progress.filesTotal })
                  : t('run.starting')}
          </Text>
          <Progress value={r?.status === 'running' ? Math.max(percent, 2) : 100} striped animated aria-label={t('runningLabel')} />
          <Text size="sm" c="dimmed">
            {t('runningHint')}
          </Text>
        </Stack>
      </Paper>
    );
  }
  if (!r.report) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" mt="md" title={t('failed')} data-testid="import-run-failed">
        {t('run.failed')}
      </Alert>
    );
  }
  return (
    <Paper withBorder radius="md" p="lg" mt="md" data-testid="import-report">
      <Stack gap="md">
        <Title order={2} fz="h4">
          {t('report.title')}
        </Title>
        <ImportReportView report={r.report} />
      </Stack>
    </Paper>
  );
}
