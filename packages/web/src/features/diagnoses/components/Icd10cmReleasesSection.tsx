import { useRef } from 'react';
import { Alert, Badge, Button, FileButton, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ICD10CM_UPLOAD_MAX_BYTES, type Icd10cmRelease } from '@vigil/contract';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { useCalendar } from '../../../lib/calendar';
import { notify } from '../../../lib/notify';
import { useIcd10cmReleases, useImportIcd10cm } from '../api/diagnoses';

const statusColor = { queued: 'gray', running: 'blue', done: 'teal', failed: 'red' } as const;

/**
 * The loaded ICD-10-CM releases (GET icd10cm/releases) and, for a system admin (icd10cm.import),
 * the import of an official CDC/CMS code file (icd10cm_order_YYYY.txt or icd10cm_codes_YYYY.txt,
 * plain or gzipped): it runs as a queued job whose state this table follows.
 */
export function Icd10cmReleasesSection() {
  return useCan('diagnoses.read') ? <Releases /> : null;
}

function Releases() {
  const { t } = useTranslation('diagnoses');
  const { dateTime } = useCalendar();
  const canImport = useCan('icd10cm.import');
  const releases = useIcd10cmReleases();
  const upload = useImportIcd10cm();
  const reset = useRef<() => void>(null);
  const busy = releases.data?.some((r) => r.status === 'queued' || r.status === 'running') ?? false;

  const onFile = (file: File | null) => {
    if (!file) { return; }
    if (file.size > ICD10CM_UPLOAD_MAX_BYTES) {
      notify({ color: 'red', message: t('releases.tooLarge') });
      return;
    }
    upload.mutate(file, {
      onSuccess: () => notify({ color: 'teal', message: t('releases.queued') }),
      onError: (err) => notify({ color: 'red', message: err instanceof ApiError ? err.message : t('releases.failed') }),
      onSettled: () => reset.current?.(),
    });
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="icd10cm-releases-title" data-testid="icd10cm-releases">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="h4" id="icd10cm-releases-title">
            {t('releases.title')}
          </Title>
          {canImport && (
            <FileButton onChange={onFile} accept=".txt,.gz,text/plain,application/gzip" resetRef={reset}>
              {(props) => (
                <Button {...props} size="xs" leftSection={<IconUpload size={16} aria-hidden />} loading={upload.isPending} disabled={busy} data-testid="icd10cm-import">
                  {t('releases.import')}
                </Button>
              )}
            </FileButton>
          )}
        </Group>
        {canImport && (
          <Text size="sm" c="dimmed">
            {t('releases.help')}
          </Text>
        )}
        {releases.error && (
          <Alert color="red" role="alert">
            {releases.error.message}
          </Alert>
        )}
        <Table striped withTableBorder>
          <Table.Caption>{t('releases.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('releases.release')}</Table.Th>
              <Table.Th>{t('releases.status')}</Table.Th>
              <Table.Th>{t('releases.codes')}</Table.Th>
              <Table.Th>{t('releases.loaded')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(releases.data ?? []).map((r: Icd10cmRelease) => (
              <Table.Tr key={r.id} data-testid="icd10cm-release-row">
                <Table.Td>
                  <Group gap={6}>
                    <Text size="sm">{r.label}</Text>
                    {r.isCurrent && (
                      <Badge size="sm" color="teal">
                        {t('releases.current')}
                      </Badge>
                    )}
                  </Group>
                  {r.error && (
                    <Text size="xs" c="red">
                      {r.error}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={statusColor[r.status]}>
                    {t(`releases.statuses.${r.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>{t('releases.counts', { codes: r.codeCount, billable: r.billableCount })}</Table.Td>
                <Table.Td>{r.finishedAt ? dateTime(r.finishedAt) : '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
