import { Anchor, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** One figure of the dashboard: a heading, the number, details and the link to the list behind it. */
export function Figure(props: { testId: string; title: string; value: ReactNode; loading: boolean; link: { to: string; label: string }; children?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={props.testId}>
      <Stack gap="xs" h="100%">
        <Title order={2} fz="sm" fw={600} c="dimmed">
          {props.title}
        </Title>
        {props.loading ? (
          <Skeleton h={36} w={90} />
        ) : (
          <Text fz={30} fw={700} lh={1.1} data-testid={`${props.testId}-value`}>
            {props.value}
          </Text>
        )}
        {props.children}
        <Anchor component={Link} to={props.link.to} size="sm" mt="auto">
          {props.link.label}
        </Anchor>
      </Stack>
    </Paper>
  );
}

