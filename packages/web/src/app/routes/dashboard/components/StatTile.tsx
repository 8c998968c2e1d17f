import type { ReactNode } from 'react';
import { Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';

/** One dashboard figure: a heading, the number, details and links into the lists. */
export function StatTile(props: { title: string; value: number | undefined; icon: ReactNode; color: string; loading: boolean; children?: ReactNode; testId: string }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={props.testId}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} fz="sm" fw={600} c="dimmed">
            {props.title}
          </Title>
          <ThemeIcon variant="filled" color={props.color} radius="md" size="lg" aria-hidden>
            {props.icon}
          </ThemeIcon>
        </Group>
        {props.loading ? (
          <Skeleton h={36} w={80} />
        ) : (
          <Text fz={32} fw={700} lh={1.1} data-testid={`${props.testId}-value`}>
            {props.value ?? '—'}
          </Text>
        )}
        {props.children}
      </Stack>
    </Paper>
  );
}
