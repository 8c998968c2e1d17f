import { Avatar, Box, Group, Menu, UnstyledButton, Text } from '@mantine/core';
import { IconChevronDown, IconKey, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifications } from '@mantine/notifications';
import { auth as authApi } from '@vigil/contract';
import { call } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { useSaveMyLanguage } from '../../features/profile/api/profile';
import { NotificationBell } from '../../features/monitoring';
import { MessagesButton } from '../../features/chat';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { ModeSwitch } from './ModeSwitch';
import { OfficeSwitcher } from './OfficeSwitcher';

/** Office switcher (office admins, doctors, nurses, caregivers) and the RPM / CCM mode switch (spec section 4; both in the navigation drawer on a phone), language switch and user menu. */
export function HeaderBar() {
  const { t } = useTranslation();
  const { user, logout, updateUser } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const saveLanguage = useSaveMyLanguage();
  if (!user) { return null; }

  const signOut = async () => {
    await call(authApi.signOut).catch(() => undefined);
    logout({ onPurpose: true });
    queryClient.clear();
    notifications.clean();
    void navigate('/auth/login', { replace: true });
  };

  return (
    <Group gap="sm" wrap="nowrap">
      <Box visibleFrom="sm">
        <OfficeSwitcher />
      </Box>
      <Box visibleFrom="sm">
        <ModeSwitch />
      </Box>
      <MessagesButton />
      <NotificationBell />
      <LanguageSwitch
        onChanged={(lang) =>
          // on failure the cookie keeps the choice; the next save retries
          saveLanguage.mutate(lang, { onSuccess: ({ language }) => updateUser({ ...user, language }) })
        }
      />
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label={t('userMenu.open')}>
            <Group gap={6} wrap="nowrap">
              <Avatar size="sm" color="teal" radius="xl">
                {user.firstName.charAt(0)}
                {user.lastName.charAt(0)}
              </Avatar>
              <Text size="sm" visibleFrom="md">
                {user.firstName} {user.lastName}
              </Text>
              <IconChevronDown size={14} aria-hidden />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconUserCircle size={16} />} onClick={() => void navigate('/profile')}>
            {t('userMenu.profile')}
          </Menu.Item>
          <Menu.Item leftSection={<IconKey size={16} />} onClick={() => void navigate('/profile/password')}>
            {t('userMenu.password')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item leftSection={<IconLogout size={16} />} color="red" onClick={() => void signOut()}>
            {t('userMenu.signOut')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
