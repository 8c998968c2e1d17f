import { useState } from 'react';
import { Badge, Box, Button, Card, FileButton, Grid, Group, SegmentedControl, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconLifebuoy, IconPaperclip, IconPlus, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SUPPORT_MESSAGE_MAX, SUPPORT_SUBJECT_MAX, supportStatuses, type SupportStatus, type SupportThread } from '@vigil/contract';
import { EmptyState } from '../../../components/EmptyState';
import { askDiscard, FormModal } from '../../../components/FormModal';
import { PageHeader } from '../../../components/PageHeader';
import { SearchInput } from '../../../components/SearchInput';
import { ServerTable, type Column, type PageState } from '../../../components/ServerTable';
import { useCan } from '../../../lib/can';
import { useCalendar } from '../../../lib/calendar';
import { useSelectedOffice } from '../../../lib/office';
import { downloadSupportFile, useAddSupportFile, useCreateSupportMessage, useCreateSupportThreadWithFile, useSetSupportStatus, useSupportThread, useSupportThreads } from '../api/support';

const STATUS_COLOR: Record<SupportStatus, string> = { open: 'blue.9', in_progress: 'orange.9', resolved: 'teal.9' };

function StatusBadge({ status }: { status: SupportStatus }) {
  const { t } = useTranslation('support');
  return (
    <Badge color={STATUS_COLOR[status]} variant="outline" style={{ minWidth: 'max-content' }} data-testid="support-status">
      {t(`status.${status}`)}
    </Badge>
  );
}

const sizeOf = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);
const ACCEPT = 'application/pdf,image/png,image/jpeg,text/plain,text/csv,.csv,.txt';

/**
 * /support (spec section 7 "Support"; docs/support.md): the support threads (a clinic user's own,
 * every thread for a system admin) with status filter and search, the open thread's conversation
 * and files, replies, attachments and, for a system admin, the thread's status.
 */
export default function SupportPage() {
  const { t } = useTranslation('support');
  const { dateTime } = useCalendar();
  const [state, setState] = useState<PageState>({ page: 1, pageSize: 25 });
  const [status, setStatus] = useState<SupportStatus | 'all'>('all');
  const [openId, setOpenId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const threads = useSupportThreads({ page: state.page, pageSize: state.pageSize, status: status === 'all' ? undefined : status, search: state.search });

  const columns: Column<SupportThread>[] = [
    { header: t('list.subject'), render: (r) => <Text size="sm" fw={500}>{r.subject}</Text> },
    { header: t('list.author'), render: (r) => <Text size="sm">{r.createdByFullname}</Text> },
    { header: t('list.status'), render: (r) => <StatusBadge status={r.status} /> },
    { header: t('list.lastActivity'), render: (r) => <Text size="sm">{dateTime(r.lastMessageAt)}</Text> },
  ];

  return (
    <Stack gap="md">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)} data-testid="support-new">
            {t('new.open')}
          </Button>
        }
      />
      <Grid>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Stack gap="sm">
            <Group gap="sm" wrap="wrap">
              <SegmentedControl
                aria-label={t('list.filter')}
                value={status}
                onChange={(v) => {
                  setStatus(v as SupportStatus | 'all');
                  setState({ ...state, page: 1 });
                }}
                data={[{ value: 'all', label: t('status.all') }, ...supportStatuses.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
              />
              <SearchInput value={state.search ?? ''} onChange={(search) => setState({ ...state, page: 1, search })} label={t('list.search')} />
            </Group>
            <ServerTable
              caption={t('list.caption')}
              columns={columns}
              rows={threads.data?.items}
              total={threads.data?.total}
              state={state}
              onChange={setState}
              rowKey={(r) => r.supportMessageId}
              loading={threads.isLoading}
              error={threads.error}
              onRetry={() => void threads.refetch()}
              onRowClick={(r) => setOpenId(r.supportMessageId)}
              rowProps={(r) => ({ 'data-testid': 'support-thread-row', style: { cursor: 'pointer' }, bg: r.supportMessageId === openId ? 'var(--mantine-color-teal-0)' : undefined })}
              emptyText={t('list.empty')}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          {openId === null ? (
            <Card withBorder>
              <EmptyState text={t('thread.choose')} />
            </Card>
          ) : (
            <ThreadView id={openId} />
          )}
        </Grid.Col>
      </Grid>
      <NewThreadModal opened={creating} onClose={() => setCreating(false)} onCreated={(id) => setOpenId(id)} />
    </Stack>
  );
}

