import { useState } from 'react';
import { Alert, Badge, Center, Group, Loader, Pagination, Paper, Select, Stack, Text, Timeline, Title } from '@mantine/core';
import { ccmTimelineKinds, type CcmTimelineEvent, type CcmTimelineKind } from '@vigil/contract';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { useCalendar } from '../../../lib/calendar';
import { useCcmTimeline } from '../api/timeline';

const PAGE_SIZE = 20;

/**
 * The CCM record's timeline (docs/ccm.md "Timeline"): its events newest first (the record
 * opened, rows added and changed, a condition's course, care plan versions, consent, time and
 * calls, notes, files), filtered by kind and paged on the server, in the UI language.
 */
export function CcmTimeline({ ccmRecordId }: { ccmRecordId: number }) {
  const { t } = useTranslation('ccm');
  const [kind, setKind] = useState<CcmTimelineKind | null>(null);
  const [page, setPage] = useState(1);
  const query = useCcmTimeline(ccmRecordId, kind, page, PAGE_SIZE);
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / PAGE_SIZE));
  return (
    <Paper withBorder p="md" data-testid="ccm-timeline">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Title order={3}>{t('timeline.title')}</Title>
          <Select
            w={240}
            label={t('timeline.kind')}
            placeholder={t('timeline.allKinds')}
            clearable
            data={ccmTimelineKinds.map((k) => ({ value: k, label: t(`timeline.kinds.${k}`) }))}
            value={kind}
            onChange={(v) => {
              setKind(v as CcmTimelineKind | null);
              setPage(1);
            }}
            data-testid="ccm-timeline-kind"
          />
        </Group>
        {query.isPending ? (
          <Center py="md">
            <Loader size="sm" aria-label={t('timeline.loading')} />
          </Center>
        ) : query.isError ? (
          <Alert color="red">{t('timeline.error')}</Alert>
        ) : query.data.items.length === 0 ? (
          <EmptyState text={kind ? t('timeline.emptyKind') : t('timeline.empty')} />
        ) : (
          <>
            <Timeline bulletSize={14} lineWidth={2} aria-busy={query.isFetching}>
              {query.data.items.map((e, i) => (
                <Timeline.Item key={`${e.at}-${e.kind}-${e.action}-${e.group ?? ''}-${e.rowId ?? ''}-${i}`} title={<EventTitle event={e} />}>
                  <EventLine event={e} />
                </Timeline.Item>
              ))}
            </Timeline>
            {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" getControlProps={(control) => ({ 'aria-label': t(`timeline.page.${control}`) })} getItemProps={(p) => ({ 'aria-label': t('timeline.page.number', { page: p }) })} />}
          </>
        )}
      </Stack>
    </Paper>
  );
}

function EventTitle({ event }: { event: CcmTimelineEvent }) {
  const { t } = useTranslation('ccm');
  const section = event.group ? t(`overview.sectionNames.${event.group}`) : t('timeline.record');
  return (
    <Group gap="xs">
      <Badge variant="light" size="sm">
        {t(`timeline.kinds.${event.kind}`)}
      </Badge>
      <Text fw={500} size="sm">
        {t(`timeline.actions.${event.action}`, { section })}
      </Text>
    </Group>
  );
}

function EventLine({ event }: { event: CcmTimelineEvent }) {
  const { t } = useTranslation('ccm');
  const dates = useCalendar();
  const detail =
    event.action === 'logged'
      ? t('timeline.minutes', { count: Number(event.detail) })
      : event.action === 'course'
        ? t(`timeline.course.${event.detail}`, { defaultValue: event.detail })
        : '';
  return (
    <Text size="sm" c="dimmed">
      {dates.dateTime(event.at)}
      {event.label ? ` · ${event.label}` : ''}
      {detail ? ` · ${detail}` : ''}
    </Text>
  );
}
