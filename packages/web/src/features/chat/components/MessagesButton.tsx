import { Suspense, useState } from 'react';
import { ActionIcon, Drawer, Indicator } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/can';
import { useChatLiveUpdates, useConversations } from '../api/chat';
import { MessagesPanel } from './MessagesPanel';

/**
 * The header's messages button, on every signed-in page: the unread chat count as a badge, and the
 * messages panel in a drawer. It also keeps the chat live from the real-time socket.
 */
export function MessagesButton() {
  const { t } = useTranslation();
  const allowed = useCan('notifications.read');
  if (!allowed) { return null; }
  return (
    <Suspense
      fallback={
        <ActionIcon variant="subtle" color="gray.8" size="lg" disabled aria-label={t('nav.messages')}>
          <IconMessages size={20} aria-hidden />
        </ActionIcon>
      }
    >
      <Messages />
    </Suspense>
  );
}

function Messages() {
  const { t } = useTranslation('chat');
  const [opened, setOpened] = useState(false);
  useChatLiveUpdates();
  const list = useConversations();
  const unread = list.data?.unreadTotal ?? 0;
  return (
    <>
      <Indicator label={unread > 99 ? '99+' : unread} size={18} color="red.9" offset={6} disabled={unread === 0} zIndex={2} data-testid="messages-unread">
        <ActionIcon
          variant="subtle"
          color="gray.8"
          size="lg"
          aria-label={unread > 0 ? t('button.labelUnread', { count: unread }) : t('button.label')}
          onClick={() => setOpened(true)}
          data-testid="messages-button"
        >
          <IconMessages size={20} aria-hidden />
        </ActionIcon>
      </Indicator>
      <Drawer opened={opened} onClose={() => setOpened(false)} title={t('panel.title')} position="right" size="md" closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
        <Suspense fallback={null}>{opened && <MessagesPanel />}</Suspense>
      </Drawer>
    </>
  );
}
