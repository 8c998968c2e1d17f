import type { ReactNode } from 'react';
import { SimpleGrid, Stack, Text } from '@mantine/core';

export interface DetailItem {
  label: string;
  value: ReactNode;
}

/** Label / value pairs (details drawers, wizard review steps); an empty value shows a dash. */
export function DetailList({ items, cols = 2 }: { items: DetailItem[]; cols?: number }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: cols }} spacing="md" verticalSpacing="sm" component="dl" m={0}>
      {items.map((item) => (
        <Stack key={item.label} gap={2}>
          <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
            {item.label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
            {item.value === '' || item.value === null || item.value === undefined ? '—' : item.value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