function ThreadView({ id }: { id: number }) {
  const { t } = useTranslation('support');
  const { dateTime } = useCalendar();
  const manage = useCan('support.manage');
  const thread = useSupportThread(id);
  const reply = useCreateSupportMessage();
  const setStatus = useSetSupportStatus();
  const addFile = useAddSupportFile();
  const [text, setText] = useState('');
  const d = thread.data;
  if (!d) { return null; }

  const attach = (file: File | null) => {
    if (!file) { return; }
    addFile.mutate(
      { threadId: id, file },
      { onError: (e) => notifications.show({ color: 'red', message: e.message }), onSuccess: () => notifications.show({ color: 'teal', message: t('files.added', { name: file.name }) }) },
    );
  };

  return (
    <Card withBorder data-testid="support-thread">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2}>
            <Text fw={700} component="h2" fz="lg" m={0}>
              {d.thread.subject}
            </Text>
            <Text size="xs" c="dimmed">
              {t('thread.openedBy', { name: d.thread.createdByFullname, date: dateTime(d.thread.createdAt) })}
              {d.thread.hospitalName ? ` · ${d.thread.hospitalName}` : ''}
            </Text>
          </Stack>
          {manage ? (
            <Select
              w={170}
              label={t('list.status')}
              data={supportStatuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
              value={d.thread.status}
              allowDeselect={false}
              onChange={(v) => v && setStatus.mutate({ supportMessageId: id, status: v as SupportStatus })}
              data-testid="support-set-status"
            />
          ) : (
            <StatusBadge status={d.thread.status} />
          )}
        </Group>
        <Stack gap="xs" component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('thread.messages')}>
          {d.messages.map((m) => (
            <Box key={m.id} component="li" p="xs" bg={m.fromSupport ? 'var(--mantine-color-blue-0)' : 'var(--mantine-color-gray-0)'} style={{ borderRadius: 8 }} data-testid="support-message">
              <Group gap={6}>
                <Text size="xs" fw={600}>
                  {m.fromUserFullname}
                </Text>
                {m.fromSupport && (
                  <Badge size="xs" variant="outline" color="blue.9">
                    {t('thread.support')}
                  </Badge>
                )}
                <Text size="xs" c="dimmed">
                  {dateTime(m.createdAt)}
                </Text>
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {m.message}
              </Text>
            </Box>
          ))}
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('files.title')}
          </Text>
          {d.files.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('files.none')}
            </Text>
          ) : (
            d.files.map((f) => (
              <Group key={f.id} gap="xs" wrap="nowrap" data-testid="support-file">
                <Button
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconDownload size={14} aria-hidden />}
                  onClick={() => void downloadSupportFile(f.id, f.fileName).catch((e: Error) => notifications.show({ color: 'red', message: e.message }))}
                  aria-label={t('files.download', { name: f.fileName })}
                >
                  {f.fileName}
                </Button>
                <Text size="xs" c="dimmed">
                  {sizeOf(f.sizeBytes)} · {f.uploadedByFullname} · {dateTime(f.createdAt)}
                </Text>
              </Group>
            ))
          )}
        </Stack>
        <Textarea
          label={t('thread.reply')}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={SUPPORT_MESSAGE_MAX}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          data-testid="support-reply"
        />
        <Group justify="space-between">
          <FileButton onChange={attach} accept={ACCEPT}>
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconPaperclip size={16} aria-hidden />} loading={addFile.isPending} data-testid="support-attach">
                {t('files.attach')}
              </Button>
            )}
          </FileButton>
          <Button
            leftSection={<IconSend size={16} aria-hidden />}
            disabled={text.trim() === ''}
            loading={reply.isPending}
            onClick={() => reply.mutate({ supportMessageId: id, message: text.trim() }, { onSuccess: () => setText(''), onError: (e) => notifications.show({ color: 'red', message: e.message }) })}
            data-testid="support-send"
          >
            {t('thread.send')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function NewThreadModal({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (id: number) => void }) {
  const { t } = useTranslation('support');
  const office = useSelectedOffice();
  const create = useCreateSupportMessage();
  const createWithFile = useCreateSupportThreadWithFile();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const dirty = subject.trim() !== '' || message.trim() !== '' || file !== null;

  const submit = () => {
    const done = (d: { thread: { supportMessageId: number } }) => {
      onCreated(d.thread.supportMessageId);
      setSubject('');
      setMessage('');
      setFile(null);
      setErrors({});
      onClose();
    };
    const fields = { subject: subject.trim(), message: message.trim(), hospitalId: office > 0 ? office : undefined };
    // With a file, one call: a refused file refuses the request and nothing is created (docs/support.md).
    if (file) {
      createWithFile.mutate(
        { ...fields, file },
        {
          onError: (e) => {
            setErrors(e.fieldErrors);
            if (Object.keys(e.fieldErrors).length === 0) { notifications.show({ color: 'red', message: e.message }); }
          },
          onSuccess: done,
        },
      );
      return;
    }
    create.mutate(fields, { onError: (e) => setErrors(e.fieldErrors), onSuccess: done });
  };

  return (
    <FormModal opened={opened} onClose={onClose} dirty={dirty} title={t('new.title')} size="lg">
      <Stack gap="sm">
        <TextInput label={t('new.subject')} required maxLength={SUPPORT_SUBJECT_MAX} value={subject} onChange={(e) => setSubject(e.currentTarget.value)} error={errors.subject} data-testid="support-subject" />
        <Textarea label={t('new.message')} required autosize minRows={4} maxLength={SUPPORT_MESSAGE_MAX} value={message} onChange={(e) => setMessage(e.currentTarget.value)} error={errors.message} data-testid="support-message-input" />
        <Group gap="sm">
          <FileButton onChange={setFile} accept={ACCEPT}>
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconPaperclip size={16} aria-hidden />} data-testid="support-new-attach">
                {t('files.attach')}
              </Button>
            )}
          </FileButton>
          <Text size="sm" c="dimmed">
            {file ? file.name : t('files.types')}
          </Text>
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => (dirty ? askDiscard(onClose) : onClose())}>
            {t('common:actions.cancel')}
          </Button>
          <Button leftSection={<IconLifebuoy size={16} aria-hidden />} loading={create.isPending || createWithFile.isPending} onClick={submit} data-testid="support-create">
            {t('new.submit')}
          </Button>
        </Group>
      </Stack>
    </FormModal>
  );
}
