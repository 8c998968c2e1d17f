import { useState } from 'react';
import { Alert, Group, Select, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OutboxMessage } from '@vigil/contract';
import { PageHeader } from '../../../components/PageHeader';
import { SearchInput } from '../../../components/SearchInput';
import { ServerTable, type Column, type PageState } from '../../../components/ServerTable';
import { useUiState } from '../../../lib/ui-state';
import { useOutbox, type OutboxStatus } from '../api/import';
import { OutboxMessageView, OutboxStatusBadge } from '../components/OutboxMessageView';
import { useCalendar } from '../../../lib/calendar';

/** /outbox (system admin): the e-mails kept by the embedded default (no SMTP server), newest first. */
export default function OutboxPage() {
  const { t } = useTranslation('import');
  const { dateTime } = useCalendar();
  const ui = useUiState();
  const [state, setState] = useState<PageState>({ page: 1, pageSize: 25, sort: '-createdAt' });
  const [status, setStatus] = useState<OutboxStatus | undefined>(undefined);
  const outbox = useOutbox(state, status);

  const columns: Column<OutboxMessage>[] = [
    {
      header: t('outbox.date'),
      sortKey: 'createdAt',
      render: (m) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {(dateTime(m.createdAt) || '—')}
        </Text>
      ),
    },
    { header: t('outbox.to'), render: (m) => <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{m.toAddress}</Text> },
    { header: t('outbox.subject'), render: (m) => m.subject },
    { header: t('outbox.statusLabel'), width: 130, render: (m) => <OutboxStatusBadge status={m.status} /> },
  ];

  return (
    <>
      <PageHeader title={t('outbox.title')} description={t('outbox.description')} />
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} mb="md">
        {t('outbox.note')}
      </Alert>
      <Group gap="sm" mb="sm" wrap="wrap">
        <SearchInput label={t('outbox.search')} value={state.search} onChange={(search) => setState({ ...state, page: 1, search })} />
        <Select
          w={180}
          aria-label={t('outbox.filterStatus')}
          placeholder={t('outbox.allStatuses')}
          data={(['kept', 'sent', 'failed'] as const).map((s) => ({ value: s, label: t(`outbox.status.${s}`) }))}
          value={status ?? null}
          onChange={(v) => {
            setStatus((v as OutboxStatus | null) ?? undefined);
            setState({ ...state, page: 1 });
          }}
          clearable
        />
      </Group>
      <ServerTable
        caption={t('outbox.title')}
        columns={columns}
        rows={outbox.data?.items}
        total={outbox.data?.total}
        state={state}
        onChange={setState}
        rowKey={(m) => m.id}
        loading={outbox.isFetching}
        error={outbox.error}
        onRetry={() => void outbox.refetch()}
        onRowClick={(m) => ui.openDetails(m.subject, <OutboxMessageView message={m} />)}
        emptyText={t('outbox.empty')}
      />
    </>
  );
}
