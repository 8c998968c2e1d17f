import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ActionIcon, Badge, Box, Button, Center, Group, Loader, ScrollArea, Select, Stack, Text, Textarea, UnstyledButton } from '@mantine/core';
import { IconArrowLeft, IconCheck, IconChecks, IconClock, IconSend, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage, ChatMessagePage, Conversation } from '@vigil/contract';
import { EmptyState } from '../../../components/EmptyState';
import { useAuth } from '../../../lib/auth';
import { useCalendar } from '../../../lib/calendar';
import { useSelectedOffice } from '../../../lib/office';
import { useAllOfficeStaff } from '../../../lib/shared-reads';
import { useConversations, useDirectThread, useGroupThread, useMarkThreadRead, useSendDirectMessage, useSendTeamMessage } from '../api/chat';

/** An open conversation: a person (direct) or a medical team (group). */
export interface OpenConversation {
  kind: 'user' | 'team';
  id: number;
  title: string;
}

/**
 * The messages panel (reachable from every page through the header): the conversation list with
 * unread counts and a way to start one with a colleague of the selected office, then the thread
 * with its composer.
 */
export function MessagesPanel() {
  const [open, setOpen] = useState<OpenConversation | null>(null);
  return open ? <Thread conversation={open} onBack={() => setOpen(null)} /> : <ConversationList onOpen={setOpen} />;
}

