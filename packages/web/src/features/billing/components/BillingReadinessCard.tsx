import { Anchor, Badge, Group, Paper, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { useCan } from '../../../lib/can';
import { useSelectedOffice } from '../../../lib/office';
import { useBillingReadiness, useBillingScopes } from '../api/billing';
import { AT_RISK_COLOR, formatMoney } from './format';
import { monthText, useCalendar } from '../../../lib/calendar';

/** How many at-risk patients the card lists. */
const SHOWN = 5;

/**
 * The dashboard's billing readiness card (docs/billing-engine.md "Readiness"): for the selected
 * office (or one picked), how many monitored patients are at risk of missing a billing threshold
 * this month, and the first of them with what to act on, linking to the patient and to /billings'
 * readiness tab. Shown only to users with billing.read.
 */
export function BillingReadinessCard() {
  const allowed = useCan('billing.read');
  if (!allowed) { return null; }
  return <ReadinessCard />;
}

function ReadinessCard() {
  const { t, i18n } = useTranslation('billing');
  const selected = useSelectedOffice();
  const { offices } = useBillingScopes();
  const [picked, setPicked] = useState<string | null>(null);
  const officeId = selected > 0 ? selected : picked ? Number(picked) : (offices[0]?.id ?? null);
  const query = useBillingReadiness(officeId, { page: 1, pageSize: SHOWN, atRiskOnly: true });
  const d = query.data;
  const period = useCalendar().currentMonth;

  return (
    <Paper withBorder radius="md" p="md" mt="md" data-testid="billing-readiness-card">
      <Group justify="space-between" align="flex-start" mb="sm">
        <Stack gap={2}>
          <Title order={2} fz="h4">
            {t('card.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('card.subtitle', { month: monthText(period, i18n.language) })}
          </Text>
        </Stack>
        {selected <= 0 && offices.length > 1 && (
          <Select
            size="xs"
            w={240}
            aria-label={t('scope.office')}
            data={offices.map((o) => ({ value: String(o.id), label: o.name }))}
            value={officeId ? String(officeId) : null}
            onChange={setPicked}
            allowDeselect={false}
            searchable
          />
        )}
      </Group>
      {officeId === null ? (
        <EmptyState text={t('scope.noOffice')} />
      ) : query.isLoading ? (
        <Stack gap="xs">
          <Skeleton h={20} />
          <Skeleton h={20} />
        </Stack>
      ) : query.error ? (
        <Text size="sm" c="red.9" role="alert">
          {query.error instanceof Error ? query.error.message : ''}
        </Text>
      ) : !d || d.items.length === 0 ? (
        <EmptyState text={t('card.none')} />
      ) : (
        <>
          <Group gap="xs" mb="xs">
            <Badge color={AT_RISK_COLOR} tt="none" data-testid="card-at-risk">
              {t('card.atRisk', { count: d.atRiskCount })}
            </Badge>
          </Group>
          {/* On a phone the four columns scroll inside the card, never the page (first-day journey, 390 px). */}
          <Table.ScrollContainer minWidth={420} type="native">
          <Table verticalSpacing="xs" striped>
            <caption className="vigil-visually-hidden">{t('card.title')}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.patient')}</Table.Th>
                <Table.Th>{t('readiness.deviceDays')}</Table.Th>
                <Table.Th>{t('readiness.act')}</Table.Th>
                <Table.Th>{t('readiness.estimated')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.items.map((r) => (
                <Table.Tr key={r.patientId}>
                  <Table.Td>
                    <Anchor component={Link} to={`/patientdetails/${r.patientId}`} size="sm">
                      {`${r.lastName}, ${r.firstName}`}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{r.period ? t('readiness.daysSoFar', { count: r.readingDays, left: r.daysLeft }) : t('readiness.noPeriod')}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{r.flags[0]?.text ?? ''}</Text>
                    {r.flags.length > 1 && (
                      <Text size="xs" c="dimmed">
                        {t('card.more', { count: r.flags.length - 1 })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatMoney(r.estimatedAmountCents, i18n.language)}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          </Table.ScrollContainer>
        </>
      )}
      {officeId !== null && (
        <Anchor component={Link} to={`/billings?tab=readiness&scope=office:${officeId}`} size="sm" mt="sm" display="inline-block">
          {t('card.open')}
        </Anchor>
      )}
    </Paper>
  );
}
