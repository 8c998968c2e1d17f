import { Suspense } from 'react';
import { AppShell, Burger, Drawer, Group, Modal, NavLink, ScrollArea, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterLink, Outlet, useLocation } from 'react-router';
import { useAuth } from '../../lib/auth';
import type { RoleId } from '@vigil/contract';
import { homePathFor } from '../../lib/home';
import { RealtimeSocket } from '../../lib/use-realtime';
import { useUiState } from '../../lib/ui-state';
import { PageLoader } from '../page-loader';
import { navRoutesFor } from '../routes';
import { HeaderBar } from './HeaderBar';
import { ModeSwitch } from './ModeSwitch';
import { OfficeSwitcher } from './OfficeSwitcher';
import { Logo } from '../../components/Logo';
import { IncomingRing } from '../../features/appointments';

/** The signed-in frame: header (office switcher, mode switch, language, user menu; the two switchers in the navigation drawer on a phone), navigation (from app/routes.tsx), page, drawers. */
export function AppLayout() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [opened, { toggle, close }] = useDisclosure();
  const location = useLocation();
  const ui = useUiState();
  const items = navRoutesFor(user?.roleId as RoleId | undefined);

  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      {/* The first Tab stop of every signed-in page: past the header and the navigation to the page (docs/ui.md "Skip link"). */}
      <a
        className="vigil-skip-link"
        href="#main-content"
        data-testid="skip-link"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main-content')?.focus();
        }}
      >
        {t('nav.skipToContent')}
      </a>
      <RealtimeSocket />
      <IncomingRing />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('nav.toggle')} />
            <UnstyledButton component={RouterLink} to={homePathFor(user?.roleId)} aria-label="Vigil">
              <Logo />
            </UnstyledButton>
          </Group>
          <HeaderBar />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={t('nav.main')}>
        <Stack hiddenFrom="sm" mb="xs" gap="xs">
          <OfficeSwitcher fullWidth onSwitched={close} />
          <ModeSwitch phone />
        </Stack>
        <ScrollArea>
          {items.map((item) => (
            <NavLink
              key={item.path}
              component={RouterLink}
              to={item.path}
              label={t(item.nav.label)}
              leftSection={<item.nav.icon size={18} stroke={1.6} aria-hidden />}
              active={location.pathname === item.path || location.pathname.startsWith(`${item.path}/`)}
              onClick={close}
            />
          ))}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1} style={{ outline: 'none' }}>
        <VisuallyHidden>
          <Text>{t('app.name')}</Text>
        </VisuallyHidden>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
      <Drawer opened={ui.details.opened} onClose={() => ui.close('details')} title={ui.details.title} position="right" size="lg" closeButtonProps={{ 'aria-label': t('actions.close') }}>
        {ui.details.content}
      </Drawer>
      <Drawer opened={ui.update.opened} onClose={() => ui.close('update')} title={ui.update.title} position="right" size="lg" closeButtonProps={{ 'aria-label': t('actions.close') }}>
        {ui.update.content}
      </Drawer>
      <Modal opened={ui.review.opened} onClose={() => ui.close('review')} title={ui.review.title} size="lg" closeButtonProps={{ 'aria-label': t('actions.close') }}>
        {ui.review.content}
      </Modal>
    </AppShell>
  );
}
