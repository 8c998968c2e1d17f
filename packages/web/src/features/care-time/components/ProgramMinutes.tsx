import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CareProgram } from '@vigil/contract';
import { formatMmSs, MINUTE_MARKS } from '../format';

/**
 * Minutes this month per program against the care-management marks 10, 20, 40 and 60
 * (billing-rules.md 1.2 / 2 / 3: 99470 at 10, 99457 / 99490 at 20, add-ons at 40 and 60). The
 * figures are the logged time; the billing engine may count overlapping time once (C4).
 */
export function ProgramMinutes({ seconds, programs }: { seconds: Map<CareProgram, number>; programs: CareProgram[] }) {
  const { t } = useTranslation('careTime');
  const shown = programs.filter((p) => (seconds.get(p) ?? 0) > 0 || p === programs[0]);
  for (const p of seconds.keys()) { if (!shown.includes(p)) { shown.push(p); } }
  const top = 60;
  return (
    <Stack gap="xs" data-testid="program-minutes">
      {shown.map((program) => {
        const s = seconds.get(program) ?? 0;
        const minutes = s / 60;
        return (
          <Stack key={program} gap={4}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" fw={600}>
                {program}
              </Text>
              <Text size="sm" ff="monospace" data-testid={`program-minutes-${program}`}>
                {formatMmSs(s)}
              </Text>
            </Group>
            <Progress value={Math.min(100, (minutes / top) * 100)} size="sm" color="teal.8" aria-label={t('minutes.progress', { program, time: formatMmSs(s) })} />
            <Group gap={4}>
              {MINUTE_MARKS.map((mark) => {
                const reached = minutes >= mark;
                return (
                  <Badge key={mark} size="xs" variant={reached ? 'filled' : 'outline'} color={reached ? 'teal.9' : 'gray.7'} tt="none">
                    {reached ? t('minutes.reached', { mark }) : t('minutes.mark', { mark })}
                  </Badge>
                );
              })}
            </Group>
          </Stack>
        );
      })}
    </Stack>
  );
}
