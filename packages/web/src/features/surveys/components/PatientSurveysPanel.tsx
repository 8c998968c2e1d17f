import { lazy, Suspense, useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Center, Group, Loader, Paper, SegmentedControl, Stack, Table, Tabs, Text, Title, Tooltip } from '@mantine/core';
import { IconClipboardList, IconEdit, IconLink, IconPlayerStop, IconPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SurveySummary } from '@vigil/contract';
import { confirmAction } from '../../../components/confirm';
import { EmptyState } from '../../../components/EmptyState';
import { useCan } from '../../../lib/can';
import { useCalendar } from '../../../lib/calendar';
import { notify } from '../../../lib/notify';
import { useCancelSurvey, useInProgressSurveys, usePatientRecurrences, useStopRecurrence, useSurveyReport } from '../api/surveys';
import { bandLabel, nameIn, severityColor } from '../format';
import { AssignModal } from './AssignModal';
import { StaffAnswerModal } from './StaffAnswerModal';
import { SurveyLinkModal } from './SurveyLinkModal';

/** The trend chart carries the chart library (the build's `charts` chunk): loaded when a trend is there to draw. */
const ScoreTrendChart = lazy(() => import('./ScoreTrendChart').then((m) => ({ default: m.ScoreTrendChart })));

const PERIODS = ['THREE_MONTHS', 'SIX_MONTHS', 'YEAR', 'ALL'] as const;

/**
 * The patient page's assessments (issue section 1): surveys open (enter answers with the patient on
 * the phone, send or copy a link, cancel), completed results with their band, the assignments
 * (stop one), and a score trend chart per instrument with its band thresholds.
 */
