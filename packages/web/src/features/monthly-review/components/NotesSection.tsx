import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { useCalendar } from '../../../lib/calendar';
import { formatMmSs, ProgramBadge, useMonthNote } from '../../care-time';
import { ReviewSection, SectionPending } from './ReviewSection';

/** The month's medical note with its details; the server's "No medical note ..." when there is none. */
export function NotesSection({ patientId, hospitalId, year, month }: { patientId: number; hospitalId: number; year: number; month: number }) {
  const { t } = useTranslation('monthlyReview');
  const { dateTime } = useCalendar();
  const note = useMonthNote(patientId, hospitalId, year, month, true);
  if (!note.data) {
    return (
      <ReviewSection title={t('notes.title')} testId="review-notes">
        <SectionPending error={note.error} />
      </ReviewSection>
    );
  }
  const details = note.data.note?.medicalNoteDetails ?? [];
  return (
    <ReviewSection title={t('notes.title')} testId="review-notes">
      {!note.data.note ? (
        <EmptyState text={note.data.emptyMessage} />
      ) : (
        <Stack gap="xs">
          {details.map((d) => (
            <Paper key={d.id} withBorder radius="sm" p="sm">
              <Group gap={6} wrap="wrap" mb={4}>
                <ProgramBadge program={d.program} />
                {d.categoryTemplateTitle && (
                  <Badge size="sm" variant="outline" color="gray.7" tt="none">
                    {d.categoryTemplateTitle}
                  </Badge>
                )}
                {d.timeEntry && (
                  <Badge size="sm" variant="outline" color="blue.9" tt="none" ff="monospace">
                    {formatMmSs(d.timeEntry.seconds)}
                    {d.timeEntry.interactive ? ` · ${t('notes.interactive')}` : ''}
                  </Badge>
                )}
                <Text size="xs" c="dimmed">
                  {d.author.firstName} {d.author.lastName} · {dateTime(d.createdAt)}
                </Text>
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {d.text}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
    </ReviewSection>
  );
}
