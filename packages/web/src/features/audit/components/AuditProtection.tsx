import { Alert, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AuditChainCheck, AuditVerification } from '@vigil/contract';
import { useCalendar } from '../../../lib/calendar';
import { useAuditVerification, useStartFullCheck } from '../api/audit';

/** A verdict as one sentence in the user's language: intact with the rows checked, or the break with its first bad position. */
export function verdictText(t: TFunction, result: AuditChainCheck): string {
  if (result.ok) { return t('verifyOk', { count: result.checked }); }
  const b = result.break!;
  return t(`verifyBroken.${b.kind}`, { id: b.id, throughId: b.throughId ?? b.id, line: b.line ?? 0 });
}

/**
 * The audit trail's protection on /logs (docs/audit.md "Checkpoints"; `audit.verify`, system
 * admin): whether a checkpoint key is configured, the newest signed checkpoint, the last verdict
 * with its first bad position, and a full re-check started here and run in the background, with its
 * progress bar (polled every second while it runs).
 */
export function AuditProtection() {
  const { t } = useTranslation('logs');
  const dates = useCalendar();
  const status = useAuditVerification(true);
  const start = useStartFullCheck();
  const s = status.data;
  const full = s?.fullCheck ?? null;
  const running = !!full && (full.status === 'queued' || full.status === 'running');
  const percent = full && full.rowsTotal > 0 ? Math.min(100, Math.round((full.rowsDone / full.rowsTotal) * 100)) : full?.status === 'done' ? 100 : 0;
  const lastText = (v: AuditVerification) => (v.result ? verdictText(t, v.result) : t('protection.failed'));

  return (
    <Paper withBorder radius="md" p="md" mb="md" data-testid="audit-protection">
      <Stack gap="xs">
        <Text fw={600}>{t('protection.title')}</Text>
        {s && !s.keyConfigured && (
          <Alert color="yellow" role="status">
            {t('protection.noKey')}
          </Alert>
        )}
        <Text size="sm" data-testid="audit-last-checkpoint">
          {s?.lastCheckpoint ? t('protection.lastCheckpoint', { at: dates.dateTime(s.lastCheckpoint.at), position: s.lastCheckpoint.lastId, count: s.lastCheckpoint.count }) : t('protection.noCheckpoint')}
        </Text>
        <Text size="sm" c={s?.lastResult?.result && !s.lastResult.result.ok ? 'red.9' : undefined} data-testid="audit-last-result">
          {s?.lastResult
            ? t('protection.lastResult', { at: dates.dateTime(s.lastResult.finishedAt ?? s.lastResult.startedAt), kind: t(`protection.kinds.${s.lastResult.kind}`), text: lastText(s.lastResult) })
            : t('protection.noResult')}
        </Text>
        <Group gap="sm" align="center">
          <Button
            variant="light"
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
            loading={start.isPending}
            disabled={running}
            onClick={() => start.mutate({})}
            data-testid="audit-full-check"
          >
            {t('protection.startFull')}
          </Button>
          {full && (
            <Stack gap={2} miw={240} style={{ flex: 1 }}>
              <Progress value={percent} animated={running} aria-label={t('protection.progress', { done: full.rowsDone, total: full.rowsTotal, percent })} data-testid="audit-full-progress" />
              <Text size="xs" c="dimmed" role="status">
                {running
                  ? t('protection.progress', { done: full.rowsDone, total: full.rowsTotal, percent })
                  : t('protection.fullDone', { at: dates.dateTime(full.finishedAt ?? full.startedAt), text: lastText(full) })}
              </Text>
            </Stack>
          )}
        </Group>
        {start.error && (
          <Alert color="red" role="alert">
            {start.error.message}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
