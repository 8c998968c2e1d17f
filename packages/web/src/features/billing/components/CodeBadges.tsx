import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { programColor } from './format';

interface CodeItem {
  code: string;
  program: string;
  units: number;
}

/** Billing codes as badges coloured by program; units above one shown as "99458 ×2". */
export function CodeBadges({ codes, empty }: { codes: CodeItem[]; empty?: string }) {
  const { t } = useTranslation('billing');
  if (codes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty ?? t('codes.none')}
      </Text>
    );
  }
  return (
    <Group gap={4}>
      {codes.map((c) => (
        <Badge key={`${c.program}-${c.code}`} color={programColor[c.program] ?? 'dark'} tt="none" fw={600} title={t('codes.title', { program: c.program, code: c.code, count: c.units })}>
          {c.units > 1 ? `${c.code} ×${c.units}` : c.code}
        </Badge>
      ))}
    </Group>
  );
}
