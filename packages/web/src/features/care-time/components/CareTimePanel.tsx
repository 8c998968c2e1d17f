import { useId, useState } from 'react';
import { ActionIcon, Alert, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/can';
import { useOffice } from '../../../lib/shared-reads';
import { enabledPrograms } from '../format';
import { currentMonthIn, monthLabel, sameMonth, shiftMonth, type YearMonth } from '../../../lib/calendar';
import { NoteSection } from './NoteSection';
import { TimeSection } from './TimeEntriesList';
import { TimerBlock } from './TimerBlock';

/**
 * The notes and timer panel of /patientdetails/{id} (README "Care time, notes and billing"): the
 * visible timer, then for a calendar month of the office (default the current one) the time entries
 * with the minutes per program and the medical note with its details.
 */
export function CareTimePanel({ patientId, hospitalId }: { patientId: number; hospitalId: number }) {
  const { t, i18n } = useTranslation('careTime');
  const titleId = useId();
  const canTrack = useCan('timeTracking.use');
  const canReadNotes = useCan('notes.read');
  const office = useOffice(hospitalId, { staleTime: 5 * 60_000 });
  const [picked, setPicked] = useState<YearMonth | null>(null);
  if (!canTrack && !canReadNotes) { return null; }

  const timeZone = office.data?.timeZone;
  const current = currentMonthIn(timeZone);
  const month = picked ?? current;
  const programs = enabledPrograms(office.data);

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId} data-testid="care-time-panel">
      <Stack gap="sm">
        <Title order={2} fz="h4" id={titleId}>
          {t('panel.title')}
        </Title>
        {office.error && (
          <Alert color="red" role="alert">
            {office.error instanceof Error ? office.error.message : t('common:list.error')}
          </Alert>
        )}
        {canTrack && office.data && <TimerBlock patientId={patientId} hospitalId={hospitalId} programs={programs} />}
        <Group justify="space-between" gap="xs" wrap="nowrap" data-testid="care-month">
          <ActionIcon variant="subtle" color="gray.7" aria-label={t('panel.previousMonth')} onClick={() => setPicked(shiftMonth(month, -1))}>
            <IconChevronLeft size={18} />
          </ActionIcon>
          <Text size="sm" fw={600} aria-live="polite">
            {monthLabel(month, i18n.language)}
          </Text>
          <ActionIcon
            variant="subtle"
            color="gray.7"
            aria-label={t('panel.nextMonth')}
            disabled={sameMonth(month, current)}
            onClick={() => setPicked(shiftMonth(month, 1))}
          >
            <IconChevronRight size={18} />
          </ActionIcon>
        </Group>
        {office.data && (
          <Tabs defaultValue={canTrack ? 'time' : 'note'} keepMounted={false}>
            <Tabs.List grow>
              {canTrack && (
                <Tabs.Tab value="time" data-testid="tab-time">
                  {t('tabs.time')}
                </Tabs.Tab>
              )}
              {canReadNotes && (
                <Tabs.Tab value="note" data-testid="tab-note">
                  {t('tabs.note')}
                </Tabs.Tab>
              )}
            </Tabs.List>
            {canTrack && (
              <Tabs.Panel value="time" pt="sm">
                <TimeSection patientId={patientId} hospitalId={hospitalId} month={month} timeZone={timeZone} programs={programs} canTrack={canTrack} />
              </Tabs.Panel>
            )}
            {canReadNotes && (
              <Tabs.Panel value="note" pt="sm">
                <NoteSection patientId={patientId} hospitalId={hospitalId} month={month} programs={programs} />
              </Tabs.Panel>
            )}
          </Tabs>
        )}
      </Stack>
    </Paper>
  );
}
