import { useState } from 'react';
import { Alert, Anchor, Badge, Group, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { deviceTitle, formatNumber, unitLabel } from '../../../components/measurements/format';
import { SeverityBadge } from '../../../components/measurements/ReadingBadges';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { useCan } from '../../../lib/can';
import { DEFAULT_HOME_PATH } from '../../../lib/home';
import { currentLang } from '../../../lib/i18n';
import { useSelectedOffice } from '../../../lib/office';
import { useOfficesInScope } from '../../../lib/offices-in-scope';
import { formatMmSs } from '../../care-time';
import { dayIn, daysBetween, formatTimeOnDay } from '../../../lib/calendar';
import { useDayAlerts, useDayReadings, useMonthNotes, useTodayScores } from '../api/daily-reports';
import { useOffice } from '../../../lib/shared-reads';
import { Figure, Pending, ReportCard, ReportTable } from '../components/ReportCard';
import { ReadingsByHourChart } from '../components/ReadingsByHourChart';
import { patientsOfDay, processedAlerts, readingsByHour, staffOfDay } from '../report';
import { DateField } from '../../../components/DateField';

/**
 * /dailyreports (spec section 2): for one office and day (default today, the office's day):
 * the patients with readings, the abnormal readings, the alerts of the day and those processed,
 * and the time logged per staff member, with a chart of the readings per hour. Built from the
 * office's monthly readings, the alert worklist and the office's monthly notes (the API has no
 * office-wide list of time entries, so the time is the time documented in notes).
 */
export default function DailyReportsPage() {
  const { t } = useTranslation('dailyReports');
  const canRead = useCan('notes.read');
  const selected = useSelectedOffice();
  const { offices, isLoading: officesLoading } = useOfficesInScope();
  const [picked, setPicked] = useState<number | null>(null);
  const officeId = picked ?? (selected > 0 ? selected : (offices[0]?.id ?? 0));
  const office = useOffice(officeId, { staleTime: 5 * 60_000 });
  const timeZone = office.data?.timeZone;
  const today = dayIn(timeZone);
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const day = chosenDay && chosenDay <= today ? chosenDay : today;
  const [year, month] = day.split('-').map(Number) as [number, number];
  const ready = !!office.data;
  const readings = useDayReadings(officeId, day, timeZone, ready);
  const alerts = useDayAlerts(officeId, day, daysBetween(day, today), timeZone, ready);
  const notes = useMonthNotes(officeId, year, month, ready);
  const canScore = useCan('reports.dailyScores');
  const scores = useTodayScores(officeId, ready && canScore && day === today);
  if (!canRead) { return <Navigate to={DEFAULT_HOME_PATH} replace />; }

  const lang = currentLang();
  const patients = readings.data ? patientsOfDay(readings.data.items) : [];
  const abnormal = readings.data ? readings.data.items.filter((m) => m.severity > 0) : [];
  const processed = alerts.data ? processedAlerts(alerts.data.items) : [];
  const staff = notes.data ? staffOfDay(notes.data.items, day, timeZone) : [];
  const totalSeconds = staff.reduce((a, s) => a + s.seconds, 0);
  const officeName = offices.find((o) => o.id === officeId)?.hospitalName ?? '';
  const truncated = readings.data?.truncated || alerts.data?.truncated || notes.data?.truncated;

  return (
    <>
      <PageHeader title={t('title')} description={officeName ? t('descriptionFor', { office: officeName }) : t('description')} />
      <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
        <Select
          label={t('filters.office')}
          data={offices.map((o) => ({ value: String(o.id), label: o.hospitalName }))}
          value={officeId > 0 ? String(officeId) : null}
          onChange={(v) => v && setPicked(Number(v))}
          allowDeselect={false}
          searchable
          disabled={officesLoading}
          w={{ base: '100%', sm: 280 }}
          data-testid="daily-office"
        />
        <DateField
          label={t('filters.day')}
          value={day}
          max={today}
          clearable={false}
          onChange={(v) => v && setChosenDay(v)}
          w={{ base: '100%', sm: 200 }}
          data-testid="daily-day"
        />
      </Group>
      {office.error && (
        <Alert color="red" role="alert" mb="md">
          {office.error instanceof Error ? office.error.message : t('common:list.error')}
        </Alert>
      )}
      {officeId === 0 && !officesLoading && <EmptyState text={t('noOffice')} />}
      {truncated && (
        <Alert color="yellow" mb="md">
          {t('truncated')}
        </Alert>
      )}
      {ready && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, md: 5 }} spacing="md">
            <Figure label={t('figures.patients')} value={readings.data ? patients.length : '—'} testId="daily-patients" />
            <Figure label={t('figures.readings')} value={readings.data ? readings.data.items.length : '—'} testId="daily-readings" />
            <Figure label={t('figures.abnormal')} value={readings.data ? abnormal.length : '—'} testId="daily-abnormal" />
            <Figure label={t('figures.processed')} value={alerts.data ? `${processed.length} / ${alerts.data.items.length}` : '—'} testId="daily-processed" />
            <Figure label={t('figures.time')} value={notes.data ? formatMmSs(totalSeconds) : '—'} testId="daily-time" />
          </SimpleGrid>

          <ReportCard title={t('chart.title')} testId="daily-chart-card">
            {readings.data ? <ReadingsByHourChart data={readingsByHour(readings.data.items, timeZone)} total={readings.data.items.length} /> : <Pending error={readings.error} />}
          </ReportCard>

          <ReportCard title={t('patients.title')} testId="daily-patients-card">
            <ReportTable
              loaded={!!readings.data}
              error={readings.error}
              rows={patients}
              empty={t('patients.empty')}
              caption={t('patients.caption', { count: patients.length })}
              headers={[t('patients.patient'), t('patients.readings'), t('patients.abnormal'), t('patients.types'), t('patients.last')]}
              renderRow={(p) => (
                <Table.Tr key={p.patientId}>
                  <Table.Td>
                    <Anchor component={Link} to={`/patientdetails/${p.patientId}`} size="sm">
                      {p.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{p.readings}</Table.Td>
                  <Table.Td>
                    {p.abnormal > 0 ? (
                      <Badge color="red.9" variant="outline" tt="none">
                        {p.abnormal}
                      </Badge>
                    ) : (
                      0
                    )}
                  </Table.Td>
                  <Table.Td>{p.types.map((d) => deviceTitle(d, lang)).join(', ')}</Table.Td>
                  <Table.Td>{formatTimeOnDay(p.last, lang, timeZone, day)}</Table.Td>
                </Table.Tr>
              )}
            />
          </ReportCard>

          {canScore && day === today && (
            <ReportCard title={t('scores.title')} note={t('scores.note')} testId="daily-scores-card">
              <ReportTable
                loaded={!!scores.data}
                error={scores.error}
                rows={scores.data ?? []}
                empty={t('scores.empty')}
                caption={t('scores.caption', { count: scores.data?.length ?? 0 })}
                headers={[t('patients.patient'), t('scores.readings'), t('patients.abnormal'), t('scores.openAlerts'), t('scores.score')]}
                renderRow={(r) => (
                  <Table.Tr key={r.patientId}>
                    <Table.Td>
                      <Anchor component={Link} to={`/patientdetails/${r.patientId}`} size="sm">
                        {r.lastName}, {r.firstName}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      {r.readingsTaken} / {r.expectedReadings}
                    </Table.Td>
                    <Table.Td>{r.abnormalReadings}</Table.Td>
                    <Table.Td>{r.openAlerts}</Table.Td>
                    <Table.Td>{r.score}</Table.Td>
                  </Table.Tr>
                )}
              />
            </ReportCard>
          )}

          <ReportCard title={t('abnormal.title')} testId="daily-abnormal-card">
            <ReportTable
              loaded={!!readings.data}
              error={readings.error}
              rows={abnormal}
              empty={t('abnormal.empty')}
              caption={t('abnormal.caption', { count: abnormal.length })}
              headers={[t('abnormal.time'), t('patients.patient'), t('abnormal.type'), t('abnormal.values'), t('abnormal.severity')]}
              renderRow={(m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>{formatTimeOnDay(m.measuredAt, lang, timeZone, day)}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/patientdetails/${m.patientId}`} size="sm">
                      {m.patient.lastName}, {m.patient.firstName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{deviceTitle(m.deviceType, lang)}</Table.Td>
                  <Table.Td>{m.values.map((v) => `${formatNumber(v.displayValue, lang)} ${unitLabel(v.displayUnit, lang)}`).join(' · ')}</Table.Td>
                  <Table.Td>
                    <SeverityBadge severity={m.severity} />
                  </Table.Td>
                </Table.Tr>
              )}
            />
          </ReportCard>

          <ReportCard title={t('alerts.title')} note={alerts.data?.view === 'own' ? t('alerts.ownView') : undefined} testId="daily-alerts-card">
            <ReportTable
              loaded={!!alerts.data}
              error={alerts.error}
              rows={processed}
              empty={t('alerts.empty', { count: alerts.data?.items.length ?? 0 })}
              caption={t('alerts.caption', { processed: processed.length, count: alerts.data?.items.length ?? 0 })}
              headers={[t('alerts.processedAt'), t('patients.patient'), t('abnormal.type'), t('alerts.by'), t('alerts.comments')]}
              renderRow={(a) => (
                <Table.Tr key={a.notificationId}>
                  <Table.Td>{formatTimeOnDay(a.processedAt, lang, timeZone, day)}</Table.Td>
                  <Table.Td>{a.patientFullname}</Table.Td>
                  <Table.Td>{a.deviceType ? deviceTitle(a.deviceType, lang) : ''}</Table.Td>
                  <Table.Td>{a.processedByFullname ?? ''}</Table.Td>
                  <Table.Td maw={320}>
                    <Text size="sm" lineClamp={3}>
                      {a.resolutionComments ?? ''}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            />
          </ReportCard>

          <ReportCard title={t('staff.title')} note={t('staff.note')} testId="daily-staff-card">
            <ReportTable
              loaded={!!notes.data}
              error={notes.error}
              rows={staff}
              empty={t('staff.empty')}
              caption={t('staff.caption', { count: staff.length })}
              headers={[t('staff.member'), t('staff.entries'), t('staff.time'), t('staff.interactive'), t('staff.notes')]}
              minWidth={560}
              renderRow={(s) => (
                <Table.Tr key={s.staffId}>
                  <Table.Td>{s.name}</Table.Td>
                  <Table.Td>{s.entries}</Table.Td>
                  <Table.Td ff="monospace">{formatMmSs(s.seconds)}</Table.Td>
                  <Table.Td>{s.interactive}</Table.Td>
                  <Table.Td>{s.notes}</Table.Td>
                </Table.Tr>
              )}
            />
          </ReportCard>
        </Stack>
      )}
    </>
  );
}
