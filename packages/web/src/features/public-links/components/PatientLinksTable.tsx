import { useState } from 'react';
import { ActionIcon, Badge, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PublicLink } from '@vigil/contract';
import { confirmAction } from '../../../components/confirm';
import { ServerTable, type Column, type PageState } from '../../../components/ServerTable';
import { ApiError } from '../../../lib/api-client';
import { useCalendar } from '../../../lib/calendar';
import { usePublicLinks, useRevokePublicLink } from '../api/public-links';
import { formatLinkPeriod } from '../format';
import { formatLongDateTime } from '../../../lib/calendar';

const STATUS_COLOUR: Record<PublicLink['status'], string> = { active: 'teal.9', expired: 'gray.7', revoked: 'red.9' };

/** One patient's share links (GET publiclink, header patientid), newest first, each revocable after confirmation. */
export function PatientLinksTable({ patientId }: { patientId: number }) {
  const { t, i18n } = useTranslation('publicLinks');
  const lang = i18n.language.startsWith('en') ? 'en' : 'es';
  const dates = useCalendar();
  const [state, setState] = useState<PageState>({ page: 1, pageSize: 10, sort: '-createdAt' });
  const q = usePublicLinks(patientId, { page: state.page, pageSize: state.pageSize, sort: state.sort });
  const revoke = useRevokePublicLink();

  const askRevoke = (link: PublicLink) =>
    confirmAction({
      title: t('share.revokeTitle'),
      text: t('share.revokeText'),
      confirmLabel: t('share.revoke'),
      onConfirm: () =>
        revoke.mutate(link.id, {
          onSuccess: () => notifications.show({ color: 'teal', message: t('share.revoked') }),
          onError: (err) => notifications.show({ color: 'red', message: err instanceof ApiError ? err.message : String(err) }),
        }),
    });

  const columns: Column<PublicLink>[] = [
    // The same period and expiry, in the office's zone and named, as the public report shows (formatLinkPeriod, lib/calendar formatLongDateTime).
    { header: t('share.col.period'), sortKey: 'periodStart', render: (l) => formatLinkPeriod(l.periodStart, l.periodEnd, lang, l.timeZone) },
    { header: t('share.col.expires'), sortKey: 'expiresAt', render: (l) => formatLongDateTime(l.expiresAt, lang, l.timeZone) },
    {
      header: t('share.col.status'),
      render: (l) => (
        <Badge variant="filled" radius="sm" color={STATUS_COLOUR[l.status]} styles={{ label: { overflow: 'visible' } }}>
          {t(`share.status.${l.status}`)}
        </Badge>
      ),
    },
    { header: t('share.col.sentTo'), render: (l) => l.sharedWithEmail ?? '—' },
    {
      header: t('share.col.accesses'),
      render: (l) => (
        <Text size="sm" title={l.lastAccessedAt ? dates.dateTime(l.lastAccessedAt) : undefined}>
          {t('share.accessCount', { count: l.accessCount })}
        </Text>
      ),
    },
    { header: t('share.col.createdBy'), render: (l) => l.createdByName },
    {
      header: t('share.col.actions'),
      render: (l) =>
        l.status === 'active' ? (
          <Tooltip label={t('share.revoke')}>
            <ActionIcon variant="subtle" color="red.9" aria-label={t('share.revoke')} onClick={() => askRevoke(l)} loading={revoke.isPending && revoke.variables === l.id}>
              <IconLinkOff size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : null,
    },
  ];

  return (
    <ServerTable
      caption={t('share.caption')}
      columns={columns}
      rows={q.data?.items}
      total={q.data?.total}
      state={state}
      onChange={setState}
      rowKey={(l) => l.id}
      loading={q.isFetching}
      error={q.error}
      onRetry={() => void q.refetch()}
      emptyText={t('share.none')}
    />
  );
}
