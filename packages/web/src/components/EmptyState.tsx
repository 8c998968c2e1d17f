import type { ReactNode } from 'react';
import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';

export function EmptyState({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <Stack align="center" gap="xs" py="xl">
      <ThemeIcon variant="light" size={48} radius="xl" color="gray" aria-hidden>
        <IconInbox size={26} />
      </ThemeIcon>
      <Text c="dimmed">{text}</Text>
      {action}
    </Stack>
  );
}
