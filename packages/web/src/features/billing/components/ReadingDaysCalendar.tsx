import { Box, Group, SimpleGrid, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { addDays, shortDay } from '../../../lib/calendar';

/**
 * The days of a device period (or of a month) as a small calendar: a filled day had at least one
 * automatic reading (rule C1: one per calendar day). Each day says so to screen readers.
 */
export function ReadingDaysCalendar({ start, end, readingDays }: { start: string; end: string; readingDays: string[] }) {
  const { t, i18n } = useTranslation('billing');
  const lang = i18n.language;
  const read = new Set(readingDays);
  const days: string[] = [];
  for (let d = start; d <= end && days.length < 62; d = addDays(d, 1)) { days.push(d); }
  return (
    <Box data-testid="reading-days-calendar">
      <Text size="sm" c="dimmed" mb={4}>
        {t('evidence.period', { start: shortDay(start, lang), end: shortDay(end, lang), count: readingDays.length })}
      </Text>
      <SimpleGrid cols={10} spacing={3} verticalSpacing={3} maw={380} role="list" aria-label={t('evidence.readingDays')}>
        {days.map((d) => {
          const has = read.has(d);
          return (
            <Box
              key={d}
              role="listitem"
              title={`${shortDay(d, lang)}: ${has ? t('evidence.reading') : t('evidence.noReading')}`}
              bg={has ? 'teal.9' : undefined}
              c={has ? 'white' : undefined}
              bd={has ? undefined : '1px solid var(--mantine-color-gray-4)'}
              style={{ borderRadius: 4, textAlign: 'center', fontSize: 12, lineHeight: '24px', fontWeight: has ? 700 : 400 }}
            >
              <span aria-hidden>{Number(d.slice(8, 10))}</span>
              <VisuallyHidden>{`${shortDay(d, lang)}: ${has ? t('evidence.reading') : t('evidence.noReading')}`}</VisuallyHidden>
            </Box>
          );
        })}
      </SimpleGrid>
      <Group gap="md" mt={4}>
        <Group gap={4}>
          <Box w={12} h={12} bg="teal.9" style={{ borderRadius: 2 }} aria-hidden />
          <Text size="xs">{t('evidence.reading')}</Text>
        </Group>
        <Group gap={4}>
          <Box w={12} h={12} bd="1px solid var(--mantine-color-gray-4)" style={{ borderRadius: 2 }} aria-hidden />
          <Text size="xs">{t('evidence.noReading')}</Text>
        </Group>
      </Group>
    </Box>
  );
}
