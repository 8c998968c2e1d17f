import { useId, type ReactNode } from 'react';
import { Alert, Center, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** One titled part of the review (its title is an h2); printed whole on one page when it fits. */
export function ReviewSection({ title, actions, children, testId }: { title: string; actions?: ReactNode; children: ReactNode; testId?: string }) {
  const id = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id} data-testid={testId} data-print-section>
      <Stack gap="sm">
        <Group justify="space-between" align="center" wrap="wrap" gap="xs">
          <Title order={2} fz="h4" id={id}>
            {title}
          </Title>
          {actions && <Group data-print-hide>{actions}</Group>}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/** Loading or error state of a section. */
export function SectionPending({ error }: { error: unknown }) {
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