export function PatientSurveysPanel({ patientId, patientName, hospitalId }: { patientId: number; patientName: string; hospitalId: number }) {
  const { t, i18n } = useTranslation('surveys');
  const { date } = useCalendar();
  const canRead = useCan('surveys.read');
  const canManage = useCan('surveys.manage');
  const open = useInProgressSurveys(canRead ? patientId : null);
  const recurrences = usePatientRecurrences(canRead ? patientId : null);
  const [period, setPeriod] = useState<(typeof PERIODS)[number]>('ALL');
  const report = useSurveyReport(canRead ? patientId : null, period, 24);
  const cancel = useCancelSurvey();
  const stop = useStopRecurrence();
  const [assigning, setAssigning] = useState(false);
  const [answering, setAnswering] = useState<number | null>(null);
  const [linking, setLinking] = useState<SurveySummary | null>(null);
  if (!canRead) { return null; }
  const lang = i18n.language;

  const completed = (report.data?.series ?? [])
    .flatMap((s) => s.points.map((p) => ({ ...p, series: s })))
    .sort((a, b) => b.completedAt.localeCompare(a.completedAt));
  const charted = (report.data?.series ?? []).filter((s) => s.points.length > 0 && s.bands.length > 0);

  const askCancel = (s: SurveySummary) =>
    confirmAction({
      title: t('panel.cancelTitle'),
      text: t('panel.cancelText', { name: nameIn(s, lang), due: date(s.dueDate) }),
      confirmLabel: t('panel.cancel'),
      onConfirm: () =>
        cancel.mutate(s.id, {
          onSuccess: () => notify({ color: 'teal', message: t('panel.cancelled') }),
          onError: (err) => notify({ color: 'red', message: err instanceof Error ? err.message : t('errors.saveFailed') }),
        }),
    });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('panel.title')} data-testid="patient-surveys">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} fz="h4">
            {t('panel.title')}
          </Title>
          {canManage && hospitalId > 0 && (
            <Button size="xs" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAssigning(true)} data-testid="patient-survey-assign">
              {t('panel.assign')}
            </Button>
          )}
        </Group>
        <Tabs defaultValue="open" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="open">{t('panel.open', { count: open.data?.length ?? 0 })}</Tabs.Tab>
            <Tabs.Tab value="completed">{t('panel.completed')}</Tabs.Tab>
            <Tabs.Tab value="assignments">{t('panel.assignments')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="open" pt="sm">
            {open.isLoading ? (
              <Center py="md">
                <Loader size="sm" aria-label={t('common:list.loading')} />
              </Center>
            ) : open.error ? (
              <Alert color="red" role="alert">
                {open.error.message}
              </Alert>
            ) : !open.data?.length ? (
              <EmptyState text={t('panel.noOpen')} />
            ) : (
              <Table.ScrollContainer minWidth={340} type="native">
              <Table fz="sm" striped data-testid="open-surveys">
                <caption className="vigil-visually-hidden">{t('panel.openCaption')}</caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('panel.survey')}</Table.Th>
                    <Table.Th>{t('panel.due')}</Table.Th>
                    <Table.Th>{t('panel.progress')}</Table.Th>
                    {canManage && <Table.Th>{t('templates.actions')}</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {open.data.map((s) => (
                    <Table.Tr key={s.id} data-testid="open-survey-row">
                      <Table.Td fw={600}>{nameIn(s, lang)}</Table.Td>
                      <Table.Td>{date(s.dueDate)}</Table.Td>
                      <Table.Td>
                        <Text size="sm" fw={s.status === 'inProgress' ? 600 : undefined}>
                          {t(`status.${s.status}`)} · {s.answeredCount}/{s.questionCount}
                        </Text>
                      </Table.Td>
                      {canManage && (
                        <Table.Td>
                          <Group gap={2} wrap="nowrap">
                            <Tooltip label={t('panel.enterAnswers')}>
                              <ActionIcon variant="subtle" aria-label={t('panel.enterAnswersFor', { name: nameIn(s, lang) })} onClick={() => setAnswering(s.id)} data-testid="survey-answer">
                                <IconEdit size={16} />
                              </ActionIcon>
                            </Tooltip>
                            <Tooltip label={t('panel.sendLink')}>
                              <ActionIcon variant="subtle" aria-label={t('panel.sendLinkFor', { name: nameIn(s, lang) })} onClick={() => setLinking(s)} data-testid="survey-link">
                                <IconLink size={16} />
                              </ActionIcon>
                            </Tooltip>
                            <Tooltip label={t('panel.cancel')}>
                              <ActionIcon variant="subtle" color="red.8" aria-label={t('panel.cancelFor', { name: nameIn(s, lang) })} onClick={() => askCancel(s)} data-testid="survey-cancel">
                                <IconX size={16} />
                              </ActionIcon>
                            </Tooltip>
                          </Group>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              </Table.ScrollContainer>
            )}
          </Tabs.Panel>
          <Tabs.Panel value="completed" pt="sm">
            {completed.length === 0 ? (
              <EmptyState text={t('panel.noCompleted')} />
            ) : (
              <Table fz="sm" striped data-testid="completed-surveys">
                <caption className="vigil-visually-hidden">{t('panel.completed')}</caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('panel.survey')}</Table.Th>
                    <Table.Th>{t('trend.date')}</Table.Th>
                    <Table.Th>{t('trend.score')}</Table.Th>
                    <Table.Th>{t('trend.band')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {completed.slice(0, 20).map((p) => (
                    <Table.Tr key={p.surveyId}>
                      <Table.Td fw={600}>{nameIn(p.series, lang)}</Table.Td>
                      <Table.Td>{date(p.completedAt)}</Table.Td>
                      <Table.Td>
                        {p.total}
                        {p.series.maxScore !== null && ` / ${p.series.maxScore}`}
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          {p.band ? (
                            <Badge variant="outline" color={severityColor(p.band.severity)} tt="none">
                              {bandLabel(p.band, lang)}
                            </Badge>
                          ) : (
                            '—'
                          )}
                          {p.flags.length > 0 && (
                            <Badge color="red.9" tt="none">
                              {t('flags.item9')}
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Tabs.Panel>
          <Tabs.Panel value="assignments" pt="sm">
            {!recurrences.data?.length ? (
              <EmptyState text={t('panel.noAssignments')} />
            ) : (
              <Table fz="sm" striped>
                <caption className="vigil-visually-hidden">{t('panel.assignments')}</caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('panel.survey')}</Table.Th>
                    <Table.Th>{t('assign.recurrence')}</Table.Th>
                    <Table.Th>{t('panel.next')}</Table.Th>
                    <Table.Th>{t('templates.status')}</Table.Th>
                    {canManage && <Table.Th>{t('templates.actions')}</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {recurrences.data.map((r) => (
                    <Table.Tr key={r.id}>
                      <Table.Td fw={600}>{nameIn(r, lang)}</Table.Td>
                      <Table.Td>{t(`recurrence.${r.recurrenceRule}`)}</Table.Td>
                      <Table.Td>{r.nextDueAt ? date(r.nextDueAt) : '—'}</Table.Td>
                      <Table.Td>{t(`recurrenceStatus.${r.status}`)}</Table.Td>
                      {canManage && (
                        <Table.Td>
                          {r.status === 'active' && (
                            <Tooltip label={t('panel.stop')}>
                              <ActionIcon
                                variant="subtle"
                                color="red.8"
                                aria-label={t('panel.stopFor', { name: nameIn(r, lang) })}
                                onClick={() =>
                                  confirmAction({
                                    title: t('panel.stopTitle'),
                                    text: t('panel.stopText', { name: nameIn(r, lang) }),
                                    confirmLabel: t('panel.stop'),
                                    onConfirm: () =>
                                      stop.mutate(r.id, {
                                        onSuccess: () => notify({ color: 'teal', message: t('panel.stopped') }),
                                        onError: (err) => notify({ color: 'red', message: err instanceof Error ? err.message : t('errors.saveFailed') }),
                                      }),
                                  })
                                }
                              >
                                <IconPlayerStop size={16} />
                              </ActionIcon>
                            </Tooltip>
                          )}
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Tabs.Panel>
        </Tabs>
        <Group justify="space-between" wrap="wrap" mt="xs">
          <Group gap={6}>
            <IconClipboardList size={18} aria-hidden />
            <Title order={3} fz="h5">
              {t('trend.title')}
            </Title>
          </Group>
          <SegmentedControl
            size="xs"
            aria-label={t('trend.period')}
            value={period}
            onChange={(v) => setPeriod(v as (typeof PERIODS)[number])}
            data={PERIODS.map((p) => ({ value: p, label: t(`periods.${p}`) }))}
          />
        </Group>
        {report.isLoading ? (
          <Center py="md">
            <Loader size="sm" aria-label={t('common:list.loading')} />
          </Center>
        ) : charted.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('trend.none')}
          </Text>
        ) : (
          <Suspense fallback={<Loader size="sm" aria-label={t('common:list.loading')} />}>
            {charted.map((s) => (
              <ScoreTrendChart key={s.templateId} series={s} />
            ))}
          </Suspense>
        )}
      </Stack>
      <AssignModal opened={assigning} onClose={() => setAssigning(false)} hospitalId={hospitalId} target={{ kind: 'patient', patientId, patientName }} />
      <StaffAnswerModal surveyId={answering} onClose={() => setAnswering(null)} />
      <SurveyLinkModal surveyId={linking?.id ?? null} title={linking ? nameIn(linking, lang) : ''} onClose={() => setLinking(null)} />
    </Paper>
  );
}
