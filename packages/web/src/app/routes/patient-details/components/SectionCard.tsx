import type { ReactNode } from 'react';
import { Alert, Center, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A titled card of the patient page (its title is an h2); `busy` while its content is still loading (aria-busy). */
export function SectionCard({ title, actions, children, testId, busy }: { title: string; actions?: ReactNode; children: ReactNode; testId?: string; busy?: boolean }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title} aria-busy={busy || undefined} data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between" align="center" wrap="wrap" gap="xs">
          <Title order={2} fz="h4">
            {title}
          </Title>
          {actions}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/** Loading or error state of a section. */
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
