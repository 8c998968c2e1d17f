import { Alert, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { useAuth } from '../../../lib/auth';
import { useCan } from '../../../lib/can';
import { DEFAULT_HOME_PATH } from '../../../lib/home';
import { useSelectedOffice } from '../../../lib/office';
import { useBillingReport, useBillingScopes } from '../api/billing';
import type { BillingScope } from '../api/period';
import { formatMoney, programColor } from '../components/format';
import { monthValue, parseMonth, useCalendar } from '../../../lib/calendar';
import { MonthPicker } from '../components/MonthPicker';
import { ReportChart } from '../components/ReportChart';
import { parseScope, ScopePicker, scopeValue } from '../components/ScopePicker';

/**
 * /partnerBillingReports: the billing report of a month (GET admin/getbillingreport) for an office
 * or organization: totals, the amount per code as a bar chart, and tables per code and per office.
 */
export default function PartnerBillingReportsPage() {
  const { t, i18n } = useTranslation('billing');
  const lang = i18n.language;
  const { currentMonth, isCurrentMonth: isCurrent } = useCalendar();
  const allowed = useCan('billing.read');
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const selectedOffice = useSelectedOffice();
  const { offices, organizations, isLoading } = useBillingScopes();
  const period = parseMonth(params.get('month')) ?? currentMonth;
  const fromUrl = parseScope(params.get('scope'));
  const known = (s: BillingScope | null): s is BillingScope =>
    !!s && (s.kind === 'hospital' ? offices.some((o) => o.id === s.id) : organizations.some((o) => o.id === s.id));
  let scope: BillingScope | null = null;
  if (known(fromUrl)) { scope = fromUrl; }
  else if (user?.organizationId && organizations.some((o) => o.id === user.organizationId)) { scope = { kind: 'organization', id: user.organizationId }; }
  else if (selectedOffice > 0 && offices.some((o) => o.id === selectedOffice)) { scope = { kind: 'hospital', id: selectedOffice }; }
  else if (organizations[0]) { scope = { kind: 'organization', id: organizations[0].id }; }
  else if (offices[0]) { scope = { kind: 'hospital', id: offices[0].id }; }
  const report = useBillingReport(scope, period);
  if (!allowed) { return <Navigate to={DEFAULT_HOME_PATH} replace />; }

  const set = (key: string, value: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === null) { next.delete(key); }
        else { next.set(key, value); }
        return next;
      },
      { replace: true },
    );
  const r = report.data;

  return (
    <>
      <PageHeader title={t('report.title')} description={t('report.description')} />
      <Group mb="md" gap="sm" align="flex-end" wrap="wrap">
        <MonthPicker value={period} onChange={(p) => set('month', isCurrent(p) ? null : monthValue(p))} />
        {(offices.length > 0 || organizations.length > 0) && (
          <ScopePicker value={scope} onChange={(s) => set('scope', scopeValue(s))} offices={offices} organizations={organizations} />
        )}
      </Group>
      {!scope ? (
        <EmptyState text={isLoading ? t('common:list.loading') : t('scope.noOffice')} />
      ) : report.error ? (
        <Alert color="red" role="alert" title={t('report.error')}>
          {report.error instanceof Error ? report.error.message : ''}
        </Alert>
      ) : !r ? (
        <Stack gap="sm">
          <Skeleton h={80} />
          <Skeleton h={280} />
        </Stack>
      ) : (
        <Stack gap="md" data-testid="billing-report">
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
            {(
              [
                ['patients', String(r.totals.patients)],
                ['claims', String(r.totals.claims)],
                ['units', String(r.totals.units)],
                ['amount', formatMoney(r.totals.amountCents, lang)],
              ] as const
            ).map(([key, value]) => (
              <Paper key={key} withBorder radius="md" p="md">
                <Text size="sm" c="dimmed">
                  {t(`report.${key}`)}
                </Text>
                <Text fz="xl" fw={700} data-testid={`report-total-${key}`}>
                  {value}
                </Text>
                {key === 'amount' && r.totals.claimsWithoutAmount > 0 && r.totals.amountCents !== null && (
                  <Text size="xs" c="dimmed" data-testid="report-total-excludes">
                    {t('summary.excludesMissing', { count: r.totals.claimsWithoutAmount })}
                  </Text>
                )}
              </Paper>
            ))}
          </SimpleGrid>
          {r.byCode.length === 0 ? (
            <Paper withBorder radius="md" p="md">
              <EmptyState text={t('report.empty')} />
            </Paper>
          ) : (
            <>
              <Paper withBorder radius="md" p="md">
                <Title order={2} fz="h4" mb="sm">
                  {t('report.byCodeChart')}
                </Title>
                <ReportChart byCode={r.byCode} />
              </Paper>
              <Paper withBorder radius="md" p="md">
                <Title order={2} fz="h4" mb="sm">
                  {t('report.byCode')}
                </Title>
                <Table striped verticalSpacing="xs" data-testid="report-by-code">
                  <caption className="vigil-visually-hidden">{t('report.byCode')}</caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('columns.program')}</Table.Th>
                      <Table.Th>{t('report.code')}</Table.Th>
                      <Table.Th ta="right">{t('report.patients')}</Table.Th>
                      <Table.Th ta="right">{t('report.claims')}</Table.Th>
                      <Table.Th ta="right">{t('report.units')}</Table.Th>
                      <Table.Th ta="right">{t('report.amount')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {r.byCode.map((c) => (
                      <Table.Tr key={`${c.program}-${c.code}`}>
                        <Table.Td>
                          <Badge color={programColor[c.program] ?? 'dark'} tt="none">
                            {c.program}
                          </Badge>
                        </Table.Td>
                        <Table.Td>{c.code}</Table.Td>
                        <Table.Td ta="right">{c.patients}</Table.Td>
                        <Table.Td ta="right">{c.claims}</Table.Td>
                        <Table.Td ta="right">{c.units}</Table.Td>
                        <Table.Td ta="right">{formatMoney(c.amountCents, lang)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Paper>
              <Paper withBorder radius="md" p="md">
                <Title order={2} fz="h4" mb="sm">
                  {t('report.byOffice')}
                </Title>
                <Table striped verticalSpacing="xs" data-testid="report-by-office">
                  <caption className="vigil-visually-hidden">{t('report.byOffice')}</caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('scope.office')}</Table.Th>
                      <Table.Th>{t('report.codes')}</Table.Th>
                      <Table.Th ta="right">{t('report.patients')}</Table.Th>
                      <Table.Th ta="right">{t('report.claims')}</Table.Th>
                      <Table.Th ta="right">{t('report.amount')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {r.byOffice.map((o) => (
                      <Table.Tr key={o.hospitalId}>
                        <Table.Td>{o.hospitalName}</Table.Td>
                        <Table.Td>
                          <Group gap={4}>
                            {o.byCode.map((c) => (
                              <Badge key={`${c.program}-${c.code}`} variant="outline" color="dark" tt="none">
                                {`${c.code} · ${c.claims}`}
                              </Badge>
                            ))}
                          </Group>
                        </Table.Td>
                        <Table.Td ta="right">{o.patients}</Table.Td>
                        <Table.Td ta="right">{o.claims}</Table.Td>
                        <Table.Td ta="right">
                          {formatMoney(o.amountCents, lang)}
                          {o.claimsWithoutAmount > 0 && o.amountCents !== null && (
                            <Text size="xs" c="dimmed">
                              {t('summary.excludesMissing', { count: o.claimsWithoutAmount })}
                            </Text>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Paper>
            </>
          )}
        </Stack>
      )}
    </>
  );
}
