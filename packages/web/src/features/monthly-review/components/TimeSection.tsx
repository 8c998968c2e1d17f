import { Badge, Group, ScrollArea, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { useCalendar } from '../../../lib/calendar';
import { formatMmSs, ProgramBadge, secondsByProgram, useTimeEntries } from '../../care-time';
import { ReviewSection, SectionPending } from './ReviewSection';

/** The month's time entries with the total per program as MM:SS. */
export function TimeSection({ patientId, hospitalId, year, month }: { patientId: number; hospitalId: number; year: number; month: number }) {
  const { t } = useTranslation(['monthlyReview', 'careTime']);
  const { dateTime } = useCalendar();
  const entries = useTimeEntries(patientId, hospitalId, year, month, true);
  if (!entries.data) {
    return (
      <ReviewSection title={t('time.title')} testId="review-time">
        <SectionPending error={entries.error} />
      </ReviewSection>
    );
  }
  const totals = [...secondsByProgram(entries.data).entries()];
  const all = totals.reduce((a, [, s]) => a + s, 0);
  return (
    <ReviewSection title={t('time.title')} testId="review-time">
      <Group gap="xs" wrap="wrap" data-testid="review-time-totals">
        {totals.map(([program, s]) => (
          <Badge key={program} size="lg" variant="outline" color="blue.9" tt="none" ff="monospace">
            {program} {formatMmSs(s)}
          </Badge>
        ))}
        <Badge size="lg" variant="outline" color="gray.7" tt="none" ff="monospace">
          {t('time.total', { time: formatMmSs(all) })}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        {t('time.logged')}
      </Text>
      {entries.data.length === 0 ? (
        <EmptyState text={t('time.empty')} />
      ) : (
        <ScrollArea>
          <Table striped verticalSpacing="xs" miw={760}>
            <Table.Caption>{t('time.caption', { count: entries.data.length })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('time.date')}</Table.Th>
                <Table.Th>{t('time.staff')}</Table.Th>
                <Table.Th>{t('time.program')}</Table.Th>
                <Table.Th>{t('time.time')}</Table.Th>
                <Table.Th>{t('time.interactive')}</Table.Th>
                <Table.Th>{t('time.kind')}</Table.Th>
                <Table.Th>{t('time.note')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.data.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>{dateTime(e.startedAt)}</Table.Td>
                  <Table.Td>
                    {e.staff.firstName} {e.staff.lastName}
                  </Table.Td>
                  <Table.Td>
                    <ProgramBadge program={e.program} />
                  </Table.Td>
                  <Table.Td ff="monospace">{e.endedAt ? formatMmSs(e.seconds) : t('careTime:entries.running')}</Table.Td>
                  <Table.Td>{e.interactive ? t('time.yes') : t('time.no')}</Table.Td>
                  <Table.Td>
                    {e.isAutomatic ? t('careTime:entries.automatic') : t('careTime:entries.manual')}
                    {e.autoClosed && (
                      <Text size="xs" c="red.9">
                        {t('careTime:entries.autoClosed')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td maw={320}>
                    <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }}>
                      {e.note?.text ?? ''}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </ReviewSection>
  );
}
