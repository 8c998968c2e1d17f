import { Badge, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { billing, EndpointResponse } from '@vigil/contract';
import { EmptyState } from '../../../components/EmptyState';
import { useCalendar } from '../../../lib/calendar';
import { useBillingDetails } from '../../billing';
import { money } from '../review';
import { ReviewSection, SectionPending } from './ReviewSection';

// billing.generation.schemas.ts is not re-exported by the contract's index: the claim type comes from the endpoint.
type BillingClaim = EndpointResponse<typeof billing.getBillingDetailsForPatientForMonth>['claims'][number];

/**
 * The month's codes (getbillingdetailsforpatientformonth): each billable code with its evidence
 * (reading days, time, interactive contact, practitioner, rules) and each suppressed code with
 * the reason (for instance "RPM and RTM in the same period: RTM suppressed").
 */
export function CodesSection({ patientId, hospitalId, year, month }: { patientId: number; hospitalId: number; year: number; month: number }) {
  const { t, i18n } = useTranslation('monthlyReview');
  const details = useBillingDetails(patientId, hospitalId, { year, month });
  const lang = i18n.language.startsWith('en') ? 'en' : 'es';
  if (!details.data) {
    return (
      <ReviewSection title={t('codes.title')} testId="review-codes">
        <SectionPending error={details.error} />
      </ReviewSection>
    );
  }
  const d = details.data;
  return (
    <ReviewSection title={t('codes.title')} testId="review-codes">
      <Group gap="xs" wrap="wrap">
        <Badge size="lg" variant="outline" color={d.preview ? 'grape.9' : 'teal.9'} tt="none">
          {d.preview ? t('codes.preview') : t('codes.generated')}
        </Badge>
        <Badge size="lg" variant="outline" color="gray.7" tt="none">
          {t('codes.amount', { amount: money(d.amountCents, i18n.language) })}
        </Badge>
        <Badge size="lg" variant="outline" color="gray.7" tt="none">
          {t('codes.billingType', { type: d.billingType || '—' })}
        </Badge>
        {d.practitioner && (
          <Badge size="lg" variant="outline" color="gray.7" tt="none">
            {t('codes.practitioner', { name: d.practitioner.name })}
          </Badge>
        )}
      </Group>
      {d.flags.map((f) => (
        <Text key={`${f.key}-${f.program}`} size="sm" c={f.severity === 'missed' ? 'red.9' : 'dark'}>
          {f.text || f.message[lang]}
        </Text>
      ))}
      {d.claims.length === 0 ? (
        <EmptyState text={t('codes.empty')} />
      ) : (
        <ScrollArea>
          <Table striped verticalSpacing="xs" miw={760} data-testid="review-claims">
            <Table.Caption>{t('codes.billableCaption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('codes.code')}</Table.Th>
                <Table.Th>{t('codes.description')}</Table.Th>
                <Table.Th>{t('codes.units')}</Table.Th>
                <Table.Th>{t('codes.amountCol')}</Table.Th>
                <Table.Th>{t('codes.evidence')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.claims.map((c) => (
                <Table.Tr key={`${c.code}-${c.program}`}>
                  <Table.Td>
                    <Text fw={700} size="sm">
                      {c.code}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {c.program}
                    </Text>
                  </Table.Td>
                  <Table.Td>{c.description[lang]}</Table.Td>
                  <Table.Td>{c.units}</Table.Td>
                  <Table.Td>{money(c.amountCents, i18n.language)}</Table.Td>
                  <Table.Td>
                    <Evidence claim={c} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {d.suppressed.length > 0 && (
        <ScrollArea>
          <Table striped verticalSpacing="xs" miw={560} data-testid="review-suppressed">
            <Table.Caption>{t('codes.suppressedCaption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('codes.code')}</Table.Th>
                <Table.Th>{t('codes.description')}</Table.Th>
                <Table.Th>{t('codes.reason')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.suppressed.map((c) => (
                <Table.Tr key={`${c.code}-${c.program}`}>
                  <Table.Td>
                    <Text fw={700} size="sm">
                      {c.code}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {c.program}
                    </Text>
                  </Table.Td>
                  <Table.Td>{c.description[lang]}</Table.Td>
                  <Table.Td>{c.reasonText || c.reason?.[lang] || ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </ReviewSection>
  );
}

function Evidence({ claim }: { claim: BillingClaim }) {
  const { t } = useTranslation('monthlyReview');
  const { date } = useCalendar();
  const e = claim.evidence;
  const days = e.deviceDays ?? e.readingDays?.length;
  return (
    <Stack gap={2}>
      {e.period && <Text size="xs">{t('codes.period', { from: date(e.period.start), to: date(e.period.end) })}</Text>}
      {days !== undefined && <Text size="xs">{t('codes.readingDays', { count: days })}</Text>}
      {e.totalTime && <Text size="xs">{t('codes.time', { time: e.totalTime, count: e.timeEntries?.length ?? 0 })}</Text>}
      {e.notes && e.notes.length > 0 && <Text size="xs">{t('codes.notes', { count: e.notes.length })}</Text>}
      {e.interactiveContact !== undefined && (
        <Text size="xs">{e.interactiveContact ? t('codes.interactive', { day: date(e.interactiveContact.day) }) : t('codes.noInteractive')}</Text>
      )}
      {e.practitioner && <Text size="xs">{t('codes.practitioner', { name: e.practitioner.name })}</Text>}
      {claim.datesOfService.length > 0 && <Text size="xs">{t('codes.dates', { dates: claim.datesOfService.map(date).join(', ') })}</Text>}
      {e.rules.length > 0 && (
        <Text size="xs" c="dimmed">
          {t('codes.rules', { rules: e.rules.join(', ') })}
        </Text>
      )}
    </Stack>
  );
}
