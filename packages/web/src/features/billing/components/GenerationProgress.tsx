import { useEffect, useRef } from 'react';
import { Alert, Group, Paper, Progress, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useBillingRun } from '../api/get-billing-run';
import { billingRootKey } from '../api/keys';

/**
 * The progress of a generation run (GET billing/getbillingrun, polled every second): patients done
 * of total as a bar; when it ends the billing lists refresh and a notification says so.
 */
export function GenerationProgress({ runId, label, onFinished }: { runId: number; label: string; onFinished: () => void }) {
  const { t } = useTranslation('billing');
  const qc = useQueryClient();
  const run = useBillingRun(runId);
  const r = run.data;
  const ended = useRef(false);
  useEffect(() => {
    if (!r || r.status === 'running' || ended.current) return;
    ended.current = true;
    void qc.invalidateQueries({ queryKey: billingRootKey, predicate: (q) => q.queryKey[1] !== 'run' });
    if (r.status === 'done') notify({ color: 'teal', message: t('generate.done', { count: r.total }) });
    else notify({ color: 'red', message: r.error ?? t('generate.failed') });
    onFinished();
  }, [r, qc, t, onFinished]);

  if (run.error)
    return (
      <Alert color="red" role="alert" mb="md">
        {run.error instanceof Error ? run.error.message : ''}
      </Alert>
    );
  const percent = r?.percent ?? 0;
  return (
    <Paper withBorder p="sm" radius="md" mb="md" data-testid="generation-progress" role="status" aria-live="polite">
      <Group justify="space-between" mb={6}>
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <Text size="sm" c="dimmed">
          {r ? t('generate.progress', { done: r.done, total: r.total, percent }) : t('generate.starting')}
        </Text>
      </Group>
      <Progress value={percent} animated={r?.status !== 'done'} aria-label={t('generate.progressLabel')} />
    </Paper>
  );
}
