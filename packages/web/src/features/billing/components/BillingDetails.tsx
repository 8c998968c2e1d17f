import { Accordion, Alert, Anchor, Badge, Button, Center, Group, List, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconBolt, IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { billing, EndpointResponse } from '@vigil/contract';
import { useCan } from '../../../lib/can';
import { useCalendar } from '../../../lib/calendar';
import { notify } from '../../../lib/notify';
import { useBillingDetails, useGenerateForPatient, useStaffNames } from '../api/billing';
import type { BillingMonth } from '../api/period';
import { CodeBadges } from './CodeBadges';
import { FlagList } from './FlagBadges';
import { formatMoney, mmss, programColor } from './format';
import { shortDay } from '../../../lib/calendar';
import { ReadingDaysCalendar } from './ReadingDaysCalendar';

type Details = EndpointResponse<typeof billing.getBillingDetailsForPatientForMonth>;
type Claim = Details['claims'][number];
type Bilingual = { en: string; es: string };

/**
 * A patient's month with its evidence (docs/billing-engine.md): every code produced, with its
 * units, practitioner, dates of service, reading days, time entries and notes, and every code not
 * produced with the reason. Generating for this one patient replaces its stored codes.
 */
export function BillingDetails({ patientId, hospitalId, period }: { patientId: number; hospitalId: number; period: BillingMonth }) {
  const { t, i18n } = useTranslation('billing');
  const lang = i18n.language;
  const { dateTime, isUpcomingMonth: isUpcoming } = useCalendar();
  const canGenerate = useCan('billing.generate');
  const query = useBillingDetails(patientId, hospitalId, period);
  const generate = useGenerateForPatient();
  const staff = useStaffNames(hospitalId);
  const tr = (b: Bilingual) => (lang.startsWith('en') ? b.en : b.es);

  if (query.isLoading) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common:list.loading')} />
      </Center>
    );
  }
  if (query.error || !query.data) {
    return (
      <Alert color="red" role="alert" title={t('details.error')}>
        {query.error instanceof Error ? query.error.message : ''}
      </Alert>
    );
  }
  const d = query.data;
  const onGenerate = () =>
    generate.mutate(
      { patientId, hospitalId, period },
      {
        onSuccess: () => notify({ color: 'teal', message: t('generate.patientDone') }),
        onError: (err) => notify({ color: 'red', message: err.message }),
      },
    );

  // The device periods with their reading days, from the evidence of the codes (produced or not).
  const periods = new Map<string, { start: string; end: string; days: string[]; program: string }>();
  for (const c of [...d.claims, ...d.suppressed]) {
    const p = c.evidence.period;
    if (p && c.evidence.readingDays && !periods.has(p.start)) { periods.set(p.start, { start: p.start, end: p.end, days: c.evidence.readingDays, program: c.program }); }
  }

  return (
    <Stack gap="md" data-testid="billing-details">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Group gap="xs">
            <Badge color={programColor[d.billingType] ?? 'dark'} tt="none">
              {d.billingType}
            </Badge>
            {d.generated ? (
              <Badge color="teal.9" variant="outline" tt="none">
                {t('status.generated')}
              </Badge>
            ) : (
              <Badge color="dark" variant="outline" tt="none">
                {t('status.preview')}
              </Badge>
            )}
          </Group>
          <Text size="sm">
            {t('details.practitioner')}: <b>{d.practitioner?.name ?? t('details.noPractitioner')}</b>
          </Text>
          <Text size="sm" c="dimmed">
            {d.generated && d.generatedAt ? t('details.generatedAt', { time: dateTime(d.generatedAt) }) : t('details.previewHint')}
          </Text>
        </Stack>
        <Stack gap={4} align="flex-end">
          <Text size="xl" fw={700} data-testid="details-amount">
            {formatMoney(d.amountCents, lang)}
          </Text>
          {d.codesWithoutAmount > 0 && d.amountCents !== null && (
            <Text size="xs" c="dimmed" data-testid="details-amount-excludes">
              {t('summary.excludesMissing', { count: d.codesWithoutAmount })}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {d.hospitalName}
          </Text>
        </Stack>
      </Group>

      <Group gap="sm">
        {canGenerate && !isUpcoming(period) && (
          <Button size="sm" leftSection={<IconBolt size={16} aria-hidden />} loading={generate.isPending} onClick={onGenerate} data-testid="generate-patient">
            {t('generate.patient')}
          </Button>
        )}
        <Button size="sm" variant="light" component={Link} to={`/patientdetails/${patientId}`} leftSection={<IconExternalLink size={16} aria-hidden />}>
          {t('details.openPatient')}
        </Button>
      </Group>

      {d.flags.length > 0 && (
        <Paper withBorder p="sm" radius="md">
          <Title order={3} fz="sm" mb={4}>
            {t('details.atRisk')}
          </Title>
          <FlagList flags={d.flags} />
        </Paper>
      )}

      <section aria-labelledby="bd-codes">
        <Title order={3} fz="md" id="bd-codes" mb="xs">
          {t('details.codes', { count: d.claims.length })}
        </Title>
        <CodeBadges codes={d.claims} />
        {d.claims.length > 0 && (
          <Accordion variant="separated" mt="xs" multiple>
            {d.claims.map((c) => (
              <ClaimItem key={`${c.program}-${c.code}`} claim={c} patientId={patientId} staff={staff} tr={tr} />
            ))}
          </Accordion>
        )}
      </section>

      <section aria-labelledby="bd-suppressed">
        <Title order={3} fz="md" id="bd-suppressed" mb="xs">
          {t('details.suppressed', { count: d.suppressed.length })}
        </Title>
        {d.suppressed.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('details.noSuppressed')}
          </Text>
        ) : (
          <Accordion variant="separated" multiple>
            {d.suppressed.map((c) => (
              <ClaimItem key={`${c.program}-${c.code}`} claim={c} patientId={patientId} staff={staff} tr={tr} />
            ))}
          </Accordion>
        )}
      </section>

      <section aria-labelledby="bd-days">
        <Title order={3} fz="md" id="bd-days" mb="xs">
          {t('details.readingDays', { count: d.readingDays })}
        </Title>
        {periods.size === 0 && d.periods.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('details.noPeriods')}
          </Text>
        ) : periods.size > 0 ? (
          <Stack gap="sm">
            {[...periods.values()].map((p) => (
              <ReadingDaysCalendar key={p.start} start={p.start} end={p.end} readingDays={p.days} />
            ))}
          </Stack>
        ) : (
          <List size="sm">
            {d.periods.map((p) => (
              <List.Item key={`${p.program}-${p.start}`}>
                {t('evidence.periodLine', { program: p.program, start: shortDay(p.start, lang), end: shortDay(p.end, lang), count: p.days })}
              </List.Item>
            ))}
          </List>
        )}
        {d.inProgressPeriod && (
          // A period straddling the month's end: informational, billed in the month it ends (server text, en or es).
          <Text size="sm" mt="xs" data-testid="in-progress-period">
            {d.inProgressPeriod.text}
          </Text>
        )}
      </section>

      <section aria-labelledby="bd-time">
        <Title order={3} fz="md" id="bd-time" mb="xs">
          {t('details.time', { time: d.totalTime })}
        </Title>
        {d.time.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('details.noTime')}
          </Text>
        ) : (
          <Table verticalSpacing={4} striped>
            <caption className="vigil-visually-hidden">{t('details.time', { time: d.totalTime })}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.program')}</Table.Th>
                <Table.Th>{t('columns.time')}</Table.Th>
                <Table.Th>{t('columns.practitionerTime')}</Table.Th>
                <Table.Th>{t('columns.interactive')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.time.map((p) => (
                <Table.Tr key={p.program}>
                  <Table.Td>{p.program}</Table.Td>
                  <Table.Td>{p.time}</Table.Td>
                  <Table.Td>{mmss(p.practitionerSeconds)}</Table.Td>
                  <Table.Td>{p.interactive ? t('yes') : t('no')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </section>

      {d.settings.length > 0 && (
        <Accordion variant="contained">
          <Accordion.Item value="settings">
            <Accordion.Control>{t('details.settings')}</Accordion.Control>
            <Accordion.Panel>
              <List size="sm">
                {d.settings.map((s) => (
                  <List.Item key={s.key}>
                    <code>{s.key}</code>: {String(s.value)}
                  </List.Item>
                ))}
              </List>
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      )}
    </Stack>
  );
}

/** One code (produced or suppressed) as an accordion item with its evidence. */
function ClaimItem({ claim: c, patientId, staff, tr }: { claim: Claim; patientId: number; staff: Map<number, string>; tr: (b: Bilingual) => string }) {
  const { t, i18n } = useTranslation('billing');
  const lang = i18n.language;
  const e = c.evidence;
  const staffName = (id: number) => staff.get(id) ?? t('evidence.staffId', { id });
  const suppressed = c.status === 'suppressed';
  return (
    <Accordion.Item value={`${c.program}-${c.code}-${c.status}`} data-testid={`claim-${c.code}`}>
      <Accordion.Control>
        <Group gap="xs" wrap="nowrap">
          <Badge color={suppressed ? 'gray.7' : (programColor[c.program] ?? 'dark')} tt="none" miw={64}>
            {c.code}
          </Badge>
          <Stack gap={0} style={{ flex: 1 }}>
            <Text size="sm" fw={600} lineClamp={2}>
              {tr(c.description)}
            </Text>
            <Text size="xs" c="dimmed">
              {suppressed
                ? c.reasonText || (c.reason ? tr(c.reason) : t('evidence.suppressed'))
                : t('evidence.unitsAmount', { count: c.units, amount: formatMoney(c.amountCents, lang) })}
            </Text>
          </Stack>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="sm">
          {suppressed && (
            <Paper withBorder p="xs" radius="sm" bg="gray.0" data-testid="suppressed-reason">
              <Text size="sm" fw={700}>
                {t('evidence.whyNot')}
              </Text>
              <Text size="sm">{c.reasonText || (c.reason ? tr(c.reason) : '')}</Text>
            </Paper>
          )}
          <Table verticalSpacing={2} withRowBorders={false}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={170}>{t('evidence.program')}</Table.Th>
                <Table.Td>{c.program === 'CPM' ? t('evidence.cpm') : c.program}</Table.Td>
              </Table.Tr>
              {!suppressed && (
                <Table.Tr>
                  <Table.Th>{t('evidence.units')}</Table.Th>
                  <Table.Td>{c.units}</Table.Td>
                </Table.Tr>
              )}
              <Table.Tr>
                <Table.Th>{t('evidence.practitioner')}</Table.Th>
                <Table.Td>
                  {e.practitioner ? `${e.practitioner.name} (${t(`evidence.practitionerSource.${e.practitioner.source}`)})` : t('details.noPractitioner')}
                </Table.Td>
              </Table.Tr>
              {c.datesOfService.length > 0 && (
                <Table.Tr>
                  <Table.Th>{t('evidence.datesOfService')}</Table.Th>
                  <Table.Td>{c.datesOfService.map((d) => shortDay(d, lang)).join(', ')}</Table.Td>
                </Table.Tr>
              )}
              {e.deviceDays !== undefined && (
                <Table.Tr>
                  <Table.Th>{t('evidence.deviceDays')}</Table.Th>
                  <Table.Td>{e.deviceDays}</Table.Td>
                </Table.Tr>
              )}
              {e.totalTime !== undefined && (
                <Table.Tr>
                  <Table.Th>{t('evidence.totalTime')}</Table.Th>
                  <Table.Td>{e.totalTime}</Table.Td>
                </Table.Tr>
              )}
              {e.interactiveContact !== undefined && (
                <Table.Tr>
                  <Table.Th>{t('evidence.interactive')}</Table.Th>
                  <Table.Td>
                    {e.interactiveContact
                      ? t(e.interactiveContact.videoCallId != null ? 'evidence.interactiveOnCall' : 'evidence.interactiveOn', {
                          day: shortDay(e.interactiveContact.day, lang),
                          staff: staffName(e.interactiveContact.staffUserId),
                          id: e.interactiveContact.videoCallId,
                        })
                      : t('no')}
                  </Table.Td>
                </Table.Tr>
              )}
              {consentOf(e.details) !== undefined && (
                // CCM, PCM and APCM: the consent on file the code rests on, or its absence (docs/ccm.md "Rules").
                <Table.Tr data-testid="evidence-consent">
                  <Table.Th>{t('evidence.consent')}</Table.Th>
                  <Table.Td>
                    {consentOf(e.details)
                      ? t('evidence.consentOn', {
                          type: t(`evidence.consentTypes.${consentOf(e.details)!.consentType}`, { defaultValue: consentOf(e.details)!.consentType }),
                          day: shortDay(consentOf(e.details)!.consentDate, lang),
                          by: consentOf(e.details)!.obtainedBy,
                        })
                      : t('evidence.noConsent')}
                  </Table.Td>
                </Table.Tr>
              )}
              {e.episodeStart && (
                <Table.Tr>
                  <Table.Th>{t('evidence.episodeStart')}</Table.Th>
                  <Table.Td>{shortDay(e.episodeStart, lang)}</Table.Td>
                </Table.Tr>
              )}
              {e.rules.length > 0 && (
                <Table.Tr>
                  <Table.Th>{t('evidence.rules')}</Table.Th>
                  <Table.Td>{e.rules.join(' · ')}</Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
          {e.period && e.readingDays && <ReadingDaysCalendar start={e.period.start} end={e.period.end} readingDays={e.readingDays} />}
          {e.timeEntries && e.timeEntries.length > 0 && (
            <Table verticalSpacing={4} striped fz="xs" data-testid="time-entries">
              <caption className="vigil-visually-hidden">{t('evidence.timeEntries')}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('evidence.day')}</Table.Th>
                  <Table.Th>{t('evidence.staff')}</Table.Th>
                  <Table.Th>{t('evidence.activity')}</Table.Th>
                  <Table.Th>{t('evidence.minutes')}</Table.Th>
                  <Table.Th>{t('evidence.interactiveShort')}</Table.Th>
                  <Table.Th>{t('evidence.note')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {e.timeEntries.map((te) => (
                  <Table.Tr key={te.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{shortDay(te.day, lang)}</Table.Td>
                    <Table.Td>{staffName(te.staffUserId)}</Table.Td>
                    <Table.Td>{te.activity || '—'}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {mmss(te.countedSeconds)}
                      {te.countedSeconds !== te.seconds && (
                        <Text span size="xs" c="dimmed">
                          {' '}
                          {t('evidence.ofSeconds', { time: mmss(te.seconds) })}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td data-testid={te.videoCallId != null ? 'evidence-video-call' : undefined}>
                      {te.interactive ? t('yes') : t('no')}
                      {te.videoCallId != null && ` · ${t('evidence.videoCall', { id: te.videoCallId })}`}
                    </Table.Td>
                    <Table.Td>
                      {te.medicalNoteDetailId ? (
                        <Anchor component={Link} to={`/patientdetails/${patientId}`} size="xs" style={{ whiteSpace: 'nowrap' }}>
                          {t('evidence.noteId', { id: te.medicalNoteDetailId })}
                        </Anchor>
                      ) : (
                        t('no')
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {e.notes && e.notes.length > 0 && (
            <Text size="sm">
              {t('evidence.notes')}: {e.notes.map((n) => `${shortDay(n.day, lang)} (${staffName(n.authorId)})`).join(', ')}
            </Text>
          )}
          {e.flags && e.flags.length > 0 && (
            <List size="sm">
              {e.flags.map((f) => (
                <List.Item key={f.en}>{tr(f)}</List.Item>
              ))}
            </List>
          )}
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

/** The consent in a care-management code's evidence (`details.consent`): the consent, null for none on file, undefined for a code that needs none. */
function consentOf(details: Record<string, unknown> | undefined): { consentType: string; consentDate: string; obtainedBy: string } | null | undefined {
  const c = details?.consent;
  if (c === null) { return null; }
  if (c && typeof c === 'object' && 'consentDate' in c) { return c as { consentType: string; consentDate: string; obtainedBy: string }; }
  return undefined;
}
