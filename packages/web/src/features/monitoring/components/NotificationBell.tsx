import { Suspense, useState } from 'react';
import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Center,
  Divider,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconBell, IconCheck, IconChecks } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { notificationFilterCases, type NotificationFilterCase, type NotificationMinimal } from '@vigil/contract';
import { useAuth } from '../../../lib/auth';
import { useCan } from '../../../lib/can';
import { useMarkAllRead, useMarkAsRead, useMyNotifications } from '../api/notifications';
import { useNotificationLiveUpdates } from '../api/live-updates';
import { messageIn } from '../format';
import { RelativeTime } from './RelativeTime';
import { SeverityBadge } from './SeverityBadge';

const BELL_PAGE_SIZE = 20;

/**
 * The header's notification bell (spec section 2): the unread count on the button, and a list
 * of the user's notifications (TODAY by default, spec section 9) with mark one / mark all read; an
 * alert opens its patient. It also keeps the notification lists live from the real-time socket.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const allowed = useCan('notifications.read');
  useNotificationLiveUpdates();
  if (!allowed) { return null; }
  return (
    <Suspense
      fallback={
        <ActionIcon variant="subtle" color="gray.8" size="lg" disabled aria-label={t('nav.notifications')}>
          <IconBell size={20} aria-hidden />
        </ActionIcon>
      }
    >
      <Bell />
    </Suspense>
  );
}

function Bell() {
  const { t } = useTranslation('monitoring');
  const [opened, setOpened] = useState(false);
  const [filter, setFilter] = useState<NotificationFilterCase>('TODAY');
  // The count comes from the TODAY list, which stays cached and live even while the bell is closed.
  const today = useMyNotifications({ filtercase: 'TODAY', page: 1, pageSize: BELL_PAGE_SIZE });
  const unread = today.data?.unreadCount ?? 0;
  const label = unread > 0 ? t('bell.labelUnread', { count: unread }) : t('bell.label');

  return (
    <Indicator label={unread > 99 ? '99+' : unread} size={18} color="red.9" offset={6} disabled={unread === 0} zIndex={2}>
      <Popover opened={opened} onChange={setOpened} position="bottom-end" width={400} shadow="md" withinPortal trapFocus returnFocus>
        <Popover.Target>
          <ActionIcon variant="subtle" color="gray.8" size="lg" aria-label={label} onClick={() => setOpened((o) => !o)} data-testid="notification-bell">
            <IconBell size={20} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0} aria-label={t('bell.title')}>
          {opened && <BellPanel filter={filter} onFilter={setFilter} onClose={() => setOpened(false)} unread={unread} />}
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}

function BellPanel({ filter, onFilter, onClose, unread }: { filter: NotificationFilterCase; onFilter: (f: NotificationFilterCase) => void; onClose: () => void; unread: number }) {
  const { t } = useTranslation('monitoring');
  const { user } = useAuth();
  const list = useMyNotifications({ filtercase: filter, page: 1, pageSize: BELL_PAGE_SIZE });
  const markAll = useMarkAllRead();
  const items = list.data?.items ?? [];

  return (
    <Stack gap={0}>
      <Group justify="space-between" px="sm" pt="sm" pb="xs" wrap="nowrap">
        <Text fw={600} component="h2" fz="md" m={0}>
          {t('bell.title')}
        </Text>
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconChecks size={16} aria-hidden />}
          disabled={unread === 0 || !user}
          loading={markAll.isPending}
          onClick={() => user && markAll.mutate(user.id)}
          data-testid="mark-all-read"
        >
          {t('bell.markAllRead')}
        </Button>
      </Group>
      <Box px="sm" pb="xs">
        <SegmentedControl
          size="xs"
          fullWidth
          aria-label={t('filters.period')}
          value={filter}
          onChange={(v) => onFilter(v as NotificationFilterCase)}
          data={notificationFilterCases.map((f) => ({ value: f, label: t(`period.${f}`) }))}
        />
      </Box>
      <Divider />
      <ScrollArea.Autosize mah={420} type="auto">
        {list.isLoading ? (
          <Center py="lg">
            <Loader size="sm" aria-label={t('common:list.loading')} />
          </Center>
        ) : items.length === 0 ? (
          <Text c="dimmed" size="sm" ta="center" py="lg" px="sm">
            {t('bell.empty')}
          </Text>
        ) : (
          <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('bell.title')}>
            {items.map((n) => (
              <BellItem key={n.notificationId} n={n} onClose={onClose} />
            ))}
          </Stack>
        )}
      </ScrollArea.Autosize>
      <Divider />
      <Group justify="center" py="xs">
        <Anchor component={Link} to="/monitoring" size="sm" onClick={onClose}>
          {t('bell.openWorklist')}
        </Anchor>
      </Group>
    </Stack>
  );
}

function BellItem({ n, onClose }: { n: NotificationMinimal; onClose: () => void }) {
  const { t, i18n } = useTranslation('monitoring');
  const navigate = useNavigate();
  const markRead = useMarkAsRead();
  const message = messageIn(n, i18n.language);
  const isAlert = n.severity > 0 || n.relatedPatientId !== null;

  const open = () => {
    if (!n.isRead) { markRead.mutate(n.notificationId); }
    if (n.relatedPatientId !== null) {
      onClose();
      void navigate(`/patientdetails/${n.relatedPatientId}`);
    }
  };

  return (
    <Box
      component="li"
      px="sm"
      py="xs"
      bg={n.isRead ? undefined : 'var(--mantine-color-blue-0)'}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      data-testid="bell-item"
      data-unread={n.isRead ? 'false' : 'true'}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <UnstyledButton onClick={open} style={{ flex: 1, minWidth: 0 }} aria-label={n.relatedPatientId !== null ? t('bell.openPatient', { message }) : undefined}>
          <Stack gap={4}>
            <Group gap={6} wrap="nowrap">
              {isAlert && <SeverityBadge severity={n.severity} size="sm" />}
              {!n.isRead && (
                <Text size="xs" fw={700} c="blue.9">
                  {t('bell.unread')}
                </Text>
              )}
            </Group>
            <Text size="sm" fw={n.isRead ? 400 : 600} lineClamp={3}>
              {message}
            </Text>
            <Group gap={6} wrap="nowrap">
              {n.FromUserFullname && (
                <Text size="xs" c="dimmed">
                  {n.FromUserFullname} ·
                </Text>
              )}
              <RelativeTime value={n.timestamp} plain size="xs" c="dimmed" />
            </Group>
          </Stack>
        </UnstyledButton>
        {!n.isRead && (
          <ActionIcon variant="subtle" color="gray.8" size="sm" aria-label={t('bell.markRead')} onClick={() => markRead.mutate(n.notificationId)} data-testid="mark-read">
            <IconCheck size={16} aria-hidden />
          </ActionIcon>
        )}
      </Group>
    </Box>
  );
}
