import { ActionIcon, Affix, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconDownload, IconUpload, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../transfers/format-bytes';
import { transferJobs, useTransferJobs, type TransferJob } from '../transfers/transfer-jobs';

const statusColor = { uploading: 'blue', downloading: 'blue', completed: 'teal', failed: 'red' } as const;

/**
 * The session's file transfer jobs (portal-spec.md section 3 "File transfer job"): file name,
 * direction, status, percentage and sizes; a failed job says why (section 4). A polite live region,
 * so a screen reader hears a job finish; finished jobs can be dismissed. Renders nothing without jobs.
 */
export function FileTransferTray() {
  const { t } = useTranslation('ccmFiles');
  const jobs = useTransferJobs();
  if (jobs.length === 0) { return null; }
  return (
    <Affix position={{ bottom: 16, right: 16 }} zIndex={250}>
      <Paper withBorder shadow="md" p="sm" w={340} component="section" aria-label={t('tray.title')} data-testid="transfer-tray">
        <Text size="sm" fw={600} mb={6} component="h2" m={0}>
          {t('tray.title')}
        </Text>
        <Stack gap="xs" aria-live="polite" mah={260} style={{ overflowY: 'auto' }}>
          {jobs.map((job) => (
            <TransferRow key={job.id} job={job} />
          ))}
        </Stack>
      </Paper>
    </Affix>
  );
}

function TransferRow({ job }: { job: TransferJob }) {
  const { t } = useTranslation('ccmFiles');
  const finished = job.status === 'completed' || job.status === 'failed';
  const Icon = job.direction === 'upload' ? IconUpload : IconDownload;
  return (
    <Stack gap={2} data-testid="transfer-job" data-status={job.status}>
      <Group gap={6} wrap="nowrap" justify="space-between">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <Icon size={16} aria-label={t(`direction.${job.direction}`)} />
          <Text size="sm" truncate title={job.fileName}>
            {job.fileName}
          </Text>
        </Group>
        {finished && (
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('tray.dismiss', { fileName: job.fileName })} onClick={() => transferJobs.dismiss(job.id)}>
            <IconX size={14} aria-hidden />
          </ActionIcon>
        )}
      </Group>
      <Progress value={job.percentage} color={statusColor[job.status]} size="sm" aria-label={t('tray.progress', { fileName: job.fileName })} />
      <Text size="xs" c={job.status === 'failed' ? 'red.8' : 'dimmed'}>
        {t(`status.${job.status}`)} · {job.percentage} %
        {job.totalSize > 0 ? ` · ${t('tray.sizes', { completed: formatBytes(job.completedSize), total: formatBytes(job.totalSize) })}` : ''}
      </Text>
      {job.status === 'failed' && job.error && (
        <Text size="xs" c="red.8" role="alert">
          {job.error}
        </Text>
      )}
    </Stack>
  );
}
