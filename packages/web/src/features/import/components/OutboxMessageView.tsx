import { Fragment, type ReactNode } from 'react';
import { Anchor, Badge, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OutboxMessage } from '@vigil/contract';
import { useCalendar } from '../../../lib/calendar';

/** Badges in table cells keep their whole label (the label's overflow would let the cell squeeze it). */
const NO_TRUNCATE = { label: { overflow: 'visible' } } as const;

const URL_PATTERN = /(https?:\/\/[^\s<>"')]+)/g;

/** Plain text with its http(s) addresses as links (opened in a new tab). */
export function LinkifiedText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <Anchor key={i} href={part} target="_blank" rel="noopener noreferrer" style={{ wordBreak: 'break-all' }}>
            {part}
          </Anchor>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

export function OutboxStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('import');
  const color = status === 'sent' ? 'teal' : status === 'failed' ? 'red' : 'blue';
  return (
    <Badge variant="dot" color={color} tt="none" fw={500} styles={NO_TRUNCATE}>
      {t(`outbox.status.${status}`, status)}
    </Badge>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** One e-mail of the outbox: recipient, subject, date, status and the text with clickable links. */
export function OutboxMessageView({ message }: { message: OutboxMessage }) {
  const { t } = useTranslation('import');
  const { dateTime } = useCalendar();
  return (
    <Stack gap="md" data-testid="outbox-message">
      <Field label={t('outbox.to')}>{message.toAddress}</Field>
      <Field label={t('outbox.subject')}>{message.subject}</Field>
      <Field label={t('outbox.date')}>{(dateTime(message.createdAt) || '—')}</Field>
      <Field label={t('outbox.statusLabel')}>
        <OutboxStatusBadge status={message.status} />
      </Field>
      {message.error && <Field label={t('outbox.error')}>{message.error}</Field>}
      <Stack gap={4}>
        <Text size="xs" c="dimmed">
          {t('outbox.text')}
        </Text>
        <Paper withBorder radius="md" p="md" bg="gray.0">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.bodyText ? <LinkifiedText text={message.bodyText} /> : t('outbox.noText')}
          </Text>
        </Paper>
      </Stack>
    </Stack>
  );
}
