import { Group, Text } from '@mantine/core';

export function Logo({ size = 28 }: { size?: number }) {
  return (
    <Group gap={8} wrap="nowrap">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden>
        <rect width="32" height="32" rx="7" fill="#0b7285" />
        <path d="M5 17h6l3-7 4 13 3-6h6" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <Text fw={700} fz="lg" c="teal.9">
        Vigil
      </Text>
    </Group>
  );
}
