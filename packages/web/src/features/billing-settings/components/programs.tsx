import type { ReactNode } from 'react';
import { Badge, Checkbox, Group, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BILLING_PROGRAMS, type BillingProgram } from '@vigil/contract';

/** Colors with white text at AA contrast, one per program. */
const programColor: Record<string, string> = {
  RPM: 'teal.9',
  RTM: 'blue.9',
  CCM: 'grape.9',
  PCM: 'indigo.9',
  APCM: 'cyan.9',
  BHI: 'violet.9',
  CPM: 'pink.9',
};

/** Programs as badges, each titled with its full name. */
export function ProgramBadges({ programs }: { programs: string[] }) {
  const { t } = useTranslation('billingSettings');
  if (programs.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Group gap={4}>
      {programs.map((p) => (
        <Badge key={p} color={programColor[p] ?? 'dark'} tt="none" title={t(`programs.${p}`)}>
          {p}
        </Badge>
      ))}
    </Group>
  );
}

/** The seven programs as checkboxes (RPM ... CPM = chronic pain management, G3002/G3003). */
export function ProgramCheckboxes({ value, onChange, error, label }: { value: BillingProgram[]; onChange: (v: BillingProgram[]) => void; error?: ReactNode; label: string }) {
  const { t } = useTranslation('billingSettings');
  return (
    <Checkbox.Group label={label} value={value} onChange={(v) => onChange(v as BillingProgram[])} error={error}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs" mt={6}>
        {BILLING_PROGRAMS.map((p) => (
          <Checkbox key={p} value={p} label={`${p} · ${t(`programs.${p}`)}`} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}
