import { useId, type ReactNode } from 'react';
import { Alert, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
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
