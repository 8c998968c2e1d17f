import { useEffect, useRef } from 'react';
import { Alert, CloseButton, Group, Paper, Progress, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { invalidateEndpoints } from '../../../lib/endpoint-query';
import { generatedReads, runInProgress, useBillingRun } from '../api/billing';

/**
 * The progress of a generation run (GET billing/getbillingrun, polled every second): waiting for a
 * job worker (queued, with a failed attempt's message while it is retried), then patients done of
 * total as a bar; when it ends the billing lists refresh, a notification says so and the bar
 * stays with the result until closed.
 */
export function GenerationProgress({ runId, label, onFinished, onClose }: { runId: number; label: string; onFinished: () => void; onClose: () => void }) {
  const { t } = useTranslation('billing');
  const qc = useQueryClient();
  const run = useBillingRun(runId);
  const r = run.data;
  const ended = useRef(false);
  useEffect(() => {
    if (!r || runInProgress(r.status) || ended.current) { return; }
    ended.current = true;
    void invalidateEndpoints(qc, generatedReads);
    if (r.status === 'done') { notify({ color: 'teal', message: t('generate.done', { count: r.total }) }); }
    else { notify({ color: 'red', message: t('generate.failed') }); }
    onFinished();
  }, [r, qc, t, onFinished]);

  if (run.error) {
    return (
      <Alert color="red" role="alert" mb="md" withCloseButton closeButtonLabel={t('common:actions.close')} onClose={onClose}>
        {run.error instanceof Error ? run.error.message : ''}
      </Alert>
    );
  }
  const percent = r?.percent ?? 0;
  return (
    <Paper withBorder p="sm" radius="md" mb="md" data-testid="generation-progress" role="status" aria-live="polite">
      <Group justify="space-between" mb={6}>
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <Group gap="xs">
          <Text size="sm" c={r?.status === 'failed' ? 'red.9' : 'dimmed'} data-testid="generation-status">
            {!r
              ? t('generate.starting')
              : r.status === 'queued'
                ? t(r.error ? 'generate.retrying' : 'generate.queued')
                : r.status === 'running'
                ? t('generate.progress', { done: r.done, total: r.total, percent })
                : r.status === 'done'
                  ? t('generate.finished', { done: r.done, total: r.total })
                  : t('generate.failed')}
          </Text>
          {r && !runInProgress(r.status) && <CloseButton size="sm" aria-label={t('common:actions.close')} onClick={onClose} />}
        </Group>
      </Group>
      <Progress value={percent} color={r?.status === 'failed' ? 'red.9' : undefined} animated={!r || runInProgress(r.status)} aria-label={t('generate.progressLabel')} />
    </Paper>
  );
}
