import { useEffect, useState } from 'react';
import { Badge, Group, Loader, Pagination, ScrollArea, Select, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NotificationType, ProcessingStatus } from '@vigil/contract';
import { deviceTitle } from '../../../../components/measurements/format';
import { ReadingFlags, SeverityBadge } from '../../../../components/measurements/ReadingBadges';
import { useCalendar } from '../../../../lib/calendar';
import { currentLang } from '../../../../lib/i18n';
import { usePatientAlerts, type AlertPeriod, type AlertStatus } from '../api/patient-details';
import { Pending, SectionCard } from './SectionCard';

const PAGE_SIZE = 10;
const PERIODS: AlertPeriod[] = ['WEEK', 'MONTH', 'ALL'];
const STATUSES: AlertStatus[] = ['all', 'false', 'true'];

/**
 * The patient's alerts (abnormal and missed measurements), newest first, one row per reading, with
 * severity, message in the UI language, and whether and how each was processed; filtered by period
 * and status, paged on the server (the worklist's `patientid` filter). A clinician sees the alerts
 * sent to them as a care-team member; an office, organization or system admin every alert of the
 * patient in their offices.
 */
export function AlertHistory({ patientId }: { patientId: number }) {
  const { t } = useTranslation('patientDetails');
  const dates = useCalendar();
  const lang = currentLang();
  const [period, setPeriod] = useState<AlertPeriod>('MONTH');
  const [status, setStatus] = useState<AlertStatus>('all');
  const [page, setPage] = useState(1);
  const alerts = usePatientAlerts(patientId, period, status, page, PAGE_SIZE);
  const shown = alerts.data?.items;
  const total = alerts.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // The list can shrink under the reader (an alert processed elsewhere): stay on a page that exists.
  useEffect(() => {
    if (alerts.data && page > pages) { setPage(pages); }
  }, [alerts.data, page, pages]);

  return (
    <SectionCard
      title={t('alerts.title')}
      testId="alert-history"
      actions={
        <Group gap="xs">
          {alerts.isFetching && shown && <Loader size="xs" aria-label={t('common:list.loading')} />}
          <Select
            size="xs"
            w={190}
            aria-label={t('alerts.period')}
            data={PERIODS.map((p) => ({ value: p, label: t(`alerts.periods.${p}`) }))}
            value={period}
            onChange={(v) => {
              setPeriod((v as AlertPeriod | null) ?? 'MONTH');
              setPage(1);
            }}
            allowDeselect={false}
          />
          <Select
            size="xs"
            w={190}
            aria-label={t('alerts.status')}
            data={STATUSES.map((s) => ({ value: s, label: t(`alerts.statuses.${s}`) }))}
            value={status}
            onChange={(v) => {
              setStatus((v as AlertStatus | null) ?? 'all');
              setPage(1);
            }}
            allowDeselect={false}
          />
        </Group>
      }
    >
      {alerts.data && (
        <Text size="xs" c="dimmed" mt={-6}>
          {alerts.data.view === 'office' ? t('alerts.scopeOffice') : t('alerts.scope')}
        </Text>
      )}
      {!shown ? (
        <Pending error={alerts.error} />
      ) : shown.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('alerts.none')}
        </Text>
      ) : (
        <Stack gap="xs">
          <ScrollArea type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('alerts.caption') }}>
            <Table striped verticalSpacing={6} fz="sm" miw={640}>
              <Table.Caption>{t('alerts.caption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('alerts.when')}</Table.Th>
                  <Table.Th scope="col">{t('alerts.alert')}</Table.Th>
                  <Table.Th scope="col">{t('alerts.message')}</Table.Th>
                  <Table.Th scope="col" miw={120}>
                    {t('alerts.state')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((n) => {
                  const missed = n.notificationTypeId === NotificationType.MISSED_MEASUREMENT;
                  const processed = n.processingStatus === ProcessingStatus.PROCESSED;
                  return (
                    <Table.Tr key={n.notificationId}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{dates.dateTime(n.measuredAt ?? n.timestamp)}</Table.Td>
                      <Table.Td>
                        <Stack gap={4} align="flex-start">
                          {missed ? (
                            <Badge variant="outline" color="gray.8" radius="sm" tt="none" styles={{ label: { overflow: 'visible' } }}>
                              {t('alerts.missed')}
                            </Badge>
                          ) : (
                            <SeverityBadge severity={n.severity} />
                          )}
                          {n.deviceType && <Text size="xs">{deviceTitle(n.deviceType, lang)}</Text>}
                          <ReadingFlags isSimulated={n.isSimulated} isManual={false} />
                        </Stack>
                      </Table.Td>
                      <Table.Td>{lang === 'es' ? n.messageEsp || n.messageEn : n.messageEn}</Table.Td>
                      <Table.Td>
                        {processed ? (
                          <Stack gap={2}>
                            <Text size="sm" fw={500}>
                              {t('alerts.processedBy', { name: n.processedByFullname ?? '—', date: dates.dateTime(n.processedAt) })}
                            </Text>
                            {n.resolutionComments && (
                              <Text size="xs" c="dimmed">
                                “{n.resolutionComments}”
                              </Text>
                            )}
                          </Stack>
                        ) : (
                          <Badge variant="outline" color="red.9" radius="sm" tt="none" styles={{ label: { overflow: 'visible' } }}>
                            {t('alerts.open')}
                          </Badge>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed">
              {t('alerts.total', { count: total })}
            </Text>
            {pages > 1 && (
              <Pagination
                size="sm"
                total={pages}
                value={Math.min(page, pages)}
                onChange={setPage}
                getControlProps={(control) => ({ 'aria-label': t(`common:list.${control}`) })}
                getItemProps={(p) => ({ 'aria-label': t('common:list.page', { page: p, pages }) })}
              />
            )}
          </Group>
        </Stack>
      )}
    </SectionCard>
  );
}