function ConversationList({ onOpen }: { onOpen: (c: OpenConversation) => void }) {
  const { t } = useTranslation('chat');
  const list = useConversations();
  const items = list.data?.items ?? [];
  return (
    <Stack gap="sm">
      <NewConversation onOpen={onOpen} />
      {list.isLoading ? (
        <Center py="lg">
          <Loader size="sm" aria-label={t('common:list.loading')} />
        </Center>
      ) : items.length === 0 ? (
        <EmptyState text={t('list.empty')} />
      ) : (
        <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('list.label')}>
          {items.map((c) => (
            <ConversationItem key={`${c.kind}-${c.userId ?? c.medicalTeamId}`} c={c} onOpen={onOpen} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function ConversationItem({ c, onOpen }: { c: Conversation; onOpen: (c: OpenConversation) => void }) {
  const { t } = useTranslation('chat');
  const { dateTime } = useCalendar();
  const title = c.kind === 'team' ? t('list.teamOf', { name: c.title }) : c.title;
  return (
    <Box component="li" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }} data-testid="conversation">
      <UnstyledButton w="100%" px="xs" py="sm" onClick={() => onOpen({ kind: c.kind, id: (c.kind === 'team' ? c.medicalTeamId : c.userId)!, title })}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap={6} wrap="nowrap">
              {c.kind === 'team' && <IconUsersGroup size={16} aria-label={t('list.team')} />}
              <Text fw={c.unread > 0 ? 700 : 500} size="sm" truncate>
                {title}
              </Text>
            </Group>
            <Text size="xs" c="dimmed" truncate>
              {c.lastFromMe ? t('list.you', { message: c.lastMessage }) : c.lastMessage}
            </Text>
            <Text size="xs" c="dimmed">
              {dateTime(c.lastAt)}
            </Text>
          </Stack>
          {c.unread > 0 && (
            <Badge color="red.9" circle={c.unread < 10} aria-label={t('list.unread', { count: c.unread })} data-testid="conversation-unread">
              {c.unread}
            </Badge>
          )}
        </Group>
      </UnstyledButton>
    </Box>
  );
}

/** Starts a direct conversation with a colleague of the selected office (or the user's first office). */
function NewConversation({ onOpen }: { onOpen: (c: OpenConversation) => void }) {
  const { t } = useTranslation('chat');
  const { user } = useAuth();
  const selected = useSelectedOffice();
  const officeId = selected > 0 ? selected : (user?.hospitalsAssignedData[0]?.id ?? null);
  const staff = useAllOfficeStaff(officeId, {
    select: (list) => list.filter((u) => u.id !== user?.id && u.status === 1).map((u) => ({ value: String(u.id), label: `${u.firstName} ${u.lastName}` })),
  });
  return (
    <Select
      label={t('new.label')}
      placeholder={t('new.placeholder')}
      searchable
      data={staff.data ?? []}
      value={null}
      nothingFoundMessage={t('new.nothing')}
      disabled={officeId === null}
      onChange={(v) => {
        const found = staff.data?.find((o) => o.value === v);
        if (found) { onOpen({ kind: 'user', id: Number(found.value), title: found.label }); }
      }}
      data-testid="new-conversation"
    />
  );
}

/** A message typed here that the thread does not show yet: "sent" until the server answers, then "delivered". */
interface Pending {
  key: number;
  text: string;
  at: string;
  status: 'sent' | 'delivered' | 'failed';
  messageId?: number;
}

function Thread({ conversation, onBack }: { conversation: OpenConversation; onBack: () => void }) {
  const { t } = useTranslation('chat');
  const direct = useDirectThread(conversation.kind === 'user' ? conversation.id : null);
  const group = useGroupThread(conversation.kind === 'team' ? conversation.id : null);
  const thread = conversation.kind === 'user' ? direct : group;
  const sendDirect = useSendDirectMessage();
  const sendTeam = useSendTeamMessage();
  const markRead = useMarkThreadRead();
  const [pending, setPending] = useState<Pending[]>([]);
  const [text, setText] = useState('');
  const seq = useRef(0);
  const bottom = useRef<HTMLDivElement>(null);

  const page: ChatMessagePage | undefined = thread.data;
  // Opening (or receiving into) a thread reads it.
  useEffect(() => {
    void markRead(page);
  }, [page, markRead]);

  const shownIds = useMemo(() => new Set((page?.items ?? []).map((m) => m.messageId)), [page]);
  const visiblePending = pending.filter((p) => p.messageId === undefined || !shownIds.has(p.messageId));
  const messages = useMemo(() => [...(page?.items ?? [])].reverse(), [page]);

  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [messages.length, visiblePending.length]);

  const submit = () => {
    const body = text.trim();
    if (!body) { return; }
    const key = ++seq.current;
    setPending((p) => [...p, { key, text: body, at: new Date().toISOString(), status: 'sent' }]);
    setText('');
    const update = (patch: Partial<Pending>) => setPending((p) => p.map((x) => (x.key === key ? { ...x, ...patch } : x)));
    if (conversation.kind === 'user') {
      sendDirect.mutate({ userId: conversation.id, text: body }, { onSuccess: (n) => update({ status: 'delivered', messageId: n.notificationId }), onError: () => update({ status: 'failed' }) });
    } else {
      sendTeam.mutate(
        { medicalTeamId: conversation.id, text: body },
        { onSuccess: (r) => update({ status: 'delivered', messageId: r.notificationIds.length > 0 ? Math.min(...r.notificationIds) : -key }), onError: () => update({ status: 'failed' }) },
      );
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      submit();
    }
  };

  return (
    <Stack gap="sm" h="100%">
      <Group gap="xs" wrap="nowrap">
        <ActionIcon variant="subtle" color="gray.8" onClick={onBack} aria-label={t('thread.back')} data-testid="thread-back">
          <IconArrowLeft size={18} aria-hidden />
        </ActionIcon>
        <Text fw={600} component="h3" m={0} fz="md" truncate data-testid="thread-title">
          {conversation.title}
        </Text>
      </Group>
      <ScrollArea h="calc(100vh - 300px)" type="auto" offsetScrollbars>
        {thread.isLoading ? (
          <Center py="lg">
            <Loader size="sm" aria-label={t('common:list.loading')} />
          </Center>
        ) : messages.length === 0 && visiblePending.length === 0 ? (
          <EmptyState text={t('thread.empty')} />
        ) : (
          <Stack gap="xs" component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('thread.label')} aria-live="polite">
            {(page?.total ?? 0) > messages.length && (
              <Text size="xs" c="dimmed" ta="center">
                {t('thread.older', { count: (page?.total ?? 0) - messages.length })}
              </Text>
            )}
            {messages.map((m) => (
              <Bubble key={m.messageId} m={m} group={conversation.kind === 'team'} />
            ))}
            {visiblePending.map((p) => (
              <PendingBubble key={p.key} p={p} />
            ))}
          </Stack>
        )}
        <div ref={bottom} />
      </ScrollArea>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Textarea
          style={{ flex: 1 }}
          autosize
          minRows={1}
          maxRows={5}
          maxLength={1000}
          label={t('composer.label')}
          placeholder={t('composer.placeholder')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={onKeyDown}
          data-testid="composer"
        />
        <Button leftSection={<IconSend size={16} aria-hidden />} onClick={submit} disabled={text.trim() === ''} data-testid="send-message">
          {t('composer.send')}
        </Button>
      </Group>
    </Stack>
  );
}

function StatusMark({ status }: { status: 'sent' | 'delivered' | 'read' | 'failed' }) {
  const { t } = useTranslation('chat');
  const icon = status === 'sent' ? <IconClock size={12} aria-hidden /> : status === 'delivered' ? <IconCheck size={12} aria-hidden /> : status === 'read' ? <IconChecks size={12} aria-hidden /> : null;
  return (
    <Group gap={2} wrap="nowrap" data-testid="message-status" data-status={status}>
      {icon}
      <Text size="xs" c={status === 'failed' ? 'red.9' : status === 'read' ? 'blue.9' : 'dimmed'}>
        {t(`status.${status}`)}
      </Text>
    </Group>
  );
}

function Bubble({ m, group }: { m: ChatMessage; group: boolean }) {
  const { t } = useTranslation('chat');
  const { dateTime } = useCalendar();
  return (
    <Box
      component="li"
      data-testid="message"
      data-mine={m.mine ? 'true' : 'false'}
      style={{ alignSelf: m.mine ? 'flex-end' : 'flex-start', maxWidth: '85%' }}
    >
      <Box px="sm" py={6} bg={m.mine ? 'var(--mantine-color-teal-0)' : 'var(--mantine-color-gray-1)'} style={{ borderRadius: 12 }}>
        {!m.mine && (
          <Text size="xs" fw={600}>
            {m.fromUserFullname}
          </Text>
        )}
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {m.message}
        </Text>
      </Box>
      <Group gap={6} justify={m.mine ? 'flex-end' : 'flex-start'} wrap="nowrap">
        <Text size="xs" c="dimmed">
          {dateTime(m.timestamp)}
        </Text>
        {m.mine && <StatusMark status={m.status} />}
        {m.mine && group && m.recipients > 1 && (
          <Text size="xs" c="dimmed">
            {t('status.readBy', { count: m.readCount, total: m.recipients })}
          </Text>
        )}
      </Group>
    </Box>
  );
}

function PendingBubble({ p }: { p: Pending }) {
  const { dateTime } = useCalendar();
  return (
    <Box component="li" data-testid="message" data-mine="true" style={{ alignSelf: 'flex-end', maxWidth: '85%' }}>
      <Box px="sm" py={6} bg="var(--mantine-color-teal-0)" style={{ borderRadius: 12, opacity: p.status === 'sent' ? 0.7 : 1 }}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {p.text}
        </Text>
      </Box>
      <Group gap={6} justify="flex-end" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {dateTime(p.at)}
        </Text>
        <StatusMark status={p.status} />
      </Group>
    </Box>
  );
}
