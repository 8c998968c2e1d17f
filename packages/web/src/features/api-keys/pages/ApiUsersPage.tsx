import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Code, CopyButton, Group, Modal, NumberInput, Paper, SegmentedControl, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconKey, IconKeyOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ApiKey, User } from '@vigil/contract';
import { confirmAction } from '../../../components/confirm';
import { PageHeader } from '../../../components/PageHeader';
import { ServerTable, type Column, type PageState } from '../../../components/ServerTable';
import { ApiError } from '../../../lib/api-client';
import { useCalendar } from '../../../lib/calendar';
import { notify } from '../../../lib/notify';
import { useApiKeys, useApiUsers, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';

/**
 * /apiusers (administration; docs/api-keys.md): the API users in scope (GET user/getapiusers)
 * and their keys: issue a key (read-only or ingestion, with a per-minute limit; shown once),
 * revoke one (asking first), and see when each was last used. API users are created like any
 * user on /admins.
 */
export default function ApiUsersPage() {
  const { t } = useTranslation('apiKeys');
  const [state, setState] = useState<PageState>({ page: 1, pageSize: 10 });
  const apiUsers = useApiUsers({ page: state.page, pageSize: state.pageSize, search: state.search || undefined });
  const [selected, setSelected] = useState<User | null>(null);
  const columns: Column<User>[] = [
    { header: t('fields.user'), render: (u) => `${u.firstName} ${u.lastName}` },
    { header: t('fields.username'), render: (u) => u.username },
  ];
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <Stack gap="md">
        <ServerTable caption={t('usersCaption')} columns={columns} rows={apiUsers.data?.items} total={apiUsers.data?.total} state={state} onChange={setState} rowKey={(u) => u.id} onRowClick={setSelected} rowProps={() => ({ 'data-testid': 'api-user-row' })} loading={apiUsers.isFetching} error={apiUsers.error} onRetry={() => void apiUsers.refetch()} emptyText={t('noUsers')} />
        {selected && <KeysOfUser user={selected} />}
      </Stack>
    </>
  );
}

function KeysOfUser({ user }: { user: User }) {
  const { t } = useTranslation('apiKeys');
  const { dateTime } = useCalendar();
  const [state, setState] = useState<PageState>({ page: 1, pageSize: 10 });
  const keys = useApiKeys({ userId: user.id, page: state.page, pageSize: state.pageSize });
  const revoke = useRevokeApiKey();
  const [issuing, setIssuing] = useState(false);
  const askRevoke = (k: ApiKey) =>
    confirmAction({
      title: t('revoke.title'),
      text: t('revoke.text', { name: k.name }),
      confirmLabel: t('revoke.confirm'),
      onConfirm: () => revoke.mutate(k.id, { onSuccess: () => notify({ color: 'teal', message: t('revoke.done') }), onError: (err) => notify({ color: 'red', message: err instanceof ApiError ? err.message : t('errors.failed') }) }),
    });
  const columns: Column<ApiKey>[] = [
    { header: t('fields.name'), render: (k) => k.name },
    { header: t('fields.prefix'), render: (k) => <Text size="sm" ff="monospace">{k.prefix}…</Text> },
    { header: t('fields.access'), render: (k) => t(`access.${k.access}`) },
    { header: t('fields.limit'), render: (k) => t('fields.perMinute', { count: k.rateLimitPerMinute }) },
    { header: t('fields.lastUsed'), render: (k) => (k.lastUsedAt ? dateTime(k.lastUsedAt) : t('never')) },
    { header: t('fields.state'), render: (k) => (k.revokedAt ? <Badge color="red" variant="light">{t('revoked')}</Badge> : <Badge color="teal" variant="light">{t('active')}</Badge>) },
    {
      header: t('fields.actions'),
      render: (k) =>
        k.revokedAt ? null : (
          <ActionIcon variant="subtle" color="red.8" aria-label={t('revoke.label', { name: k.name })} onClick={() => askRevoke(k)} data-testid="api-key-revoke">
            <IconKeyOff size={16} />
          </ActionIcon>
        ),
    },
  ];
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3}>{t('keysOf', { name: `${user.firstName} ${user.lastName}` })}</Title>
          <Button leftSection={<IconKey size={16} aria-hidden />} onClick={() => setIssuing(true)} data-testid="api-key-issue">
            {t('issue.action')}
          </Button>
        </Group>
        <ServerTable caption={t('keysCaption')} columns={columns} rows={keys.data?.items} total={keys.data?.total} state={state} onChange={setState} rowKey={(k) => k.id} rowProps={() => ({ 'data-testid': 'api-key-row' })} loading={keys.isFetching} error={keys.error} onRetry={() => void keys.refetch()} emptyText={t('noKeys')} />
      </Stack>
      <Modal opened={issuing} onClose={() => setIssuing(false)} title={t('issue.title')} size="lg" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
        {issuing && <IssueKey userId={user.id} onClose={() => setIssuing(false)} />}
      </Modal>
    </Paper>
  );
}

function IssueKey({ userId, onClose }: { userId: number; onClose: () => void }) {
  const { t } = useTranslation('apiKeys');
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [access, setAccess] = useState<'read' | 'ingest'>('read');
  const [limit, setLimit] = useState(120);
  const [key, setKey] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (key) {
    return (
      <Stack gap="md" data-testid="api-key-shown">
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('issue.onceTitle')} role="alert">
          {t('issue.onceText')}
        </Alert>
        <Group gap="xs" wrap="nowrap">
          <Code block style={{ flex: 1, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} data-testid="api-key-value">
            {key}
          </Code>
          <CopyButton value={key} timeout={2000}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('issue.copied') : t('issue.copy')} withArrow>
                <ActionIcon variant={copied ? 'filled' : 'light'} color={copied ? 'teal' : 'blue'} size="lg" onClick={copy} aria-label={t('issue.copy')}>
                  {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <Text size="sm" c="dimmed">{t('issue.usage')}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('issue.done')}</Button>
        </Group>
      </Stack>
    );
  }
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        create.mutate({ userId, name: name.trim(), access, rateLimitPerMinute: limit }, { onSuccess: (r) => setKey(r.key), onError: (err) => setError(err instanceof ApiError ? err.message : t('errors.failed')) });
      }}
    >
      <Stack gap="md">
        {error && <Alert color="red" role="alert">{error}</Alert>}
        <TextInput label={t('fields.name')} description={t('issue.nameHelp')} required maxLength={100} value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="api-key-name" />
        <Stack gap={4}>
          <Text size="sm" fw={500}>{t('fields.access')}</Text>
          <SegmentedControl aria-label={t('fields.access')} value={access} onChange={(v) => setAccess(v as 'read' | 'ingest')} data={[{ value: 'read', label: t('access.read') }, { value: 'ingest', label: t('access.ingest') }]} />
        </Stack>
        <NumberInput label={t('fields.limit')} min={1} max={10000} allowDecimal={false} value={limit} onChange={(n) => setLimit(Number(n) || 1)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button type="submit" loading={create.isPending} disabled={!name.trim()} data-testid="api-key-create">{t('issue.submit')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
