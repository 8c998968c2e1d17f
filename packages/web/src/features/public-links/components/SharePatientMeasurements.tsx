import { useState } from 'react';
import { Alert, Button, CopyButton, Divider, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCheck, IconCopy, IconShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { emailSchema, fieldMessage, message, PUBLIC_LINK_MAX_PERIOD_DAYS, type CreatedPublicLink, type Lang } from '@vigil/contract';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { currentLang } from '../../../lib/i18n';
import { useCreatePublicLink, useSharePublicLinkWithEmail } from '../api/public-links';
import { PatientLinksTable } from './PatientLinksTable';
import { DateField } from '../../../components/DateField';

const PERIODS = ['7', '30', '90', 'custom'] as const;
const EXPIRIES = ['1', '7', '30'] as const;
const DAY_MS = 86_400_000;

interface ShareForm {
  period: (typeof PERIODS)[number];
  from: string; // YYYY-MM-DD, custom period only
  to: string;
  expiry: (typeof EXPIRIES)[number];
  email: string;
  lang: Lang;
}

/** Local midnight of a YYYY-MM-DD date, or null. */
function localDay(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
}

/** The period of a form as instants: whole local days, the last one up to 23:59:59.999. */
function periodOf(v: ShareForm): { periodStart: Date; periodEnd: Date } | null {
  if (v.period === 'custom') {
    const from = localDay(v.from);
    const to = localDay(v.to);
    if (!from || !to) { return null; }
    return { periodStart: from, periodEnd: new Date(to.getTime() + DAY_MS - 1) };
  }
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  const days = Number(v.period);
  return { periodStart: new Date(today.getTime() - (days - 1) * DAY_MS), periodEnd: new Date(today.getTime() + DAY_MS - 1) };
}

/**
 * Staff-side sharing of a patient's measurements (spec section 7 "Public links"): a button that
 * opens a modal to choose the period (7, 30, 90 days or custom) and the expiry (1, 7, 30 days),
 * optionally an e-mail (then the link is created and sent in the chosen language); the new link is
 * shown once with a Copy button; the patient's links are listed below, each revocable. Hidden
 * without publicLinks.manage.
 */
export function SharePatientMeasurements({ patientId, patientName }: { patientId: number; patientName?: string }) {
  const { t } = useTranslation('publicLinks');
  const { t: tc } = useTranslation();
  const allowed = useCan('publicLinks.manage');
  const [opened, setOpened] = useState(false);
  const [created, setCreated] = useState<CreatedPublicLink | null>(null);
  const [error, setError] = useState<string | null>(null);
  const create = useCreatePublicLink();
  const share = useSharePublicLinkWithEmail();

  const form = useForm<ShareForm>({
    initialValues: { period: '30', from: '', to: '', expiry: '7', email: '', lang: currentLang() },
    validate: {
      from: (value, v) => (v.period === 'custom' && !localDay(value) ? message('required', currentLang()) : null),
      to: (value, v) => {
        if (v.period !== 'custom') { return null; }
        if (!localDay(value)) { return message('required', currentLang()); }
        const p = periodOf(v);
        const span = p ? p.periodEnd.getTime() - p.periodStart.getTime() : 0;
        return span <= 0 || span > PUBLIC_LINK_MAX_PERIOD_DAYS * DAY_MS ? message('publicLinkPeriodInvalid', currentLang()) : null;
      },
      email: (value) => {
        if (!value.trim()) { return null; }
        const r = emailSchema.safeParse(value);
        return r.success ? null : fieldMessage(r.error.issues[0]!, currentLang(), value);
      },
    },
  });

  if (!allowed) { return null; }

  const close = () => {
    setOpened(false);
    setCreated(null);
    setError(null);
    form.reset();
  };

  const submit = form.onSubmit((v) => {
    setError(null);
    const period = periodOf(v)!;
    const base = {
      patientId,
      periodStart: period.periodStart.toISOString(),
      periodEnd: period.periodEnd.toISOString(),
      expiresAt: new Date(Date.now() + Number(v.expiry) * DAY_MS).toISOString(),
    };
    const onError = (err: unknown) => {
      setError(err instanceof ApiError ? err.message : tc('list.error'));
      if (err instanceof ApiError) {
        const fields = err.fieldErrors;
        form.setErrors({ email: fields.email, to: fields.periodEnd ?? fields.periodStart });
      }
    };
    const email = v.email.trim();
    if (email) { share.mutate({ ...base, email, lang: v.lang }, { onSuccess: setCreated, onError }); }
    else { create.mutate(base, { onSuccess: setCreated, onError }); }
  });

  const busy = create.isPending || share.isPending;
  const withEmail = form.values.email.trim() !== '';

  return (
    <>
      <Button variant="light" leftSection={<IconShare size={18} aria-hidden />} onClick={() => setOpened(true)}>
        {t('share.open')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={patientName ? `${t('share.title')} · ${patientName}` : t('share.title')}
        size="70rem"
        closeButtonProps={{ 'aria-label': tc('actions.close') }}
      >
        <Stack gap="md">
          {created ? (
            <Stack gap="sm">
              <Alert color="teal" icon={<IconCheck size={18} aria-hidden />} title={t('share.created')}>
                {created.emailed && created.link.sharedWithEmail ? `${t('share.emailed', { email: created.link.sharedWithEmail })} ` : ''}
                {t('share.urlOnce')}
              </Alert>
              <Group align="flex-end" gap="xs" wrap="nowrap">
                <TextInput label={t('share.urlLabel')} value={created.url} readOnly style={{ flex: 1 }} onFocus={(e) => e.currentTarget.select()} />
                <CopyButton value={created.url}>
                  {({ copied, copy }) => (
                    <Button onClick={copy} color={copied ? 'teal' : undefined} leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}>
                      {copied ? t('share.copied') : t('share.copy')}
                    </Button>
                  )}
                </CopyButton>
              </Group>
              <Group justify="flex-end">
                <Button
                  variant="default"
                  onClick={() => {
                    setCreated(null);
                    form.reset();
                  }}
                >
                  {t('share.another')}
                </Button>
              </Group>
            </Stack>
          ) : (
            <form onSubmit={submit} noValidate>
              <Stack gap="md">
                <Text size="sm" c="dimmed">
                  {t('share.intro')}
                </Text>
                {error && (
                  <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
                    {error}
                  </Alert>
                )}
                <Stack gap={4}>
                  <Text size="sm" fw={500} id="share-period-label">
                    {t('share.period')}
                  </Text>
                  <SegmentedControl
                    aria-labelledby="share-period-label"
                    data={PERIODS.map((p) => ({ value: p, label: p === 'custom' ? t('share.custom') : t('share.days', { count: Number(p) }) }))}
                    {...form.getInputProps('period')}
                  />
                </Stack>
                {form.values.period === 'custom' && (
                  <Group grow align="flex-start">
                    <DateField label={t('share.from')} withAsterisk {...form.getInputProps('from')} />
                    <DateField label={t('share.to')} withAsterisk {...form.getInputProps('to')} />
                  </Group>
                )}
                <Stack gap={4}>
                  <Text size="sm" fw={500} id="share-expiry-label">
                    {t('share.expiry')}
                  </Text>
                  <SegmentedControl
                    aria-labelledby="share-expiry-label"
                    data={EXPIRIES.map((d) => ({ value: d, label: t('share.expiryDays', { count: Number(d) }) }))}
                    {...form.getInputProps('expiry')}
                  />
                </Stack>
                <Group grow align="flex-start">
                  <TextInput type="email" label={t('share.email')} description={t('share.emailHint')} autoComplete="off" {...form.getInputProps('email')} />
                  {withEmail && (
                    <Select
                      label={t('share.lang')}
                      allowDeselect={false}
                      data={[
                        { value: 'es', label: 'Español' },
                        { value: 'en', label: 'English' },
                      ]}
                      {...form.getInputProps('lang')}
                    />
                  )}
                </Group>
                <Group justify="flex-end">
                  <Button variant="default" onClick={close}>
                    {tc('actions.cancel')}
                  </Button>
                  <Button type="submit" loading={busy}>
                    {withEmail ? t('share.createAndSend') : t('share.create')}
                  </Button>
                </Group>
              </Stack>
            </form>
          )}
          <Divider />
          <Title order={3} fz="h5">
            {t('share.existing')}
          </Title>
          <PatientLinksTable patientId={patientId} />
        </Stack>
      </Modal>
    </>
  );
}
